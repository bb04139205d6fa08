/** @jsxRuntime automatic */
// The pragma on every server-rendered .tsx keeps the automatic JSX runtime when a runner does not
// read this package's tsconfig (`node --import tsx packages/site/src/main.ts` from the root).
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type LoadedAssets, pageAssets } from './assets.js';
import { renderDocument } from './document.js';
import { type HeadRequest, headTagsOf, type PageHead, SITE_NAME } from './seo-head.js';

/** The client entry (src/client/{entry}.ts[x]) a page loads. */
export type ClientEntry =
  | 'home'
  | 'show'
  | 'hall'
  | 'basket'
  | 'complete'
  | 'page'
  | 'account'
  | 'restore'
  | 'bank'
  | 'cabinet'
  | 'loyalty'
  | 'search'
  // Issue 13, T3: the schedule, the genre page, the per-city landing's list widgets.
  | 'schedule'
  | 'genre'
  | 'lists'
  // Issue 13, T4: the box offices' map page.
  | 'kassa';

export interface PageRender<D> {
  entry: ClientEntry;
  /** The page root; rendered with the same data on the client when `hydrate` is set. */
  Component: (props: { data: D }) => ReactElement;
  data: D;
  /** The client entry hydrates the root with the page data (interactive pages). */
  hydrate: boolean;
  title: string;
  description?: string;
  noindex?: boolean;
  /**
   * What the page says of itself to search engines and link previews (its city, own address,
   * picture); show and hall pages are described from their data when absent (seo-head.ts).
   */
  head?: PageHead;
  /** Core widget style sheets the page mounts (id as core's injectCss keys it). */
  widgetStyles?: { id: string; css: string }[];
  /**
   * The cached catalogue data the page shows (the page cache's object): while it lives, the
   * page's markup is kept for each header and footer (`chrome`) it was rendered with, so a page
   * seen again is not rendered again. Everything else in `data` must follow from it.
   */
  source?: { data: object; chrome: unknown };
}

export interface RenderContext {
  assets: LoadedAssets;
  session: { name: string; id: string; csrfParam: string; csrfToken: string };
  /** The page is framed by a partner (spec 4.13): the document is marked for the light layout. */
  lite?: boolean;
  /** The request's address and city, with the public hosts: the canonical address and previews. */
  request?: HeadRequest;
}

/** Renders a page to a whole HTML document. React escapes every text and attribute it writes. */
export function renderPage<D>(ctx: RenderContext, page: PageRender<D>): string {
  const { css, js, preload } = pageAssets(ctx.assets, page.entry);
  return renderDocument({
    title: page.title,
    head: headTagsOf(page, ctx.request),
    noindex: page.noindex,
    session: ctx.session,
    lite: ctx.lite ?? false,
    css,
    js,
    preload,
    widgetStyles: page.widgetStyles ?? [],
    body: pageBody(page),
    data: page.hydrate ? page.data : undefined,
  });
}

/** Markup kept per catalogue object and chrome; dropped with the object (a change, an expiry). */
const bodies = new WeakMap<object, Map<string, string>>();
const CHROMES_PER_SOURCE = 64;

function pageBody<D>(page: PageRender<D>): string {
  const { Component } = page;
  const render = () => renderToString(<Component data={page.data} />);
  if (!page.source) return render();
  let kept = bodies.get(page.source.data);
  if (!kept) {
    kept = new Map();
    bodies.set(page.source.data, kept);
  }
  const key = JSON.stringify(page.source.chrome);
  let body = kept.get(key);
  if (body === undefined) {
    body = render();
    if (kept.size >= CHROMES_PER_SOURCE) kept.clear();
    kept.set(key, body);
  }
  return body;
}

/** ' | Partera' after every page title. */
export const titled = (text: string) => `${text} | ${SITE_NAME}`;
