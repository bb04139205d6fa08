/**
 * fast-check arbitraries from zod 4 schemas (walking `schema._zod.def`): values of the shape a
 * call's request schema describes, with the ids small enough to name real rows now and then, and
 * mixed with the nasty values of issue 8 (integer overflow, NUL, huge text, wrong types,
 * SQL-looking and path-looking text). Object-level refinements are not followed: the server sees
 * inputs that break them too.
 */
import fc from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  [key: string]: unknown;
}

interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((c) => c._zod.def);

/** The values issue 8 found the server failing on, and their neighbours. */
export const NASTY_VALUES: readonly unknown[] = [
  // A required field left out.
  undefined,
  2 ** 31,
  '2147483648',
  2 ** 31 - 1,
  2 ** 53,
  '9007199254740993',
  '99999999999999999999999',
  -1,
  '-1',
  0,
  '0',
  '',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u0001\u001b\u007f\u0085',
  'line\r\nSet-Cookie: sid=x',
  'x'.repeat(5_000),
  'я'.repeat(70_000),
  [1, 2],
  ['a', 'b'],
  [],
  { a: 1 },
  {},
  null,
  true,
  'true',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  ' 7 ',
  '👨‍👩‍👧‍👦 Ёлкин-Палкин',
  '\u202Eevil\uFEFF',
  '\uD800',
  '../../../../etc/passwd',
  '..%2F..%2Fapp.ts',
  "1' OR '1'='1",
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '{"a":1}',
  '[1,2]',
  '9'.repeat(400),
];

export const nasty = (): fc.Arbitrary<unknown> => fc.constantFrom(...NASTY_VALUES);

/** Names of fields no call declares: the old client's, and some no client should send. */
const EXTRA_FIELD_NAMES = [
  'hot',
  'cookies',
  'json',
  '__proto__',
  'constructor',
  'a\u0000b',
  'k'.repeat(300),
  'LoginForm[contact]',
  'x[]',
];

/** Fields the test itself sets (the session and its CSRF token) so that requests reach handlers. */
const SESSION_FIELDS = new Set(['sid', '_csrf']);

const MAX_GENERATED_TEXT = 40;
/** Small ids, so that a generated id names a seeded row now and then. */
const SMALL_ID_SPAN = 60;

function integerArbitrary(lo: number, hi: number): fc.Arbitrary<number> {
  const whole = fc.integer({ min: lo, max: hi });
  if (hi - lo <= SMALL_ID_SPAN) return whole;
  const start = Math.max(lo, Math.min(1, hi));
  return fc.oneof(fc.integer({ min: start, max: Math.min(hi, start + SMALL_ID_SPAN) }), whole);
}

function numberArbitrary(def: Def): fc.Arbitrary<unknown> {
  let lo = -(2 ** 31);
  let hi = 2 ** 31;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than' && c.value !== undefined) lo = Math.max(lo, c.inclusive ? c.value : c.value + 1);
    if (c.check === 'less_than' && c.value !== undefined) hi = Math.min(hi, c.inclusive ? c.value : c.value - 1);
    if (c.check === 'number_format') integer = true;
  }
  const n: fc.Arbitrary<number> = integer
    ? integerArbitrary(Math.ceil(lo), Math.floor(hi))
    : fc.oneof(integerArbitrary(Math.ceil(lo), Math.floor(hi)), fc.double({ min: lo, max: hi, noNaN: true }));
  // A coerced number arrives as text from a query or a form.
  return def.coerce ? fc.oneof(n, n.map(String)) : n;
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = MAX_GENERATED_TEXT;
  const patterns: RegExp[] = [];
  for (const c of checksOf(def)) {
    if (c.check === 'min_length' && c.minimum !== undefined) minLength = c.minimum;
    if (c.check === 'max_length' && c.maximum !== undefined) maxLength = Math.min(maxLength, c.maximum);
    if (c.check === 'length_equals' && c.length !== undefined) minLength = maxLength = c.length;
    if (c.check === 'string_format' && c.pattern) patterns.push(c.pattern);
  }
  maxLength = Math.max(minLength, maxLength);
  const free = fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.constantFrom('Иван', 'Анна-Мария Петрова', 'ivan@example.ru', '+7 999 123-45-67', '/show/gamlet/'),
    // Digits that may name a seeded row (ids written as text: a cypher, a file name).
    fc.integer({ min: 1, max: SMALL_ID_SPAN }).map(String),
  );
  const pattern = patterns[0];
  return pattern ? fc.oneof(fc.stringMatching(pattern), free) : free;
}

/** An arbitrary of values a schema describes (well-formed on the whole, refinements aside). */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryOf(def[key] as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'bigint':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'nullable':
      return fc.oneof(inner('innerType'), fc.constant(null));
    case 'lazy':
      return depth > 4 ? fc.constant(null) : arbitraryOf((def.getter as () => z.ZodType)(), depth + 1);
    case 'pipe':
      // z.preprocess is a pipe from a transform: the value is the output's; otherwise the input's.
      return defOf(def.in).type === 'transform' ? inner('out') : inner('in');
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryOf(o, depth + 1)));
    case 'array': {
      let maxLength = 3;
      let minLength = 0;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length' && c.minimum !== undefined) minLength = c.minimum;
        if (c.check === 'max_length' && c.maximum !== undefined) maxLength = Math.min(maxLength, c.maximum);
      }
      return fc.array(inner('element'), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'record':
      return fc.dictionary(inner('keyType') as fc.Arbitrary<string>, inner('valueType'), { maxKeys: 3 });
    case 'object':
      return objectOf(schema, depth);
    default:
      // unknown, any and whatever a schema of the contract may add later: any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object of a schema's shape; optional fields come and go, session fields are left to the caller. */
function objectOf(schema: z.ZodType, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape = fieldsOf(schema);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(shape)) {
    fields[name] = arbitraryOf(field, depth + 1);
    if (!['optional', 'default', 'prefault'].includes(defOf(field).type)) required.push(name);
  }
  return fc.record(fields, { requiredKeys: required });
}

function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const shape = (defOf(schema).shape ?? {}) as Record<string, z.ZodType>;
  return Object.fromEntries(Object.entries(shape).filter(([name]) => !SESSION_FIELDS.has(name)));
}

/**
 * Inputs for a request schema: a quarter well-formed, the rest well-formed but for one or two
 * fields (declared or extra) that carry a nasty value, so that each bad value meets a request
 * that is otherwise fine and gets as far as it can.
 */
export function requestInput(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const wellFormed = objectOf(schema, 0);
  const names = [...Object.keys(fieldsOf(schema)), ...EXTRA_FIELD_NAMES];
  const spoil = fc.array(fc.tuple(fc.constantFrom(...names), nasty()), { minLength: 1, maxLength: 2 });
  const spoiled = fc
    .tuple(wellFormed, spoil)
    .map(
      ([input, bad]) => Object.assign(Object.create(null), input, Object.fromEntries(bad)) as Record<string, unknown>,
    );
  return fc.oneof({ weight: 1, arbitrary: wellFormed }, { weight: 3, arbitrary: spoiled });
}

/** The object a request schema reads: the well-formed reading of `malformedAsNull`, else itself. */
export function requestObject(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === 'union') return requestObject((def.options as z.ZodType[])[0]!);
  if (def.type === 'pipe') return requestObject(def.in as z.ZodType);
  return schema;
}
