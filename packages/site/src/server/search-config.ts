/**
 * The header search's configuration (site-browsing-account.md 2.2): which of the two suggestion
 * variants the site shows, SEARCH_SUGGESTIONS=grouped (the newer, default) or list (the older).
 */
import type { FastifyRequest } from '@partera/server';
import type { HeaderSearchChrome } from '../pages/chrome.js';

export function searchVariantOf(env: NodeJS.ProcessEnv = process.env): HeaderSearchChrome['variant'] {
  return env.SEARCH_SUGGESTIONS === 'list' ? 'list' : 'grouped';
}

/** What the header's search box shows: the variant, and on a results page its text. */
export function headerSearchOf(req: FastifyRequest, env: NodeJS.ProcessEnv = process.env): HeaderSearchChrome {
  const text = (req.query as Record<string, unknown>).text;
  return {
    variant: searchVariantOf(env),
    text: req.url.startsWith('/search/') && typeof text === 'string' ? text.slice(0, 100) : '',
  };
}
