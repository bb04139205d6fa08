/**
 * zod as the browser builds of the contract see it (the widgets' builds, the site's client build;
 * decisions 0010 and 0028): a small validator of our own with exactly the part of zod's API the
 * contract uses, in place of zod, whose smallest build (its mini API) still costs a browser some
 * 11 KB gzipped for a contract that needs a fraction of it. The server and the tests keep
 * classic zod, and the contract's types come from classic zod's definitions.
 *
 * `z` has the members the contract calls (array, boolean, coerce.number, enum, literal,
 * looseObject, number, object, preprocess, record, string, tuple, union, unknown, uuid) and every
 * schema has the chainable methods it calls (optional, nullable, default, or, pipe, transform,
 * refine, int, min/max, regex, trim, extend, partial, catchall, rest) with parse and safeParse.
 * Parsing follows classic zod 4: the same values (defaults, transforms, coercion, unknown keys
 * dropped by `object` and kept by `looseObject`), and on failure the same issues, each with its
 * `code`, `path` and message. A message is the contract's own (given to the check or to the
 * schema that runs it), else 'Invalid input': zod's English texts are left out, as no buyer is
 * shown a parse issue (a client that cannot read an answer shows the spec's text for the failure).
 *
 * What zod decides beyond the type, this does the same way: a failed check whose value is still
 * usable (a bound, a pattern, a refinement) lets the next checks run, a wrong type stops them, and
 * only length checks still look at a value of the wrong type; an absent key is read by its
 * schema's optionality (left out, defaulted, or reported); a union whose options all fail reports
 * the one that failed only on its checks, or else every option's issues; an array longer than its
 * maximum is refused before its items are read; string lengths count Unicode code points. The
 * contract's zod-slim test parses every call's request and answer, every exported schema and
 * thousands of odd inputs with this and with classic zod and compares the results, so a method
 * missing here fails the bundle's load and one doing something else fails the comparison; a
 * member the contract starts using must be added here.
 */

/** An issue: what failed (zod's code), where, and the message. */
export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  /** true: the value is still usable and the schema's later checks run (zod's `continue`). */
  continue?: boolean;
  /** invalid_union: each option's issues. */
  errors?: Issue[][];
  /** invalid_key: the key's issues. */
  issues?: Issue[];
}

/** A value being parsed and what was found wrong with it; `aborted` when a pipe stopped on it. */
interface Payload {
  value: unknown;
  issues: Issue[];
  aborted?: boolean;
}

/** A check's or a schema's second argument: its message, and for a refinement where it points. */
type Params = string | { message?: string; error?: string; path?: PropertyKey[] };

/** What a check finds wrong, if anything (it may also rewrite the value, as `trim` does). */
type Found = Pick<Issue, 'code' | 'continue'> & { path?: PropertyKey[] };

interface Check {
  test: (x: Payload) => Found | undefined;
  msg?: string;
  /** A length check: it runs unless an earlier issue stopped the value, on anything with a length. */
  len?: boolean;
  /** A length check's maximum. */
  max?: number;
}

/**
 * Whether a key may be absent (zod's optin): 'optional' leaves it out, 'defaulted' fills it in.
 * Whether the output may lack it (zod's optout): 'optional'.
 */
type Optin = 'optional' | 'defaulted' | undefined;

type Shape = Record<string, Schema>;
type Reader = (s: Schema, x: Payload) => Payload;

const DEFAULT_MESSAGE = 'Invalid input';

const messageOf = (params?: Params) => (typeof params === 'string' ? params : (params?.message ?? params?.error));

const fresh = (value: unknown): Payload => ({ value, issues: [] });

