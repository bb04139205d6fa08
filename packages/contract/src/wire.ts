/**
 * Building blocks for wire schemas. Values from a query string or a form arrive as strings,
 * JSON bodies carry real numbers and booleans: request fields accept both.
 */
import { z } from 'zod';

/** An integer, from a number or a numeric string. */
export const int = () => z.coerce.number().int();

/** A number (roubles may carry kopecks: 1500.5), from a number or a numeric string. */
export const num = () => z.coerce.number();

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no', '']);

/** A boolean from true/false, 1/0 or their string forms ('1', '0', 'true', 'false', 'on'). */
export const flag = () =>
  z.preprocess((v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (TRUE.has(s)) return true;
      if (FALSE.has(s)) return false;
    }
    if (v === 1) return true;
    if (v === 0) return false;
    return v;
  }, z.boolean());

/** A 0/1 switch the spec sends as a number (`isBooking: 1 | 0`, `similarCheck`). */
export const zeroOne = () => z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));

/** A JSON document sent as a string in a form field (`buttons`, `pushkinCardInfo`), or already parsed. */
export const jsonField = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, inner);

/** A list from a JSON array, a repeated form field, or a single value. */
export const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || Array.isArray(v)) return v;
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return [v];
  }, z.array(item));

/**
 * Session and CSRF parameters (decision 0001): every call may carry them, as a query
 * parameter or a body field; the server reads them, the schemas never fail on them.
 */
export const sessionShape = {
  sid: z.string().optional(),
  _csrf: z.string().optional(),
};

/**
 * A request schema: the merged input (path params + query + body). Loose, so that extra
 * fields the old client adds (hot, cookies, analytics) never fail validation.
 */
export const request = <S extends z.ZodRawShape>(shape: S) => z.looseObject({ ...sessionShape, ...shape });

/**
 * The request schema of a call whose server never reads the session (public files, links sent by
 * e-mail, the acquirer's pages and callbacks, development pages): loose like `request`, but the
 * session and CSRF parameters, being ignored, are not validated either.
 */
export const sessionFreeRequest = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

/** The answer of calls that return an HTML fragment or plain text. */
export const htmlAnswer = () => z.string();

/** Escapes text placed in an HTML failure answer. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The failure answer of HTML-fragment calls: the message in an error block. */
export const htmlFailure = (message: string): string => `<div class="error">${escapeHtml(message)}</div>`;

/** Roubles on the wire (decision 0001): a JSON number, 1500 or 1500.5. */
export const roubles = () => z.number();

/** A positive integer id (performance, section, place, order …); an empty form value fails. */
export const id = () => z.coerce.number().int().positive();

/**
 * For the few extension calls whose server answers a malformed request with an answer of its
 * own rather than the generic 400 (a file name that names nothing gets a 404, the sandbox bank
 * shows its "payment not found" page): any object the schema refuses parses as null, and the
 * handler gives that answer. Input that is not an object at all still fails.
 */
export const malformedAsNull = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.looseObject({}).transform(() => null)]);
