/**
 * The framed site's side of embedding (hall-basket-checkout.md 2.5, 4.13, 8.7). Every page runs
 * it; it does nothing on a page that is neither framed nor in the light layout.
 *
 * In a partner's frame: the page asks its parent for the partner hash ('giveMeHash', the legacy
 * handshake the loader answers with 'sendMyHash:{hash}'), has the server check the hash
 * (GET /spa-api/app/iframe-config/), checks that the answer came from one of that partner's
 * registered origins, and only then tells the parent 'showIframe' and opens the typed message API
 * (embed-channel.ts). Until then a connection screen covers the page; without an answer the page
 * reloads every 5 s and gives up at 20 s, reporting the failure to /uiperformancelog/.
 *
 * In the light layout but not framed (a link opened in a tab, a hash that does not match): the
 * page leaves the light layout, unless the URL carries an OAuth answer (state and code).
 */
import { CASHBACK_VALUE_PARAM, EMBED_COOKIES, type IframeConfig, type IframeSession } from '@partera/contract';
// The handshake's words and the screens' texts, from the loader's small copy of the contract's
// (the contract's message catalogue would triple every page's first load).
import { constants } from '@partera/loader';
import { metaContent } from './forms.js';
import { sitePath } from './site-path.js';

const {
  CONNECTION_FAILED_TEXT,
  connectingText,
  GIVE_ME_HASH,
  GIVE_UP_AFTER_MS,
  RECONNECTING_TEXT,
  RELOAD_AFTER_MS,
  redirectingText,
  SEND_MY_HASH,
  SHOW_IFRAME,
} = constants;

/** The loader's parameter with the partner hash on the frame's first page. */
export const IFRAME_HASH_PARAM = constants.HASH_PARAM;
/** Set on the reloads of a connection attempt: when the first attempt started (ms since the epoch). */
export const RETRY_PARAM = 'iframe_retry';
/** The connection screen appears only if the handshake takes longer: no flash on each page. */
export const SCREEN_DELAY_MS = 400;

const CONFIG_PATH = '/spa-api/app/iframe-config/';
const SESSION_PATH = '/spa-api/app/iframe-session/';
const REPORT_PATH = '/uiperformancelog/';

/** What the page learnt once its partner is confirmed: handed to the message channel. */
export interface ConfirmedParent {
  parent: Window;
  origin: string;
  hash: string;
  config: IframeConfig;
}

export interface EmbeddingOptions {
  win?: Window;
  /** Opens the message API once the parent is confirmed (lazy, so unframed pages never load it). */
  connect?: (confirmed: ConfirmedParent) => void;
}

interface Session {
  name: string;
  id: string;
}

/** The page's session as its meta tags say now (they change when the server rotates the session). */
const sessionOf = (doc: Document): Session => ({
  name: metaContent(doc, 'session-name') || 'sid',
  id: metaContent(doc, 'session-id'),
});

/**
 * A path of this site with the session parameter (and `extra`) set and the retry marker removed;
 * the loader's hash parameter too unless `keepHash` (a retry must still get the light layout).
 */
