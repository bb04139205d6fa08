/**
 * Posting a form by script, as the site's own calls do: the session's CSRF token (from the page's
 * meta tag) as a header, the cookie along, the answer as JSON.
 */
import { sitePath } from './site-path.js';

function metaTag(doc: Document, name: string): HTMLMetaElement | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
}

/** A meta tag's content ('' when the page has none): the session's name, id and CSRF token. */
export function metaContent(doc: Document, name: string): string {
  return metaTag(doc, name)?.content ?? '';
}

/** After a sign-in moved the session: the page's later calls send the new CSRF token. */
export function updateCsrfToken(token: string | undefined, doc: Document = document): void {
  const meta = metaTag(doc, 'csrf-token');
  if (meta && token) meta.content = token;
}

/** Posts form fields with the page's CSRF token; the answer as it came (a network failure throws). */
export async function postFields(url: string, body: URLSearchParams | FormData): Promise<Response> {
  const params =
    body instanceof URLSearchParams ? body : new URLSearchParams(body as unknown as Record<string, string>);
  return fetch(sitePath(url), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-csrf-token': metaContent(document, 'csrf-token'),
    },
    body: params,
  });
}

export async function postForm<T>(url: string, body: URLSearchParams | FormData): Promise<T> {
  const res = await postFields(url, body);
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`HTTP ${res.status}`);
  }
}

/** Shows (or hides, for null) a form's message in its [data-form-error] element. */
export function showFormError(form: HTMLFormElement, message: string | null): void {
  const box = form.querySelector<HTMLElement>('[data-form-error]');
  if (!box) return;
  box.textContent = message ?? '';
  box.hidden = !message;
}

/** Marks the button busy while `run` goes on; a second submit meanwhile does nothing. */
export async function whileBusy(button: HTMLButtonElement | null, run: () => Promise<void>): Promise<void> {
  if (button?.getAttribute('aria-busy') === 'true') return;
  button?.setAttribute('aria-busy', 'true');
  try {
    await run();
  } finally {
    button?.removeAttribute('aria-busy');
  }
}
