import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The language prefix (spec 2.1: "When a language prefix is configured, paths become
 * /{langPrefix}/{path}"; decision 0054). The routes stay where they are: Fastify's rewriteUrl
 * takes the prefix off every address before routing, so a route, a page and its caches see the
 * same path with or without a prefix. What the server sends back gets the prefix put on: the
 * Location of every redirect here, the root-relative addresses of HTML answers (prefixHtml) and
 * the site's pages where they are rendered (the site package calls prefixHtml once per kept
 * document). An address without the prefix is sent to the same address with it (308, which keeps
 * the method and the body), except robots.txt, which crawlers read only at the root.
 */

/** The prefix as configured ('en', '/en/' alike), checked: letters, digits and '-' only. */
export function normalizeLangPrefix(raw: string | undefined): string {
  const prefix = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9-]+$/.test(prefix)) {
    throw new Error(`LANG_PREFIX must be letters, digits and '-', got '${raw}'`);
  }
  return prefix;
}

/** Addresses answered at the root whatever the prefix: crawlers look for robots.txt only there. */
const ROOT_ONLY = new Set(['/robots.txt']);
/**
 * Addresses answered at the root as well as under the prefix: the build's files (decision 0054,
 * one copy for every prefix), and the acquirers' and the pay partner's notifications, which are
 * posted server to server to the address the provider was given (urls.ts callbackPath): an
 * acquirer's client need not follow a redirect, and a notification it drops is a paid order
 * that never learns it was paid.
 */
const AT_ROOT_TOO = /^\/(assets\/|static\/|payment\/callback\/)/;

/** A root-relative address that stays at the root under a prefix (robots.txt, build files, payment notifications). */
export const staysAtRoot = (path: string) => ROOT_ONLY.has(path) || AT_ROOT_TOO.test(path);

const unprefixed = new WeakSet<IncomingMessage>();

/** `path` (root-relative) with the prefix; an address already carrying it, or '' prefix, as is. */
export function withLangPrefix(prefix: string, path: string): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//')) return path;
  if (carriesPrefix(prefix, path) || staysAtRoot(path.split('?')[0] ?? path)) return path;
  return `/${prefix}${path}`;
}

function carriesPrefix(prefix: string, url: string): boolean {
  const head = `/${prefix}`;
  if (!url.startsWith(head)) return false;
  const next = url.charAt(head.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

/** `url` (root-relative) without the prefix ('/{prefix}/x' → '/x', '/{prefix}' → '/'); null when it does not carry it. */
export function withoutLangPrefix(prefix: string, url: string): string | null {
  if (!prefix || !carriesPrefix(prefix, url)) return null;
  const rest = url.slice(prefix.length + 1);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/**
 * Fastify's rewriteUrl for a prefix: '/{prefix}/x' is routed as '/x' ('/{prefix}' as '/'); any
 * other address is routed as it is but marked, and the plugin below redirects it.
 */
export function langPrefixRewrite(prefix: string): ((req: IncomingMessage) => string) | undefined {
  if (!prefix) return undefined;
  return (req) => {
    const url = req.url ?? '/';
    const routed = withoutLangPrefix(prefix, url);
    if (routed === null) unprefixed.add(req);
    return routed ?? url;
  };
}

/**
 * Root-relative addresses in HTML attributes (href, action, src, formaction, poster, data-*)
 * with the prefix put on. Addresses already carrying it are left, so a document may pass twice;
 * so are the build's files (/assets/, /static/).
 */
export function prefixHtml(prefix: string, html: string): string {
  if (!prefix) return html;
  const attribute = new RegExp(
    `(\\s(?:href|action|src|formaction|poster|data-[a-z0-9-]+)=["'])/(?!/|assets/|static/|${prefix}(?:[/"'?#]))`,
    'g',
  );
  return html.replace(attribute, `$1/${prefix}/`);
}

export const langPrefixPlugin = fp<{ prefix: string }>(
  (async (app, opts) => {
    const { prefix } = opts;
    if (!prefix) return;
    app.addHook('onRequest', async (req, reply) => {
      if (!unprefixed.has(req.raw)) return;
      if (staysAtRoot(req.url.split('?')[0] ?? '/')) return;
      return reply.redirect(withLangPrefix(prefix, req.url), 308);
    });
    app.addHook('onSend', async (_req, reply, payload) => {
      const location = reply.getHeader('location');
      if (typeof location === 'string') reply.header('location', withLangPrefix(prefix, location));
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload === 'string' && type.startsWith('text/html')) return prefixHtml(prefix, payload);
      return payload;
    });
  }) as FastifyPluginAsync<{ prefix: string }>,
  { name: 'lang-prefix' },
);
