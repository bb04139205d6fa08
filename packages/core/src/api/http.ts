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
}

export function readSessionFromMeta(doc: Document = document): SessionParams {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return {
    sessionName: meta('session-name') || 'sid',
    sessionId: meta('session-id'),
    csrfParam: meta('csrf-param') || '_csrf',
    csrfToken: meta('csrf-token'),
    baseUrl: '',
  };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
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

  /** Appends the session parameter to a site URL (links, redirects, buy buttons). */
  withSession(path: string): string {
    if (!this.session.sessionId) return this.session.baseUrl + path;
    const sep = path.includes('?') ? '&' : '?';
    return `${this.session.baseUrl}${path}${sep}${encodeURIComponent(this.session.sessionName)}=${encodeURIComponent(this.session.sessionId)}`;
  }

  async get(path: string, query: Fields = {}): Promise<unknown> {
    const q = toSearch(query).toString();
    const url = this.withSession(q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path);
    return this.parse(await fetch(url, { credentials: this.credentials, headers: { accept: 'application/json' } }));
  }

  /** Form-encoded post, as the spec's calls send them (bracket names kept literally). */
  async postForm(path: string, fields: Fields = {}): Promise<unknown> {
    const body = toSearch({ ...fields, [this.session.csrfParam]: this.session.csrfToken });
    return this.parse(
      await fetch(this.withSession(path), {
        method: 'POST',
        credentials: this.credentials,
        headers: { accept: 'application/json', 'x-csrf-token': this.session.csrfToken },
        body,
      }),
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

  private async parse(res: Response): Promise<unknown> {
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
    if (res.status >= 500) throw new HttpError(res.status, body);
    return body;
  }
}
