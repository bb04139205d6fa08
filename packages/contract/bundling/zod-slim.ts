/**
 * zod as the browser builds of the contract see it (the widgets' builds, the site's client build;
 * decisions 0010 and 0028). The contract is written against zod's classic API, where every
 * schema carries every method (`.optional()`, `.email()`, `.toJSONSchema()`, …) and so pulls in
 * all of zod, some 100 KB minified even when trimmed. This `z` builds the same schemas from
 * zod's tree-shakable mini API and gives them only the chainable methods the contract calls, each
 * doing what the classic method does (a check, or a wrapping schema). Parsing gives the same
 * results, issue codes, paths and the contract's own messages; zod's English default texts are
 * left out (no buyer is shown a parse issue: a client that cannot read an answer shows the
 * spec's text for the failure). The server keeps classic zod.
 *
 * A member or method the contract starts using must be added here: without it the bundle throws
 * as it loads, which the contract's zod-slim test (it loads the whole contract through this `z`
 * and compares it with classic zod) and the core-esm and core-preact test projects catch.
 */
import { _coercedNumber } from 'zod/v4/core';
import * as zm from 'zod/v4/mini';

// In browsers zod never compiles parsers with `new Function`: pages under a Content-Security-Policy
// without 'unsafe-eval' (ours, and the partner pages that mount the widgets) would report zod's
// probe for it as a violation on every page. Plain parsing is fast enough for the contract's answers.
zm.config({ jitless: true });

type Mini = zm.ZodMiniType;
type Shape = Parameters<typeof zm.object>[0] & object;
/** What `.min()` and `.max()` take besides the bound: the message. */
type BoundParams = string | { message?: string; error?: string; abort?: boolean };
type Mask = Record<string, true>;

/** Bounds mean a length on strings and arrays, a value on numbers (classic zod's `.min`, `.max`). */
const isNumber = (schema: Mini) => schema._zod.def.type === 'number';

/** The classic methods the contract chains, on top of mini's own (`parse`, `safeParse`, `check`). */
const methods = {
  optional(this: Mini) {
    return slim(zm.optional(this));
  },
  nullable(this: Mini) {
    return slim(zm.nullable(this));
  },
  default(this: Mini, value: unknown) {
    return slim(zm._default(this, value as never));
  },
  or(this: Mini, other: Mini) {
    return slim(zm.union([this, other]));
  },
  pipe(this: Mini, next: Mini) {
    return slim(zm.pipe(this, next));
  },
  transform(this: Mini, fn: (value: unknown) => unknown) {
    return slim(zm.pipe(this, zm.transform(fn)));
  },
  refine(this: Mini, fn: (value: unknown) => unknown, params?: Parameters<typeof zm.refine>[1]) {
    return this.check(zm.refine(fn, params));
  },
  int(this: Mini, params?: Parameters<typeof zm.int>[0]) {
    return this.check(zm.int(params));
  },
  min(this: Mini, n: number, params?: BoundParams) {
    return this.check(isNumber(this) ? zm.gte(n, params) : zm.minLength(n, params));
  },
  max(this: Mini, n: number, params?: BoundParams) {
    return this.check(isNumber(this) ? zm.lte(n, params) : zm.maxLength(n, params));
  },
  regex(this: Mini, pattern: RegExp, params?: Parameters<typeof zm.regex>[1]) {
    return this.check(zm.regex(pattern, params));
  },
  trim(this: Mini) {
    return this.check(zm.trim());
  },
  extend(this: zm.ZodMiniObject, shape: Shape) {
    return slim(zm.extend(this, shape));
  },
  partial(this: zm.ZodMiniObject, mask?: Mask) {
    return slim(mask ? zm.partial(this, mask) : zm.partial(this));
  },
  catchall(this: zm.ZodMiniObject, schema: Mini) {
    return slim(zm.catchall(this, schema));
  },
  rest(this: Mini, rest: Mini) {
    return this.clone({ ...this._zod.def, rest } as typeof this._zod.def);
  },
};

/**
 * Mini schemas of one kind share a prototype (a copy made by `.check()` too), so the methods are
 * put there once, when a schema of that kind is first made.
 */
const equipped = new WeakSet<object>();
function slim<T extends Mini>(schema: T): T & typeof methods {
  const proto = Object.getPrototypeOf(schema) as object;
  if (!equipped.has(proto)) {
    equipped.add(proto);
    Object.assign(proto, methods);
  }
  return schema as T & typeof methods;
}

/** A factory of mini whose schemas get the methods. */
const equip =
  <A extends unknown[], T extends Mini>(make: (...args: A) => T) =>
  (...args: A) =>
    slim(make(...args));

export const z = {
  array: equip(zm.array),
  boolean: equip(zm.boolean),
  coerce: { number: (params?: Parameters<typeof zm.number>[0]) => slim(_coercedNumber(zm.ZodMiniNumber, params)) },
  enum: equip(zm.enum),
  literal: equip(zm.literal),
  looseObject: equip(zm.looseObject),
  number: equip(zm.number),
  object: equip(zm.object),
  /** Classic zod's `preprocess`: the value goes through `fn`, then `schema`. */
  preprocess: (fn: (value: unknown) => unknown, schema: Mini) => slim(zm.pipe(zm.transform(fn), schema)),
  record: equip(zm.record),
  string: equip(zm.string),
  tuple: equip(zm.tuple),
  union: equip(zm.union),
  unknown: equip(zm.unknown),
  uuid: equip(zm.uuid),
};