/** The value cannot be used: an issue that is not marked to continue (or a pipe that stopped). */
const aborted = (x: Payload, from = 0) => x.aborted || x.issues.slice(from).some((i) => i.continue !== true);
const explicitlyAborted = (x: Payload) => x.aborted || x.issues.some((i) => i.continue === false);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An own key (Object.hasOwn is newer than the browser builds' es2020). */
const has = (o: object, key: string) => Object.getOwnPropertyDescriptor(o, key) !== undefined;

/** A record takes plain objects only (zod's test: the constructor's prototype has its own isPrototypeOf). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  const made = v.constructor;
  if (typeof made !== 'function') return true;
  return isObject(made.prototype) && has(made.prototype, 'isPrototypeOf');
}

/** Issues of a part (an item, a key) become the whole's, their paths starting with the part. */
function prefix(x: Payload, part: Payload, key: PropertyKey) {
  for (const issue of part.issues) {
    issue.path.unshift(key);
    x.issues.push(issue);
  }
}

/** An item's issues and value go into its array's. */
function adopt(x: Payload, part: Payload, key: number, out: unknown[]) {
  prefix(x, part, key);
  out[key] = part.value;
}

/** zod's UUID pattern (any version, and the nil and max UUIDs). */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

class Schema {
  declare checks: Check[];
  declare optin: Optin;
  declare optout: 'optional' | undefined;
  /** The schema's message: for its own issue, and for its checks' issues that have none. */
  declare msg: string | undefined;
  // The parts of the kinds that have them.
  declare shape: Shape;
  /** An object's schema of the keys its shape does not name (`catchall`; `looseObject` keeps them as they are). */
  declare extra?: Schema;
  /** An array's item, a record's value, a wrapper's (optional, nullable, default) inner schema, a pipe's first. */
  declare inner: Schema;
  /** A record's key, a pipe's second. */
  declare other: Schema;
  declare options: Schema[];
  declare items: Schema[];
  /** A tuple's schema of the items after its own (`rest`). */
  declare tail?: Schema;
  declare values: unknown[];
  declare coerce?: boolean;
  declare fn: (value: unknown) => unknown;
  declare fallback: unknown;

  constructor(
    readonly type: string,
    readonly read: Reader,
    params?: Params,
  ) {
    this.checks = [];
    this.msg = messageOf(params);
  }

  /** Reads the value as the kind does, then runs the checks. */
  run(x: Payload): Payload {
    x = this.read(this, x);
    let stop = aborted(x);
    for (const check of this.checks) {
      const v = x.value as { length?: unknown } | null | undefined;
      if (check.len ? explicitlyAborted(x) || v == null || v.length === undefined : stop) continue;
      const found = check.test(x);
      if (found) {
        this.issue(x, found, check.msg);
        stop ||= found.continue !== true;
      }
    }
    return x;
  }

  /** Adds an issue of this schema's: the message given (a check's), else the schema's, else the default. */
  issue(x: Payload, found: Pick<Issue, 'code'> & Partial<Issue>, msg?: string): Payload {
    x.issues.push({ path: [], message: msg ?? this.msg ?? DEFAULT_MESSAGE, ...found });
    return x;
  }

  safeParse(value: unknown) {
    const x = this.run(fresh(value));
    return x.issues.length
      ? { success: false as const, error: new ParseError(x.issues) }
      : { success: true as const, data: x.value };
  }

  parse(value: unknown) {
    const result = this.safeParse(value);
    if (result.success) return result.data;
    throw result.error;
  }

  clone(parts: Partial<Schema>): Schema {
    return Object.assign(Object.create(Schema.prototype) as Schema, this, parts);
  }

  with(check: Check) {
    return this.clone({ checks: [...this.checks, check] });
  }

  optional() {
    return make('optional', readOptional, {
      inner: this,
      optin: this.optin === 'defaulted' ? 'defaulted' : 'optional',
      optout: 'optional',
    });
  }

  nullable() {
    return make('nullable', readNullable, { inner: this, optin: this.optin, optout: this.optout });
  }

  default(fallback: unknown) {
    return make('default', readDefault, { inner: this, fallback, optin: 'defaulted' });
  }

  or(other: Schema) {
    return union([this, other]);
  }

  pipe(next: Schema) {
    return pipe(this, next);
  }

  transform(fn: (value: unknown) => unknown) {
    return pipe(this, transform(fn));
  }

  refine(fn: (value: unknown) => unknown, params?: Params) {
    const path = typeof params === 'object' ? params.path : undefined;
    return this.with({
      msg: messageOf(params),
      test: (x) => (fn(x.value) ? undefined : { code: 'custom', path: [...(path ?? [])], continue: true }),
    });
  }

  /** An integer; beyond the safe integers a bound is reported and the later checks still run. */
  int(params?: Params) {
    return this.with({
      msg: messageOf(params),
      test: ({ value }) =>
        !Number.isInteger(value)
          ? { code: 'invalid_type', continue: false }
          : Number.isSafeInteger(value)
            ? undefined
            : { code: (value as number) > 0 ? 'too_big' : 'too_small', continue: true },
    });
  }

  /** At least `n`: a value on numbers, a length on strings and arrays (classic zod's `min`). */
  min(n: number, params?: Params) {
    return this.with(limit(this, 'too_small', (size) => size >= n, params));
  }

  /** At most `n`: a value on numbers, a length on strings and arrays (classic zod's `max`). */
  max(n: number, params?: Params) {
    return this.with(limit(this, 'too_big', (size) => size <= n, params, n));
  }

  regex(pattern: RegExp, params?: Params) {
    return this.with({
      msg: messageOf(params),
      test: ({ value }) => {
        pattern.lastIndex = 0;
        return pattern.test(value as string) ? undefined : { code: 'invalid_format', continue: true };
      },
    });
  }

  trim() {
    return this.with({
      test: (x) => {
        x.value = (x.value as string).trim();
        return undefined;
      },
    });
  }

  extend(shape: Shape) {
    return this.clone({ shape: { ...this.shape, ...shape } });
  }

  /** The keys of `mask` (all keys without one) become optional; the object's refinements go. */
  partial(mask?: Record<string, true>) {
    const shape = Object.fromEntries(
      Object.entries(this.shape).map(([key, s]) => [key, !mask || mask[key] ? s.optional() : s]),
    );
    return this.clone({ shape, checks: [] });
  }

  catchall(schema: Schema) {
    return this.clone({ extra: schema });
  }

  rest(schema: Schema) {
    return this.clone({ tail: schema });
  }
}

/** What `parse` throws; like zod's error, it carries the issues. */
class ParseError extends Error {
  constructor(readonly issues: Issue[]) {
    super(JSON.stringify(issues, null, 2));
    this.name = 'ZodError';
  }
}

function make(type: string, read: Reader, parts: Partial<Schema> = {}, params?: Params) {
  return Object.assign(new Schema(type, read, params), parts);
}

/** A string's length in code points (zod's; a pair of surrogates is one), anything else's `length`. */
const lengthOf = (v: unknown) => (typeof v === 'string' ? [...v].length : (v as unknown[]).length);

/** A bound on a number's value, or on a string's or an array's length (a length check, which runs on anything with a length). */
function limit(s: Schema, code: string, ok: (size: number) => boolean, params?: Params, max?: number): Check {
  const len = s.type !== 'number';
  return {
    msg: messageOf(params),
    len,
    max: len ? max : undefined,
    test: ({ value }) => (ok(len ? lengthOf(value) : (value as number)) ? undefined : { code, continue: true }),
  };
}

/** The kind's own issue: a value of another type (or another value, for literals and enums). */
const typed =
  (ok: (value: unknown) => boolean, code = 'invalid_type'): Reader =>
  (s, x) =>
    ok(x.value) ? x : s.issue(x, { code });

const readFinite = typed((v) => typeof v === 'number' && Number.isFinite(v));
const readNumber: Reader = (s, x) => {
  if (s.coerce) {
    try {
      x.value = Number(x.value);
    } catch {}
  }
  return readFinite(s, x);
};

function readArray(s: Schema, x: Payload): Payload {
  const input = x.value;
  if (!Array.isArray(input)) return s.issue(x, { code: 'invalid_type' });
  // An array longer than a maximum among its first (length) checks is refused before its items are read.
  for (const check of s.checks) {
    if (!check.len) break;
    if (check.max !== undefined && input.length > check.max) {
      return s.issue(x, { code: 'too_big', continue: false }, check.msg);
    }
  }
  const out: unknown[] = [];
  for (let i = 0; i < input.length; i++) adopt(x, s.inner.run(fresh(input[i])), i, out);
  x.value = out;
  return x;
}

/**
 * One key of an object: an absent key is left out when its schema is optional, filled in when
 * it has a default, and reported when it has neither (even if its schema takes undefined).
 */
function property(x: Payload, out: Record<string, unknown>, input: Record<string, unknown>, key: string, s: Schema) {
  const r = s.run(fresh(input[key]));
  const present = key in input;
  const optionalOut = s.optout === 'optional';
  if (!present && optionalOut && s.optin === 'optional') return;
  if (r.issues.length) {
    if (!present && optionalOut && s.optin) return;
    prefix(x, r, key);
  }
  if (!present && !s.optin) {
    if (!r.issues.length) x.issues.push({ code: 'invalid_type', path: [key], message: DEFAULT_MESSAGE });
    return;
  }
  if (r.value !== undefined) out[key] = r.value;
  else if (present || (s.optin === 'defaulted' && !optionalOut)) out[key] = undefined;
}

/** The shape's keys in its order, then (with a catch-all) the input's other keys; the rest are dropped. */
function readObject(s: Schema, x: Payload): Payload {
  const input = x.value;
  if (!isObject(input)) return s.issue(x, { code: 'invalid_type' });
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(s.shape)) if (key !== '__proto__') property(x, out, input, key, s.shape[key]!);
  if (s.extra) {
    for (const key in input) {
      if (!has(s.shape, key) && key !== '__proto__') property(x, out, input, key, s.extra);
    }
  }
  x.value = out;
  return x;
}

