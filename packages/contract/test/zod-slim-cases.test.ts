/**
 * The slim `z` of the browser builds (bundling/zod-slim.ts) where the contract's own schemas and
 * inputs do not take it (zod-slim.test.ts compares those): each case builds one schema with the
 * slim `z` and with classic zod, parses the same inputs with both and expects the same values and
 * the same issues (code, path, message, a union's issues of each option), and states what it
 * checks in plain terms too.
 */
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { z as slim } from '../bundling/zod-slim.js';
import { brief, classicParams, type Issue } from './zod-slim-issues.js';

/** Either `z`: a case is written once for both. */
type Z = any;

/** Parses `input` with the schema `make` builds on each `z`; expects one outcome and returns it. */
function parse(make: (z: Z) => Z, input: unknown) {
  const read = (result: Z) =>
    result.success ? { data: result.data } : { issues: (result.error.issues as Issue[]).map(brief) };
  const want = read(make(classic).safeParse(input, classicParams));
  const got = read(make(slim).safeParse(input));
  expect(got).toEqual(want);
  // Key order too: an object's output lists its shape's keys, then the ones it keeps.
  expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  return got as { data?: unknown; issues?: Issue[] };
}

describe('the slim z beyond the contract’s inputs', () => {
  it('reports a required key that is absent even when its schema takes undefined', () => {
    const schema = (z: Z) => z.object({ data: z.unknown(), note: z.string().optional() });
    expect(parse(schema, {}).issues).toEqual([{ code: 'invalid_type', path: ['data'], message: 'Invalid input' }]);
    expect(parse(schema, { data: undefined }).data).toEqual({ data: undefined });
  });

  it('drops unknown keys of an object and keeps them, after its own, in a loose one', () => {
    const input = { extra: 1, id: '7', nested: { x: 1 } };
    expect(parse((z) => z.object({ id: z.coerce.number() }), input).data).toEqual({ id: 7 });
    const loose = parse((z) => z.looseObject({ id: z.coerce.number() }), input).data;
    expect(Object.keys(loose as object)).toEqual(['id', 'extra', 'nested']);
    parse((z) => z.object({ id: z.number() }).catchall(z.string()), { id: 1, a: 'x', b: 2 });
  });

  it('fills in defaults for absent keys, under optional too', () => {
    const schema = (z: Z) =>
      z.object({ page: z.coerce.number().int().min(1).default(1), sort: z.string().default('all').optional() });
    expect(parse(schema, {}).data).toEqual({ page: 1, sort: 'all' });
    expect(parse(schema, { page: '3', sort: undefined }).data).toEqual({ page: 3, sort: 'all' });
    parse(schema, { page: 0 });
  });

  it('leaves out an absent optional key even when a preprocess would make a value of it', () => {
    const schema = (z: Z) => z.object({ mode: z.preprocess((v: unknown) => v ?? 'basic', z.string().optional()) });
    expect(parse(schema, {}).data).toEqual({});
    expect(parse(schema, { mode: undefined }).data).toEqual({ mode: 'basic' });
  });

  it('refuses an array longer than its maximum without reading its items', () => {
    const schema = (z: Z) => z.object({ places: z.array(z.number().int()).min(1).max(2, 'не больше двух') });
    expect(parse(schema, { places: [1, 'x', 'y'] }).issues).toEqual([
      { code: 'too_big', path: ['places'], message: 'не больше двух' },
    ]);
    expect(parse(schema, { places: [1, 'x'] }).issues).toEqual([
      { code: 'invalid_type', path: ['places', 1], message: 'Invalid input' },
    ]);
    parse(schema, { places: [] });
  });

  it('reports a union of objects with each option’s issues, or the one option that failed only on its checks', () => {
    const schema = (z: Z) =>
      z.union([z.object({ code: z.string().max(2) }), z.object({ number: z.string(), code: z.number() })]);
    expect(parse(schema, {}).issues).toEqual([
      {
        code: 'invalid_union',
        path: [],
        message: 'Invalid input',
        errors: [
          [{ code: 'invalid_type', path: ['code'], message: 'Invalid input' }],
          [
            { code: 'invalid_type', path: ['number'], message: 'Invalid input' },
            { code: 'invalid_type', path: ['code'], message: 'Invalid input' },
          ],
        ],
      },
    ]);
    expect(parse(schema, { code: 'abc' }).issues).toEqual([
      { code: 'too_big', path: ['code'], message: 'Invalid input' },
    ]);
    expect(parse(schema, { number: '1', code: 2 }).data).toEqual({ number: '1', code: 2 });
    parse((z) => z.string().or(z.literal(1)), 2);
    parse((z) => z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])), '2');
  });

  it('puts a refinement’s message at the path it names, under the path of where it sits', () => {
    const guest = (z: Z) =>
      z
        .object({ surname: z.string().optional(), family: z.string().optional() })
        .refine((v: Z) => Boolean(v.surname?.trim() || v.family?.trim()), {
          message: 'surname (family) обязательна',
          path: ['surname'],
        });
    const schema = (z: Z) => z.object({ orders: z.array(z.object({ guest: guest(z) })) });
    expect(parse(schema, { orders: [{ guest: { surname: 'Иванов' } }, { guest: { family: ' ' } }] }).issues).toEqual([
      { code: 'custom', path: ['orders', 1, 'guest', 'surname'], message: 'surname (family) обязательна' },
    ]);
    // A refinement does not run on a value whose type is already wrong.
    expect(parse(schema, { orders: [{ guest: { surname: 1 } }] }).issues).toEqual([
      { code: 'invalid_type', path: ['orders', 0, 'guest', 'surname'], message: 'Invalid input' },
    ]);
  });

  it('gives a check without a message its schema’s, and stops the bounds after a non-integer', () => {
    const id = (z: Z) => z.coerce.number('не число').int('не целое').min(1).max(10, 'до десяти');
    expect(parse(id, -0.5).issues).toEqual([{ code: 'invalid_type', path: [], message: 'не целое' }]);
    expect(parse(id, 0).issues).toEqual([{ code: 'too_small', path: [], message: 'не число' }]);
    expect(parse(id, 'x').issues).toEqual([{ code: 'invalid_type', path: [], message: 'не число' }]);
    expect(parse(id, 2 ** 60).issues).toEqual([
      { code: 'too_big', path: [], message: 'не целое' },
      { code: 'too_big', path: [], message: 'до десяти' },
    ]);
  });

  it('counts a string’s length in code points, and checks a length even on a value of the wrong type', () => {
    const schema = (z: Z) => z.string().min(2).max(3);
    expect(parse(schema, '😀😀😀').data).toBe('😀😀😀');
    expect(parse(schema, '😀').issues).toEqual([{ code: 'too_small', path: [], message: 'Invalid input' }]);
    expect(parse(schema, [1, 2, 3, 4]).issues).toEqual([
      { code: 'invalid_type', path: [], message: 'Invalid input' },
      { code: 'too_big', path: [], message: 'Invalid input' },
    ]);
    parse((z) => z.string().trim().min(1), '   ');
  });

  it('reports a refused record key with its own issues and leaves its value unread', () => {
    const schema = (z: Z) => z.record(z.string().max(3), z.array(z.number()));
    expect(parse(schema, { long: 'x', ok: [1, 'y'] }).issues).toEqual([
      {
        code: 'invalid_key',
        path: ['long'],
        message: 'Invalid input',
        issues: [{ code: 'too_big', path: [], message: 'Invalid input' }],
      },
      { code: 'invalid_type', path: ['ok', 1], message: 'Invalid input' },
    ]);
    parse(schema, new Date());
  });

  it('reads tuples with and without a rest, and nullable, extended and partial objects', () => {
    parse((z) => z.tuple([z.string(), z.number()]), ['a', 1, 2]);
    parse((z) => z.tuple([z.string(), z.number()]), ['a']);
    parse((z) => z.tuple([z.string(), z.number()]).rest(z.unknown()), ['a', 1, 'x', null]);
    const base = (z: Z) => z.object({ status: z.enum(['success', 'error']), data: z.string(), name: z.string() });
    const schema = (z: Z) =>
      base(z).extend({ rating: z.number().int().nullable().optional() }).partial({ data: true, name: true });
    expect(parse(schema, { status: 'success', rating: null }).data).toEqual({ status: 'success', rating: null });
    parse(schema, { status: 'other', rating: 1.5, data: 1 });
    parse((z) => z.uuid(), '3FA85F64-5717-4562-B3FC-2C963F66AFA6');
    parse((z) => z.uuid(), '3fa85f64-5717-0562-b3fc-2c963f66afa6');
  });

  it('returns the value from parse and throws the issues', () => {
    const schema = slim.object({ n: slim.coerce.number() }).transform((v: Z) => v.n * 2);
    expect(schema.parse({ n: '21' })).toBe(42);
    expect(() => schema.parse({ n: 'x' })).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: ['n'] })] }),
    );
  });
});
