import type { HeadTags } from './seo-head.js';

/**
 * The HTML document around a server-rendered page: the head with the session meta tags of
 * decision 0001, the page's stylesheet and script, and the page data for hydration.
 */

export interface DocumentInput {
  title: string;
  /** Description, canonical address and OpenGraph tags (seo-head.ts). */
  head?: HeadTags;
  /** The buyer's session: the widgets read these meta tags (spec 2.1). */
  session: { name: string; id: string; csrfParam: string; csrfToken: string };
  /** Framed by a partner: the body is marked for the light layout and the embedding script. */
  lite?: boolean;
  css: string;
  /** The page's entry script, null when there is no client build. */
  js: string | null;
  preload: string[];
  /** Style sheets of the core widgets the page mounts, keyed as core's injectCss keys them. */
  widgetStyles: { id: string; css: string }[];
  /** Server-rendered markup of the page root. */
  body: string;
  /** Data the client needs to hydrate the root; omitted on pages that do not hydrate. */
  data?: unknown;
  /** noindex for private pages (basket, order). */
  noindex?: boolean;
  /** The language prefix ('en'), told to the client code by the lang-prefix meta tag; '' for none. */
  langPrefix?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);
}

/**
 * JSON for a <script type="application/json"> block: '<' is escaped so that no value can close
 * the script element or open a comment, and the two JavaScript-hostile line separators too.
 */
export function serializePageData(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const PAGE_DATA_ID = 'page-data';
export const ROOT_ID = 'root';

/** The description, the canonical link and the OpenGraph properties, each escaped. */
function headLines(head: HeadTags): string[] {
  const property = (name: string, content: string | undefined) =>
    content ? `<meta property="og:${name}" content="${escapeHtml(content)}">` : '';
  return [
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    property('type', head.og.type),
    property('site_name', head.og.siteName),
    property('locale', 'ru_RU'),
    property('title', head.og.title),
    property('description', head.og.description),
    property('url', head.og.url),
    property('image', head.og.image),
    // Decision 0048: the same picture for the previews that read the twitter: names.
    head.og.image ? '<meta name="twitter:card" content="summary_large_image">' : '',
    head.og.image ? `<meta name="twitter:image" content="${escapeHtml(head.og.image)}">` : '',
  ];
}

/**
 * The document in two parts: everything the page shows, the same for every visitor who sees this
 * page with this header and footer, and the visitor's own tail, the session meta tags (the
 * widgets read them wherever they stand; module scripts run once the document is parsed) and the
 * closing tags. The server compresses the shared part once per page and appends each tail as it
 * is (compression.ts, SharedBody).
 */
export function sharedDocument(input: Omit<DocumentInput, 'session'>): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title>`,
    ...(input.head ? headLines(input.head) : []),
    input.noindex ? meta('robots', 'noindex') : '',
    input.langPrefix ? meta('lang-prefix', input.langPrefix) : '',
    '<meta name="theme-color" content="#d6002a">',
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" href="${escapeHtml(input.css)}">`,
    ...input.widgetStyles.map(
      (s) => `<style data-pt-style="${escapeHtml(s.id)}">${s.css.replace(/<\//g, '<\\/')}</style>`,
    ),
    ...input.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    input.js ? `<script type="module" src="${escapeHtml(input.js)}"></script>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const data =
    input.data === undefined
      ? ''
      : `\n<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(input.data)}</script>`;
  return `<!doctype html>
<html lang="ru">
<head>
${head}
</head>
${input.lite ? '<body class="lite-layout" data-lite-layout="">' : '<body>'}
<div id="${ROOT_ID}">${input.body}</div>${data}
<button type="button" class="to-top" hidden aria-label="Наверх">↑</button>
`;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;

/** The visitor's tail of the document: the session meta tags of decision 0001, then the end. */
export function documentTail(session: DocumentInput['session']): string {
  return `${[
    meta('session-name', session.name),
    meta('session-id', session.id),
    meta('csrf-param', session.csrfParam),
    meta('csrf-token', session.csrfToken),
  ].join('\n')}
</body>
</html>
`;
}

export function renderDocument(input: DocumentInput): string {
  return sharedDocument(input) + documentTail(input.session);
}