/** Each key through the key schema (a refused key is reported, its value left unread), each value through the value schema. */
function readRecord(s: Schema, x: Payload): Payload {
  const input = x.value;
  if (!isPlainObject(input)) return s.issue(x, { code: 'invalid_type' });
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (key === '__proto__') continue;
    const k = s.other.run(fresh(key));
    if (k.issues.length) s.issue(x, { code: 'invalid_key', path: [key], issues: k.issues });
    else if (k.value !== '__proto__') {
      const r = s.inner.run(fresh(input[key]));
      prefix(x, r, key);
      out[k.value as string] = r.value;
    }
  }
  x.value = out;
  return x;
}

/** The contract's tuples have required items only (zod's optional tail items are not supported). */
function readTuple(s: Schema, x: Payload): Payload {
  const input = x.value;
  if (!Array.isArray(input)) return s.issue(x, { code: 'invalid_type' });
  const n = s.items.length;
  if (!s.tail) {
    if (input.length < n) return s.issue(x, { code: 'too_small' });
    if (input.length > n) s.issue(x, { code: 'too_big' });
  }
  const items = s.items.map((item, i) => item.run(fresh(input[i])));
  const out: unknown[] = [];
  // zod reports the rest's issues before the items'.
  if (s.tail) for (let i = n; i < input.length; i++) adopt(x, s.tail.run(fresh(input[i])), i, out);
  for (const [i, r] of items.entries()) adopt(x, r, i, out);
  x.value = out;
  return x;
}

