/** @jsxRuntime automatic */
// The pragma on every server-rendered .tsx keeps the automatic JSX runtime when a runner does not
// read this package's tsconfig (`node --import tsx packages/site/src/main.ts` from the root).
import { createHash } from 'node:crypto';
import { prefixHtml, SharedBody } from '@partera/server';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { VISITOR_SLOT } from '../pages/VisitorSlot.js';
import { type LoadedAssets, pageAssets } from './assets.js';
import { documentTail, sharedDocument } from './document.js';
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
  // the schedule, the genre page, the per-city landing's list widgets.
  | 'schedule'
  | 'genre'
  | 'lists'
  // the box offices' map page.
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
  /**
   * What the page shows this visitor alone (a queue position), as HTML. It stands where the
   * page's markup has VISITOR_SLOT; everything from the slot on goes with the visitor's tail, sent
   * as it is, so the rest of the page is rendered and compressed once like any kept page. A page
   * with it ends soon after the slot (what follows the slot is not compressed).
   */
  visitorHtml?: string;
}

export interface RenderContext {
  assets: LoadedAssets;
  session: { name: string; id: string; csrfParam: string; csrfToken: string };
  /** The page is framed by a partner (spec 4.13): the document is marked for the light layout. */
  lite?: boolean;
  /** The request's address and city, with the public hosts: the canonical address and previews. */
  request?: HeadRequest;
  /**
   * The language prefix ('en'; '' or absent without one). Spec 2.1: when it is configured, paths
   * become /{langPrefix}/{path}: every root-relative address the document carries gets it, and
   * the client code reads it from the lang-prefix meta tag (decision 0054).
   */
  langPrefix?: string;
}

/** A rendered document as kept: the shared part, and the markup after its visitor slot (or ''). */
interface Kept {
  body: SharedBody;
  rest: string;
}

/** A page to send: its shared part (compressed once while it is kept) and the visitor's tail. */
export interface RenderedPage {
  shared: SharedBody;
  tail: string;
}

/** A small part of a page (a visitor's own lines) as HTML, escaped by React. */
export function markupOf(element: ReactElement): string {
  return renderToString(element);
}

/** Renders a page to a whole HTML document. React escapes every text and attribute it writes. */
export function renderPage<D>(ctx: RenderContext, page: PageRender<D>): string {
  const { shared, tail } = renderPageParts(ctx, page);
  return shared.text + tail;
}

/**
 * Renders a page in its two parts (document.ts). A page with a `source` is rendered once per
 * header and footer, address and layout while its catalogue object lives: the same `SharedBody`
 * comes back, with its hash and compressed bytes, until a change drops the object.
 */
export function renderPageParts<D>(ctx: RenderContext, page: PageRender<D>): RenderedPage {
  const render = (): Kept => {
    const { css, js, preload } = pageAssets(ctx.assets, page.entry);
    const { Component } = page;
    const prefix = ctx.langPrefix ?? '';
    const document = sharedDocument({
      title: page.title,
      langPrefix: prefix,
      head: headTagsOf(page, ctx.request),
      noindex: page.noindex,
      lite: ctx.lite ?? false,
      css,
      js,
      preload,
      widgetStyles: page.widgetStyles ?? [],
      body: renderToString(<Component data={page.data} />),
      data: page.hydrate ? page.data : undefined,
    });
    const text = prefixHtml(prefix, document);
    const slot = text.indexOf(VISITOR_SLOT);
    if (slot < 0) return { body: new SharedBody(text), rest: '' };
    return { body: new SharedBody(text.slice(0, slot)), rest: text.slice(slot + VISITOR_SLOT.length) };
  };
  const store = keptStoreOf(ctx.assets);
  const kept = page.source ? bySource(store, page.source, ctx, render) : byContent(store, page, ctx, render);
  const visitor = prefixHtml(ctx.langPrefix ?? '', page.visitorHtml ?? '');
  return { shared: kept.body, tail: visitor + kept.rest + documentTail(ctx.session) };
}

/**
 * The documents kept for one set of client assets. A document names its scripts and styles, so
 * one rendered for another build (another site in the same process, a test's own manifest) is
 * never sent for this one; the language prefix is part of every key for the same reason.
 */
interface KeptStore {
  /** Documents kept per catalogue object and chrome; dropped with the object (a change, an expiry). */
  bySource: WeakMap<object, Map<string, Kept>>;
  /** Documents kept by what they show, least recently used first. */
  byContent: Map<string, Kept>;
  byContentBytes: number;
}

const keptStores = new WeakMap<LoadedAssets, KeptStore>();

function keptStoreOf(assets: LoadedAssets): KeptStore {
  let store = keptStores.get(assets);
  if (!store) {
    store = { bySource: new WeakMap(), byContent: new Map(), byContentBytes: 0 };
    keptStores.set(assets, store);
  }
  return store;
}

function bySource(
  store: KeptStore,
  source: NonNullable<PageRender<unknown>['source']>,
  ctx: RenderContext,
  render: () => Kept,
): Kept {
  let kept = store.bySource.get(source.data);
  if (!kept) {
    kept = new Map();
    store.bySource.set(source.data, kept);
  }
  const key = JSON.stringify([
    source.chrome,
    ctx.lite ?? false,
    ctx.request?.url,
    ctx.request?.city,
    ctx.langPrefix ?? '',
  ]);
  let page = kept.get(key);
  if (page === undefined) {
    page = render();
    if (kept.size >= CHROMES_PER_SOURCE) kept.clear();
    kept.set(key, page);
  }
  return page;
}

/**
 * Pages without a kept source are kept by what they show: the same component with the same data
 * (and address and layout) is the same document, so a page read again with nothing changed (every
 * new visitor's page of a list, a search, the box offices) is neither rendered nor compressed
 * again. Bounded by the documents' size, least recently used first out.
 */
const BY_CONTENT_MAX_BYTES = 32 * 1024 * 1024;
const componentIds = new WeakMap<object, number>();
let components = 0;

function byContent<D>(store: KeptStore, page: PageRender<D>, ctx: RenderContext, render: () => Kept): Kept {
  let component = componentIds.get(page.Component);
  if (component === undefined) {
    component = ++components;
    componentIds.set(page.Component, component);
  }
  const what = JSON.stringify([
    page.entry,
    page.hydrate,
    page.title,
    page.description,
    page.noindex,
    page.head,
    page.widgetStyles?.map((s) => s.id),
    page.data,
    ctx.lite ?? false,
    ctx.request?.url,
    ctx.request?.city,
    ctx.langPrefix ?? '',
  ]);
  const key = `${component} ${createHash('sha1').update(what).digest('base64url')}`;
  const kept = store.byContent.get(key);
  if (kept) {
    store.byContent.delete(key);
    store.byContent.set(key, kept);
    return kept;
  }
  const made = render();
  store.byContent.set(key, made);
  store.byContentBytes += made.body.bytes.length;
  for (const [oldKey, old] of store.byContent) {
    if (store.byContentBytes <= BY_CONTENT_MAX_BYTES) break;
    store.byContent.delete(oldKey);
    store.byContentBytes -= old.body.bytes.length;
  }
  return made;
}

const CHROMES_PER_SOURCE = 64;

/** ' | Partera' after every page title. */
export const titled = (text: string) => `${text} | ${SITE_NAME}`;
