/**
 * The language prefix on the client (spec 2.1: "When a language prefix is configured, paths become
 * /{langPrefix}/{path}"; decision 0054). The server names it in the lang-prefix meta tag and puts
 * it on every address the page's markup carries; the scripts put it on the addresses they write
 * themselves (their calls, the links they draw, where they send the browser) with sitePath.
 * Kept small: every page's first load carries it.
 */
const head = (doc: Document) => {
  const prefix = doc.querySelector<HTMLMetaElement>('meta[name="lang-prefix"]')?.content;
  return prefix ? `/${prefix}` : '';
};

/** Whether a root-relative path starts with the prefix ('/en', '/en/…', '/en?…', '/en#…'). */
const carries = (h: string, path: string) => path.startsWith(h) && /^([/?#]|$)/.test(path.slice(h.length));

/**
 * A root-relative address with the prefix in front. Absolute and relative addresses, '#…' and an
 * address that already carries the prefix (read from the page's markup) are left as they are.
 */
export function sitePath(path: string, doc: Document = document): string {
  const h = head(doc);
  return !h || path[0] !== '/' || path[1] === '/' || carries(h, path) ? path : h + path;
}

/** The page's own path without the prefix, as the site's routes name it ('/private/'). */
export function routePath(pathname: string, doc: Document = document): string {
  const h = head(doc);
  return h && carries(h, pathname) ? pathname.slice(h.length) || '/' : pathname;
}