export function framedUrl(
  href: string,
  session: Session,
  extra: Record<string, string> = {},
  keepHash = false,
): string {
  const url = new URL(href);
  if (!keepHash) url.searchParams.delete(IFRAME_HASH_PARAM);
  url.searchParams.delete(RETRY_PARAM);
  if (session.id) url.searchParams.set(session.name, session.id);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** No session: the address itself, as the ordinary site (leaving the light layout) opens it. */
const NO_SESSION: Session = { name: '', id: '' };

function hasOAuthAnswer(url: URL): boolean {
  return url.searchParams.has('state') && url.searchParams.has('code');
}

/** The parent's host for the connection screen: Chromium tells ancestorOrigins, others the referrer. */
function parentHost(win: Window): string {
  const origin = win.location.ancestorOrigins?.[0] ?? win.document.referrer;
  try {
    return new URL(origin).host;
  } catch {
    return win.location.host;
  }
}

function isSameOriginParent(win: Window): boolean {
  try {
    return win.parent.location.origin === win.location.origin;
  } catch {
    return false;
  }
}

/** The connection screen over the page (spec 2.5); one at a time. */
function screen(doc: Document) {
  let node: HTMLElement | null = null;
  return {
    show(text: string, failed = false) {
      if (!node) {
        node = doc.createElement('div');
        node.setAttribute('role', 'status');
        node.setAttribute('aria-live', 'polite');
        doc.body.append(node);
      }
      node.className = failed ? 'embed-screen embed-screen--failed' : 'embed-screen';
      node.textContent = text;
    },
    hide() {
      node?.remove();
      node = null;
    },
  };
}

/** The CSRF token of the page's session: the server wants it for anything that changes the session. */
const csrfHeaders = (doc: Document) => ({ accept: 'application/json', 'x-csrf-token': metaContent(doc, 'csrf-token') });

async function getConfig(win: Window, session: Session, query: Record<string, string>): Promise<IframeConfig> {
  const params = new URLSearchParams(query);
  if (session.id) params.set(session.name, session.id);
  const res = await win.fetch(sitePath(`${CONFIG_PATH}?${params}`), {
    credentials: 'include',
    headers: csrfHeaders(win.document),
  });
  return (await res.json()) as IframeConfig;
}

/**
 * Tells the server the handshake succeeded: the hash came from the parent window at
 * `parentOrigin`. The server checks that origin against the partner's registration and marks the
 * session as framed; the first time, under a new session id, which the answer carries.
 */
async function confirmFrame(win: Window, session: Session, fields: Record<string, string>): Promise<IframeSession> {
  const params = new URLSearchParams(session.id ? { [session.name]: session.id } : {});
  const res = await win.fetch(sitePath(`${SESSION_PATH}?${params}`), {
    method: 'POST',
    credentials: 'include',
    headers: csrfHeaders(win.document),
    body: new URLSearchParams(fields),
  });
  return (await res.json()) as IframeSession;
}

/** Spec 4.13: the embedding cookies, written when the framed page's iframe-hash cookie differs. */
function writeCookies(win: Window, hash: string): void {
  const doc = win.document;
  const current = doc.cookie.split('; ').find((c) => c.startsWith(`${EMBED_COOKIES.iframeHash}=`));
  if (current === `${EMBED_COOKIES.iframeHash}=${encodeURIComponent(hash)}`) return;
  // Inside a partner's page only SameSite=None cookies can be written, and those must be Secure.
  const attributes = win.location.protocol === 'https:' ? '; path=/; SameSite=None; Secure' : '; path=/; SameSite=Lax';
  const start = `${win.location.pathname}${win.location.search}`;
  doc.cookie = `${EMBED_COOKIES.iframeHash}=${encodeURIComponent(hash)}${attributes}`;
  doc.cookie = `${EMBED_COOKIES.startUrl}=${encodeURIComponent(start)}${attributes}`;
}

/** Leaves the light layout (spec 4.13): 'Переадресация на {host}...', then the exit URL of the server. */
async function leaveLiteLayout(win: Window, session: Session): Promise<void> {
  screen(win.document).show(redirectingText(win.location.host));
  let exitUrl = '/';
  try {
    exitUrl = (await getConfig(win, session, { 'lite-layout-exit': '1' })).exitUrl ?? '/';
  } catch {
    // The server could not be asked: the home page is always a safe way out.
  }
  win.location.replace(framedUrl(new URL(exitUrl, win.location.href).href, NO_SESSION));
}

/**
 * Inside the frame every page of this site needs the session parameter (no cookies reach a
 * third-party frame): a link that lacks it (one a widget wrote, say) gets it as it is followed.
 */
function carrySession(win: Window): void {
  win.document.addEventListener(
    'click',
    (event) => {
      const session = sessionOf(win.document);
      if (!session.id) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.origin !== win.location.origin || link.target === '_blank') return;
      if (link.getAttribute('href')?.startsWith('#')) return;
      const url = new URL(link.href);
      if (url.searchParams.get(session.name) === session.id) return;
      url.searchParams.set(session.name, session.id);
      link.href = url.href;
    },
    true,
  );
}

/** Spec 8.7: a failed connection is reported to the performance log. */
function reportFailure(win: Window, message: string): void {
  const params = new URLSearchParams({ iframe_failure: '1', loc: win.location.href, iframe_msg: message });
  win.fetch(sitePath(`${REPORT_PATH}?${params}`), { credentials: 'include', keepalive: true }).catch(() => {});
}

