/**
 * Building blocks for wire schemas. Values from a query string or a form arrive as strings,
 * JSON bodies carry real numbers and booleans: request fields accept both.
 */
import { z } from 'zod';

/**
 * The largest value of the database's integer columns (2³¹ − 1). Every id, count and other
 * number a request carries stays within the integer range (−MAX_INT − 1 to MAX_INT), so nothing
 * a caller sends can overflow a column or a query parameter: a value outside it is the call's
 * own 400, never a database error.
 */
export const MAX_INT = 2_147_483_647;
const MIN_INT = -MAX_INT - 1;

const NOT_AN_ID = `ожидается идентификатор: целое число от 1 до ${MAX_INT}`;
const NOT_AN_INTEGER = `ожидается целое число от ${MIN_INT} до ${MAX_INT}`;
const NOT_A_NUMBER = `ожидается число от ${MIN_INT} до ${MAX_INT}`;

/** An integer, from a number or a numeric string, within the database's integer range. */
export const int = () =>
  z.coerce.number(NOT_AN_INTEGER).int(NOT_AN_INTEGER).min(MIN_INT, NOT_AN_INTEGER).max(MAX_INT, NOT_AN_INTEGER);

/**
 * A number (roubles may carry kopecks: 1500.5), from a number or a numeric string; finite and
 * within the integer range like every number a request carries.
 */
export const num = () => z.coerce.number(NOT_A_NUMBER).min(MIN_INT, NOT_A_NUMBER).max(MAX_INT, NOT_A_NUMBER);

/**
 * Maximum lengths of text fields, in UTF-16 code units (what `string.length` counts). One table,
 * so that a field of one kind has the same limit in every call.
 */
export const TEXT_MAX = {
  /** An e-mail address: RFC 5321 caps a path at 256 octets, so an address at 254. */
  email: 254,
  /** A phone number as typed, with spaces, brackets and a plus (E.164 itself has 15 digits). */
  phone: 32,
  /** A person's first name, surname or patronymic; a country, city or other short label. */
  name: 100,
  /**
   * Short machine-readable values and short queries: codes, tokens, passwords, card and promo
   * numbers, hashes, session ids, slugs, dates, filter keys, search text.
   */
  code: 200,
  /** A URL or a path. */
  url: 2048,
  /** Free text a person writes: a review, an address, a request, a report. */
  text: 4000,
} as const;

const CONTROL_CHARACTER = /\p{Cc}/u;
/** Control characters other than tab, line feed and carriage return. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const TOO_LONG = (max: number) => `не длиннее ${max} символов`;
const CONTROL_REFUSED = 'недопустимые управляющие символы';

/**
 * One line of text of at most `max` characters, without control characters (Unicode Cc: NUL,
 * the other C0 controls, DEL and C1). A NUL cannot be stored in a database text column at all,
 * and the others have no place in a name, a code or a URL.
 */
export const text = (max: number) =>
  z
    .string()
    .max(max, TOO_LONG(max))
    .refine((s) => !CONTROL_CHARACTER.test(s), CONTROL_REFUSED);

/** Text of at most `max` characters that may span lines: tab, line feed and carriage return allowed, other controls not. */
export const multilineText = (max: number) =>
  z
    .string()
    .max(max, TOO_LONG(max))
    .refine((s) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(s), CONTROL_REFUSED);

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

/** The most items a list field carries unless its call says otherwise. */
export const LIST_MAX = 100;

/** A list (at most `max` items) from a JSON array, a repeated form field, or a single value. */
export const list = <T extends z.ZodType>(item: T, max: number = LIST_MAX) =>
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
  }, z.array(item).max(max));

/**
 * Session and CSRF parameters (decision 0001): every call may carry them, as a query
 * parameter or a body field; the server reads them, the schemas only ask that they be text.
 */
export const sessionShape = {
  sid: text(TEXT_MAX.code).optional(),
  _csrf: text(TEXT_MAX.code).optional(),
};

/**
 * Field names are the caller's text too: at most TEXT_MAX.code characters, no control characters
 * (a handler that stores the fields it does not know, such as the browser's timing report, must
 * not meet a NUL in a name).
 */
const fieldNamesAreText = (input: Record<string, unknown>) =>
  Object.keys(input).every((name) => name.length <= TEXT_MAX.code && !CONTROL_CHARACTER.test(name));
const BAD_FIELD_NAME = {
  message: `недопустимое имя поля (не длиннее ${TEXT_MAX.code} символов, без управляющих символов)`,
};

/**
 * A request schema: the merged input (path params + query + body). Loose, so that extra
 * fields the old client adds (hot, cookies, analytics) never fail validation, as long as their
 * names are text.
 */
export const request = <S extends z.ZodRawShape>(shape: S) =>
  z.looseObject({ ...sessionShape, ...shape }).refine(fieldNamesAreText, BAD_FIELD_NAME);

/**
 * The request schema of a call whose server never reads the session (public files, links sent by
 * e-mail, the acquirer's pages and callbacks, development pages): loose like `request`, but the
 * session and CSRF parameters, being ignored, are not validated either.
 */
export const sessionFreeRequest = <S extends z.ZodRawShape>(shape: S) =>
  z.looseObject(shape).refine(fieldNamesAreText, BAD_FIELD_NAME);

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

/**
 * A positive integer id (performance, section, place, order …) that fits the database's integer
 * ids (1 to MAX_INT), from a number or a numeric string; an empty form value fails.
 */
export const id = () => z.coerce.number(NOT_AN_ID).int(NOT_AN_ID).min(1, NOT_AN_ID).max(MAX_INT, NOT_AN_ID);

/**
 * An id written in digits and kept as text: the seat codes (`cypher`) this server hands out and
 * the ids in file names. Digits only (no sign, spaces, exponent or hex), 1 to MAX_INT.
 */
export const idDigits = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, NOT_AN_ID)
    .refine((s) => Number(s) >= 1 && Number(s) <= MAX_INT, NOT_AN_ID);

/**
 * For the few extension calls whose server answers a malformed request with an answer of its
 * own rather than the generic 400 (a file name that names nothing gets a 404, the sandbox bank
 * shows its "payment not found" page): any object the schema refuses parses as null, and the
 * handler gives that answer. Input that is not an object at all still fails.
 */
export const malformedAsNull = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.looseObject({}).transform(() => null)]);
