/**
 * The browser builds read the contract through bundling/zod-slim.ts (a small validator of our own
 * with the part of zod's API the contract uses, decision 0028). This builds the whole contract
 * that way, as the widgets' and the site's builds do, and parses the same inputs with it and with
 * the contract on classic zod: every call's request and answer and every exported schema, on the
 * examples, on values made from the schema, and on each of those with one field at a time
 * replaced by an odd value. Results (values and key order), and on failure every issue's code,
 * path and message (the contract's own, else 'Invalid input' on both sides), with a union's
 * issues of each option, must be the same, so a member or method missing from the slim `z`, or
 * one doing something else, fails here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as classic from '../src/index.js';
import { examples } from './examples.js';
import { brief, classicParams, type Issue } from './zod-slim-issues.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SLIM = path.resolve(here, '../bundling/zod-slim.ts');

type Contract = typeof classic;
type Schema = classic.CallDef['request'];
type Parsed = ReturnType<Schema['safeParse']>;

let slim: Contract;
let inputs: string[] = [];
let dir = '';

beforeAll(async () => {
  const built = await esbuild.build({
    entryPoints: [path.resolve(here, '../src/index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['source'],
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'slim-zod',
        setup(build) {
          build.onResolve({ filter: /^zod$/ }, () => ({ path: SLIM }));
        },
      },
    ],
  });
  // What the bundle holds (the metafile's inputs list every module read, kept or not).
  inputs = Object.values(built.metafile.outputs).flatMap((out) =>
    Object.entries(out.inputs)
      .filter(([, use]) => use.bytesInOutput > 0)
      .map(([file]) => file),
  );
  dir = mkdtempSync(path.join(tmpdir(), 'zod-slim-'));
  const file = path.join(dir, 'contract.mjs');
  writeFileSync(file, built.outputFiles[0]!.text);
  slim = await import(/* @vite-ignore */ pathToFileURL(file).href);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Values that are wrong (or oddly right) somewhere: numbers as text, padding, bounds, other types. */
const PROBES: unknown[] = [
  undefined,
  null,
  '',
  ' 7 ',
  'abc',
  '12',
  '-3',
  '1.5',
  0,
  1,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  true,
  [],
  {},
  'я'.repeat(5000),
  // 150 code points in 300 UTF-16 units: zod counts a string's length in code points.
  '😀'.repeat(150),
  'a\u0001b',
  '[{"cypher":"1","tax":2}]',
  '3fa85f64-5717-4562-b3fc-2c963f66afa6',
];

/** A value of the schema's shape, made from its definition (every optional key present). */
function sample(schema: unknown, depth = 0): unknown {
  const def = (schema as { _zod?: { def: Record<string, unknown> } })._zod?.def;
  if (!def || depth > 6) return undefined;
  const inner = (key: string) => sample(def[key], depth + 1);
  switch (def.type) {
    case 'string':
      return def.format === 'uuid' ? PROBES.at(-1) : 'Партер';
    case 'number':
      return 2;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as object)[0];
    case 'array':
      return [inner('element')];
    case 'tuple':
      return (def.items as unknown[]).map((item) => sample(item, depth + 1));
    case 'record':
      return { '1': inner('valueType') };
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as object).map(([key, value]) => [key, sample(value, depth + 1)]),
      );
    case 'union':
      return sample((def.options as unknown[])[0], depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      return (def.in as { _zod: { def: { type: string } } })._zod.def.type === 'transform' ? inner('out') : inner('in');
    default:
      return 'x';
  }
}

type Path = (string | number)[];

/** Every place in a value (to a depth) where a probe can go. */
function places(value: unknown, at: Path = [], into: Path[] = []): Path[] {
  if (at.length > 0) into.push(at);
  if (at.length >= 3 || value === null || typeof value !== 'object') return into;
  const keys = Array.isArray(value) ? value.map((_, i) => i).slice(0, 2) : Object.keys(value);
  for (const key of keys) places((value as Record<string | number, unknown>)[key], [...at, key], into);
  return into;
}

function replaced(value: unknown, at: Path, probe: unknown): unknown {
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length > 0) copy[head!] = replaced(copy[head!], rest, probe);
  else if (probe === undefined && !Array.isArray(value)) delete copy[head!];
  else copy[head!] = probe;
  return copy;
}