export function startEmbedding(options: EmbeddingOptions = {}): void {
  const win = options.win ?? window;
  const doc = win.document;
  const lite = doc.body.hasAttribute('data-lite-layout');
  const url = new URL(win.location.href);
  const session = sessionOf(doc);

  if (win.parent === win) {
    if (lite && !hasOAuthAnswer(url)) void leaveLiteLayout(win, session);
    return;
  }
  // Our own pages framing ours (none today) are not a partner.
  if (isSameOriginParent(win)) return;

  const now = Date.now();
  const retryStarted = Number(url.searchParams.get(RETRY_PARAM));
  const startedAt = retryStarted > 0 && retryStarted <= now ? retryStarted : now;
  const retrying = startedAt !== now;
  const cover = screen(doc);
  const waitingText = retrying ? RECONNECTING_TEXT : connectingText(parentHost(win));
  let settled = false;

  const timers: number[] = [];
  const stopTimers = () => {
    for (const t of timers) win.clearTimeout(t);
  };
  if (retrying) cover.show(waitingText);
  else timers.push(win.setTimeout(() => cover.show(waitingText), SCREEN_DELAY_MS));

  const giveUpIn = startedAt + GIVE_UP_AFTER_MS - now;
  if (giveUpIn <= RELOAD_AFTER_MS) {
    timers.push(
      win.setTimeout(
        () => {
          if (settled) return;
          settled = true;
          stopTimers();
          cover.show(CONNECTION_FAILED_TEXT, true);
          reportFailure(win, `no answer from ${parentHost(win)} in ${GIVE_UP_AFTER_MS / 1000} s`);
        },
        Math.max(0, giveUpIn),
      ),
    );
  } else {
    timers.push(
      win.setTimeout(() => {
        if (settled) return;
        settled = true;
        win.location.replace(framedUrl(win.location.href, session, { [RETRY_PARAM]: String(startedAt) }, true));
      }, RELOAD_AFTER_MS),
    );
  }

  const onMessage = async (event: MessageEvent) => {
    // Only the parent window speaks the handshake; anything else is ignored.
    if (settled || event.source !== win.parent || typeof event.data !== 'string') return;
    if (!event.data.startsWith(SEND_MY_HASH)) return;
    settled = true;
    win.removeEventListener('message', onMessage);
    stopTimers();
    const hash = event.data.slice(SEND_MY_HASH.length);
    const cashback = url.searchParams.get(CASHBACK_VALUE_PARAM);
    // The frame URL's cashback, a whole percent, goes with both calls (the server caps it).
    const asked: Record<string, string> = cashback && /^\d{1,3}$/.test(cashback) ? { cashback_value: cashback } : {};
    let config: IframeConfig;
    try {
      config = await getConfig(win, session, {
        hash,
        ...asked,
      });
    } catch {
      cover.show(CONNECTION_FAILED_TEXT, true);
      reportFailure(win, 'iframe-config failed');
      return;
    }
    const trusted = config.hashMatches && config.partner?.origins.includes(event.origin) === true;
    if (!trusted) {
      // A page that is not the partner it claims to be: the site is never shown to it.
      cover.hide();
      if (lite && !hasOAuthAnswer(url)) void leaveLiteLayout(win, session);
      return;
    }
    let mark: IframeSession;
    try {
      mark = await confirmFrame(win, session, {
        hash,
        parentOrigin: event.origin,
        start_url: `${url.pathname}${url.search}`,
        ...asked,
      });
    } catch {
      mark = { error: 1, session: null };
    }
    if (mark.error !== 0 || !mark.session) {
      cover.show(CONNECTION_FAILED_TEXT, true);
      reportFailure(win, `iframe-session refused: ${mark.message ?? 'no answer'}`);
      return;
    }
    const framed: Session = { name: mark.session.name, id: mark.session.id };
    writeCookies(win, hash);
    win.addEventListener('focus', () => writeCookies(win, hash));
    carrySession(win);
    if (!lite || mark.rotated) {
      // The session has just been marked as framed (under a new id the first time): its pages now
      // come in the light layout, with the session in their URLs.
      win.location.replace(framedUrl(win.location.href, framed));
      return;
    }
    if (url.searchParams.has(RETRY_PARAM) || url.searchParams.has(IFRAME_HASH_PARAM)) {
      win.history.replaceState(win.history.state, '', framedUrl(win.location.href, framed));
    }
    cover.hide();
    win.parent.postMessage(SHOW_IFRAME, event.origin);
    options.connect?.({ parent: win.parent, origin: event.origin, hash, config });
  };
  win.addEventListener('message', onMessage);
  // Nothing secret: the hash question goes to whichever page frames us, as the legacy protocol does.
  win.parent.postMessage(GIVE_ME_HASH, '*');
}
