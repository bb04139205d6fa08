/**
 * The widgets' transport. Every call carries the session parameter (so framed pages work where
 * third-party cookies are blocked) and, on posts, the CSRF token; both come from the page's
 * meta tags (session-name, session-id, csrf-param, csrf-token) or from mount options.
 */
export interface SessionParams {
  sessionName: string;
  sessionId: string;
  csrfParam: string;
  csrfToken: string;
  /** Origin of the ticket site; '' means the current origin. */
  baseUrl: string;
  /**
   * The site's language prefix ('en'; spec 2.1: when one is configured, paths become
   * /{langPrefix}/{path}), from the page's lang-prefix meta tag: every root-relative call and
   * link of the widgets gets it. Absent or '' when the site is served at the root.
   */
  langPrefix?: string;
}

/** `path` with the session's language prefix, unless it has it already or is not root-relative. */
export function prefixedPath(session: SessionParams, path: string): string {
  const prefix = session.langPrefix;
  if (!prefix || !path.startsWith('/') || path.startsWith('//')) return path;
  const head = `/${prefix}`;
  const next = path.charAt(head.length);
  if (path.startsWith(head) && (next === '' || next === '/' || next === '?' || next === '#')) return path;
  return `${head}${path}`;
}

/** One session object per page, shared by every widget that reads the meta tags. */
const pageSessions = new WeakMap<Document, SessionParams>();
const sessionPages = new WeakMap<SessionParams, Document>();

const metaOf = (doc: Document, name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);

/**
 * The page's session from its meta tags. Every widget of the page gets the same object, so when
 * the session changes (an order was placed, see Http.adoptSession) all of them follow.
 */
export function readSessionFromMeta(doc: Document = document): SessionParams {
  const known = pageSessions.get(doc);
  if (known) return known;
  const meta = (name: string) => metaOf(doc, name)?.content ?? '';
  const session = {
    sessionName: meta('session-name') || 'sid',
    sessionId: meta('session-id'),
    csrfParam: meta('csrf-param') || '_csrf',
    csrfToken: meta('csrf-token'),
    baseUrl: '',
    langPrefix: meta('lang-prefix'),
  };
  pageSessions.set(doc, session);
  sessionPages.set(session, doc);
  return session;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The answer's headers, for a refusal that says when to come back (a 429's Retry-After). */
    readonly headers?: Headers,
  ) {
    super(`HTTP ${status}`);
  }
}

export interface CallOptions {
  /**
   * The call passes the admission gate (decision 0018): a 429 answer (queued, or over a rate
   * limit) is thrown as an HttpError with the answer's status, body and headers instead of
   * returned, for the caller to wait its turn (store/admission-queue.ts).
   */
  admission?: boolean;
}

export type Fields = Record<string, string | number | boolean | null | undefined>;

function toSearch(fields: Fields): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) p.append(k, String(v));
  return p;
}

export class Http {
  constructor(readonly session: SessionParams) {}

  /**
   * Cookies go only to the page's own site. A widget on another origin (baseUrl) has the session
   * in its URLs; sending cookies there would need credentialed CORS, which the site never grants.
   */
  get credentials(): RequestCredentials {
    return this.session.baseUrl ? 'omit' : 'same-origin';
  }

  /**
   * The server gave the session a new id (it does when an order is placed, so that an id known
   * to someone else cannot follow the order): later calls, links and the page's meta tags use it.
   */
  adoptSession(next: { id: string; csrfToken: string }): void {
    this.session.sessionId = next.id;
    this.session.csrfToken = next.csrfToken;
    const doc = sessionPages.get(this.session);
    if (doc) {
      metaOf(doc, 'session-id')?.setAttribute('content', next.id);
      metaOf(doc, 'csrf-token')?.setAttribute('content', next.csrfToken);
    }
  }

  /** Appends the session parameter to a site URL (links, redirects, buy buttons). */
  withSession(site: string): string {
    const path = prefixedPath(this.session, site);
    if (!this.session.sessionId) return this.session.baseUrl + path;
    const sep = path.includes('?') ? '&' : '?';
    return `${this.session.baseUrl}${path}${sep}${encodeURIComponent(this.session.sessionName)}=${encodeURIComponent(this.session.sessionId)}`;
  }

  /**
   * GETs carry the CSRF header too: the spec has a few GETs that change the basket or send a
   * code (DeselectAll, order creation), and the server checks the token on those like on posts.
   */
  async get(path: string, query: Fields = {}): Promise<unknown> {
    const q = toSearch(query).toString();
    const url = this.withSession(q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path);
    return this.parse(
      await fetch(url, {
        credentials: this.credentials,
        headers: { accept: 'application/json', 'x-csrf-token': this.session.csrfToken },
      }),
    );
  }

  /** Form-encoded post, as the spec's calls send them (bracket names kept literally). */
  async postForm(path: string, fields: Fields = {}, options: CallOptions = {}): Promise<unknown> {
    const body = toSearch({ ...fields, [this.session.csrfParam]: this.session.csrfToken });
    return this.parse(
      await fetch(this.withSession(path), {
        method: 'POST',
        credentials: this.credentials,
        headers: { accept: 'application/json', 'x-csrf-token': this.session.csrfToken },
        body,
      }),
      options,
    );
  }

  async postJson(path: string, payload: unknown): Promise<unknown> {
    return this.parse(
      await fetch(this.withSession(path), {
        method: 'POST',
        credentials: this.credentials,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-csrf-token': this.session.csrfToken,
        },
        body: JSON.stringify(payload),
      }),
    );
  }

  private async parse(res: Response, options: CallOptions = {}): Promise<unknown> {
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    // 4xx answers carry the call's own shape with a message; callers read it.
    if (res.status >= 500 || (res.status === 429 && options.admission)) {
      throw new HttpError(res.status, body, res.headers);
    }
    return body;
  }
}