/**
 * The first option that takes the value. When all fail and exactly one of them failed only on
 * its checks (its value usable), its issues are the union's; otherwise invalid_union with each
 * option's issues.
 */
function readUnion(s: Schema, x: Payload): Payload {
  const results: Payload[] = [];
  for (const option of s.options) {
    const r = option.run(fresh(x.value));
    if (!r.issues.length) return r;
    results.push(r);
  }
  const usable = results.filter((r) => !aborted(r));
  if (usable.length === 1) return usable[0]!;
  return s.issue(x, { code: 'invalid_union', errors: results.map((r) => r.issues) });
}

/** undefined stays undefined unless the inner schema has a default. */
function readOptional(s: Schema, x: Payload): Payload {
  if (x.value !== undefined) return s.inner.run(x);
  if (s.inner.optin === 'defaulted') {
    const r = s.inner.run(fresh(undefined));
    x.value = r.issues.length ? undefined : r.value;
  }
  return x;
}

const readNullable: Reader = (s, x) => (x.value === null ? x : s.inner.run(x));

/** The default for undefined (not validated, as in zod), else the inner schema's value or the default for its undefined. */
function readDefault(s: Schema, x: Payload): Payload {
  if (x.value === undefined) {
    x.value = s.fallback;
    return x;
  }
  const r = s.inner.run(x);
  if (r.value === undefined) r.value = s.fallback;
  return r;
}