/**
 * The inputs a schema is tried on: the given ones, its sample, each with one place probed, and
 * each object with a key it does not know (stripped, kept, or read by a catch-all schema).
 */
function variants(schema: Schema, given: unknown[]): unknown[] {
  const bases = [...given, sample(schema)];
  const out = [...bases, ...PROBES];
  for (const base of bases) {
    for (const at of places(base)) for (const probe of PROBES) out.push(replaced(base, at, probe));
    if (base !== null && typeof base === 'object' && !Array.isArray(base)) {
      for (const probe of PROBES) out.push({ ...base, unknownField: probe });
    }
  }
  return out;
}

/** A parse result as text: undefined and NaN kept, issues in brief and in order. */
function canon(result: Parsed): string {
  const seen = result.success ? { data: result.data } : { issues: (result.error.issues as Issue[]).map(brief) };
  return JSON.stringify(seen, (_, v) =>
    v === undefined ? '<undefined>' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
}

/** Where the two contracts read an input differently (the first few). */
function differences(name: string, a: Schema, b: Schema, given: unknown[]): string[] {
  const found: string[] = [];
  for (const input of variants(a, given)) {
    const want = canon(a.safeParse(input, classicParams));
    const got = canon(b.safeParse(input));
    if (want !== got && found.length < 3)
      found.push(`${name} ${JSON.stringify(input)}\n  classic ${want}\n  slim    ${got}`);
  }
  return found;
}

const isSchema = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && typeof (v as Partial<Schema>).safeParse === 'function';

// Some seventy thousand inputs, each parsed twice: seconds of work on a loaded machine.
describe('the contract on the slim zod of the browser builds', { timeout: 60_000 }, () => {
  it('is built on the slim `z` alone, without any of zod', () => {
    expect(inputs.filter((f) => f.endsWith('bundling/zod-slim.ts'))).toHaveLength(1);
    expect(inputs.filter((f) => f.includes('/zod/'))).toEqual([]);
  });

  it('reads every call’s request and answer as classic zod does', () => {
    expect(slim.allCalls.map((c) => c.id)).toEqual(classic.allCalls.map((c) => c.id));
    const found: string[] = [];
    classic.allCalls.forEach((call, i) => {
      const other = slim.allCalls[i]!;
      const example = examples[call.id];
      const given = example ? [example.valid, example.invalid] : [];
      found.push(...differences(`${call.id} request`, call.request, other.request, given));
      const failures = [call.failure('Сервер вернул ошибку, попробуйте позже', 622), call.failure('Ошибка')];
      found.push(...differences(`${call.id} answer`, call.response, other.response, failures));
    });
    expect(found).toEqual([]);
  });

  it('reads every exported schema and the wire builders’ schemas as classic zod does', () => {
    const found: string[] = [];
    let schemas = 0;
    for (const [name, value] of Object.entries(classic)) {
      if (!isSchema(value)) continue;
      schemas++;
      const other = (slim as Record<string, unknown>)[name];
      expect(isSchema(other), name).toBe(true);
      found.push(...differences(name, value, other as Schema, []));
    }
    expect(schemas).toBeGreaterThan(50);
    const builders = (c: Contract) => ({
      'int().min(1)': c.int().min(1),
      id: c.id(),
      idDigits: c.idDigits(),
      num: c.num(),
      'text(8)': c.text(8),
      'text(8).trim().min(1)': c.text(8).trim().min(1),
      'multilineText(20)': c.multilineText(20),
      flag: c.flag(),
      zeroOne: c.zeroOne(),
      'list(id(), 3)': c.list(c.id(), 3),
      'jsonField(list(id()))': c.jsonField(c.list(c.id())),
      'malformedAsNull(request)': c.malformedAsNull(c.request({ performanceId: c.id() })),
    });
    const mine = builders(slim);
    for (const [name, schema] of Object.entries(builders(classic))) {
      found.push(...differences(name, schema, mine[name as keyof typeof mine], [[1, '2'], 'x'.repeat(9)]));
    }
    expect(found).toEqual([]);
  });
});
