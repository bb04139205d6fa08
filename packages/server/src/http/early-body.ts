import type { IncomingMessage } from 'node:http';

/** The form content type, with or without parameters (the browsers' `;charset=UTF-8`). */
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** A hold attempt's form is a few short fields; anything longer takes Fastify's own way. */
const MAX_FORM_BYTES = 4096;

/**
 * The form of a request whose body has already arrived in full, read without taking it from the
 * request: the bytes go back into the stream at once, so Fastify's own body parsing finds them
 * as sent. Null (and the request untouched) whenever this is not plainly such a form: another
 * content type, a body still on its way or chunked, over 4 KB, or text whose reading could differ
 * from the form parser's (a repeated or empty name, a malformed escape, `__proto__`).
 *
 * Used before a hold attempt's body is parsed, so that the admission gate can answer a queued
 * buyer without the body-parsing pipeline (http/route.ts).
 */
export function peekForm(raw: IncomingMessage): Record<string, string> | null {
  const type = raw.headers['content-type'];
  if (type === undefined || !FORM_TYPE.test(type) || raw.headers['transfer-encoding'] !== undefined) return null;
  const length = Number(raw.headers['content-length']);
  // Every byte the head announced is here (the parser ends the message right after).
  if (!(length > 0 && length <= MAX_FORM_BYTES) || raw.readableLength !== length) return null;
  const bytes = raw.read() as Buffer | null;
  if (bytes === null) return null;
  raw.unshift(bytes);
  return parseForm(bytes.toString('utf8'));
}

/** `a=1&b=x+y` → { a: '1', b: 'x y' }; null when the text is not a plain form (see peekForm). */
export function parseForm(text: string): Record<string, string> | null {
  const form: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    if (!name || value === null || name === '__proto__' || Object.hasOwn(form, name)) return null;
    form[name] = value;
  }
  return form;
}

const ESCAPED = /[%+]/;
const PLUS = /\+/g;

function decode(text: string): string | null {
  if (!ESCAPED.test(text)) return text;
  try {
    return decodeURIComponent(text.replace(PLUS, ' '));
  } catch {
    return null;
  }
}