/** The first schema's value goes through the second unless the first found an issue. */
function readPipe(s: Schema, x: Payload): Payload {
  const first = s.inner.run(x);
  if (first.issues.length) {
    first.aborted = true;
    return first;
  }
  return s.other.run(first);
}

const readTransform: Reader = (s, x) => {
  x.value = s.fn(x.value);
  return x;
};

const pipe = (first: Schema, next: Schema) =>
  make('pipe', readPipe, { inner: first, other: next, optin: first.optin, optout: next.optout });

const transform = (fn: (value: unknown) => unknown) => make('transform', readTransform, { fn, optin: 'optional' });

function union(options: Schema[], params?: Params) {
  return make(
    'union',
    readUnion,
    {
      options,
      optin: options.some((o) => o.optin === 'defaulted')
        ? 'defaulted'
        : options.some((o) => o.optin)
          ? 'optional'
          : undefined,
      optout: options.some((o) => o.optout === 'optional') ? 'optional' : undefined,
    },
    params,
  );
}

const object = (shape: Shape, params?: Params, extra?: Schema) =>
  make('object', readObject, { shape: { ...shape }, extra }, params);

const readString = typed((v) => typeof v === 'string');
const readBoolean = typed((v) => typeof v === 'boolean');
const string = (params?: Params) => make('string', readString, {}, params);
const unknown = () => make('unknown', (_, x) => x);

export const z = {
  array: (item: Schema, params?: Params) => make('array', readArray, { inner: item }, params),
  boolean: (params?: Params) => make('boolean', readBoolean, {}, params),
  coerce: { number: (params?: Params) => make('number', readNumber, { coerce: true }, params) },
  enum: (values: readonly unknown[], params?: Params) =>
    make(
      'enum',
      typed((v) => values.includes(v), 'invalid_value'),
      { values: [...values] },
      params,
    ),
  literal: (value: unknown, params?: Params) => {
    const values = Array.isArray(value) ? value : [value];
    return make(
      'literal',
      typed((v) => values.includes(v), 'invalid_value'),
      { values },
      params,
    );
  },
  looseObject: (shape: Shape, params?: Params) => object(shape, params, unknown()),
  number: (params?: Params) => make('number', readNumber, {}, params),
  object,
  /** Classic zod's `preprocess`: the value goes through `fn`, then `schema`. */
  preprocess: (fn: (value: unknown) => unknown, schema: Schema) => pipe(transform(fn), schema),
  record: (key: Schema, value: Schema, params?: Params) =>
    make('record', readRecord, { other: key, inner: value }, params),
  string,
  tuple: (items: Schema[], params?: Params) => make('tuple', readTuple, { items }, params),
  union,
  unknown,
  uuid: (params?: Params) => string(params).regex(UUID),
};
