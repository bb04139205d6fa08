/**
 * Generates docs/api.md from the contract: every call grouped by area, with its method, path,
 * how its params travel, the request fields and the answer fields (walked from the zod
 * schemas through z.toJSONSchema).
 *
 *   tsx scripts/gen-api-doc.ts          write docs/api.md
 *   tsx scripts/gen-api-doc.ts --check  exit 1 when docs/api.md is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CallDef } from '../src/call.js';
import { callAreas } from '../src/calls/index.js';
import { isServed } from '../src/served.js';
import { sessionShape } from '../src/wire.js';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
};

interface Row {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

const SESSION_FIELDS = new Set(Object.keys(sessionShape));
const SAFE = 9007199254740991;

function jsonSchema(schema: z.ZodType): Schema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
}

const isObject = (s: Schema) => s.type === 'object' && s.properties !== undefined;

function variants(s: Schema): Schema[] | null {
  return s.anyOf ?? s.oneOf ?? null;
}

/** The catch-all reading of `malformedAsNull`: any object, no fields of its own. */
const isAnyObject = (s: Schema) => isObject(s) && Object.keys(s.properties ?? {}).length === 0;

/** True when a request schema reads what it refuses as null (`malformedAsNull`). */
function readsMalformedAsNull(s: Schema): boolean {
  const v = variants(s);
  return v !== null && v.length > 1 && v.some(isAnyObject);
}

/** A short type label: string, integer, 'a' | 'b', record<string, …>, array of … */
function typeLabel(s: Schema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  const v = variants(s);
  if (v) return [...new Set(v.map(typeLabel))].join(' \\| ');
  if (s.allOf?.length) return s.allOf.map(typeLabel).join(' & ');
  if (Array.isArray(s.type)) return s.type.join(' \\| ');
  if (s.type === 'array') {
    if (s.prefixItems) return `[${s.prefixItems.map(typeLabel).join(', ')}, …]`;
    return `${s.items ? typeLabel(s.items) : 'unknown'}[]`;
  }
  if (s.type === 'object') {
    if (s.properties && Object.keys(s.properties).length) return 'object';
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      return `record<string, ${typeLabel(s.additionalProperties)}>`;
    }
    return 'object';
  }
  return s.type ?? 'any';
}

function notes(s: Schema): string {
  const out: string[] = [];
  if (s.minimum !== undefined && s.minimum > -SAFE) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined && s.maximum < SAFE) out.push(`≤ ${s.maximum}`);
  if (s.minLength) out.push(`length ≥ ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`length ≤ ${s.maxLength}`);
  if (s.minItems) out.push(`at least ${s.minItems}`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems}`);
  if (s.pattern) out.push(`pattern \`${s.pattern}\``);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out.join(', ');
}

/** Flattens an object schema into rows: nested objects as a.b, arrays of objects as a[].b. */
function rows(s: Schema, prefix = '', parentRequired = true, depth = 0): Row[] {
  const out: Row[] = [];
  // The catch-all reading of malformedAsNull documents nothing: list the well-formed request.
  const v = readsMalformedAsNull(s) ? (variants(s) ?? []).filter((o) => !isAnyObject(o)) : variants(s);
  if (v?.length === 1 && v[0]) return rows(v[0], prefix, parentRequired, depth);
  if (v?.every(isObject)) {
    // Two readings of one object: list the union of their fields, each optional unless in all.
    const merged: Record<string, Schema> = {};
    for (const o of v) Object.assign(merged, o.properties);
    const inAll = Object.keys(merged).filter((k) => v.every((o) => o.required?.includes(k)));
    return rows({ type: 'object', properties: merged, required: inAll }, prefix, parentRequired, depth);
  }
  if (!isObject(s)) return out;
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    if (!prefix && SESSION_FIELDS.has(key)) continue;
    const name = `${prefix}${key}`;
    const required = parentRequired && (s.required?.includes(key) ?? false);
    out.push({ name, type: typeLabel(child), required, notes: notes(child) });
    if (depth >= 4) continue;
    if (isObject(child)) out.push(...rows(child, `${name}.`, required, depth + 1));
    else if (child.type === 'array' && child.items && isObject(child.items)) {
      out.push(...rows(child.items, `${name}[].`, required, depth + 1));
    } else if (
      child.type === 'object' &&
      typeof child.additionalProperties === 'object' &&
      isObject(child.additionalProperties)
    ) {
      out.push(...rows(child.additionalProperties, `${name}{key}.`, required, depth + 1));
    } else {
      const cv = variants(child);
      const obj = cv?.find(isObject);
      if (obj) out.push(...rows(obj, `${name}.`, false, depth + 1));
    }
  }
  return out;
}

/** The first object schema inside arrays, records and tuples (the item of a list answer). */
function innerObject(s: Schema): Schema | null {
  if (isObject(s)) return s;
  const inside = [
    ...(s.prefixItems ?? []),
    ...(s.items ? [s.items] : []),
    ...(typeof s.additionalProperties === 'object' ? [s.additionalProperties] : []),
    ...(variants(s) ?? []),
  ];
  for (const child of inside) {
    const found = innerObject(child);
    if (found) return found;
  }
  return null;
}

function table(list: Row[]): string {
  if (!list.length) return '_none_\n';
  const esc = (t: string) => t.replace(/\|/g, '\\|').replace(/\\\\\|/g, '\\|');
  const lines = ['| field | type | required | notes |', '|---|---|---|---|'];
  for (const r of list) lines.push(`| \`${r.name}\` | ${esc(r.type)} | ${r.required ? 'yes' : ''} | ${r.notes} |`);
  return `${lines.join('\n')}\n`;
}

const TRANSPORT: Record<CallDef['params'], string> = {
  query: 'query string',
  form: 'form fields (application/x-www-form-urlencoded; bracket names are literal keys)',
  json: 'JSON body',
  'form-or-json': 'form fields or a JSON body',
};

const ANSWER: Record<CallDef['answer'], string> = {
  json: 'JSON',
  html: 'HTML fragment',
  text: 'plain text',
  file: 'file',
};

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
}

function renderCall(call: CallDef): string {
  const flag = call.queryFlag ? `?${call.queryFlag.name}${call.queryFlag.value ? `=${call.queryFlag.value}` : ''}` : '';
  const out: string[] = [];
  out.push(`### \`${call.method} ${call.path}${flag}\`${call.extension ? ' — extension' : ''}\n`);
  out.push(`${call.summary}\n`);
  out.push(`- id: \`${call.id}\``);
  out.push(`- params: ${TRANSPORT[call.params]}`);
  const pp = pathParams(call.path);
  if (pp.length) out.push(`- path params: ${pp.map((p) => `\`${p}\``).join(', ')}`);
  if (call.queryFlag) out.push(`- selected by the query flag \`${flag}\` (other calls share this method and path)`);
  out.push(`- answer: ${ANSWER[call.answer]}`);
  out.push(`- spec: ${call.spec}`);
  const request = jsonSchema(call.request);
  if (readsMalformedAsNull(request)) {
    out.push('- malformed request: answered by the call itself (see above), not with the generic 400');
  }
  out.push(`- extension: ${call.extension ? 'yes (not in the spec)' : 'no'}`);
  out.push(`- served: ${isServed(call) ? 'yes' : 'not yet (described, not answered by the server)'}\n`);
  out.push('**Request**\n');
  out.push(table(rows(request)));
  out.push('**Answer**\n');
  if (call.answer === 'json') {
    const s = jsonSchema(call.response);
    const r = rows(s);
    if (r.length) out.push(table(r));
    else {
      const item = innerObject(s);
      out.push(`\`${typeLabel(s)}\`${item ? ', where object is:' : ''}\n`);
      if (item) out.push(table(rows(item)));
    }
  } else {
    out.push(`${ANSWER[call.answer]} (text body).\n`);
  }
  return out.join('\n');
}

export function renderApiDoc(): string {
  const total = callAreas.reduce((n, a) => n + a.calls.length, 0);
  const served = callAreas.reduce((n, a) => n + a.calls.filter(isServed).length, 0);
  const parts: string[] = [];
  parts.push('# Partera wire API\n');
  parts.push(
    '<!-- Generated by packages/contract/scripts/gen-api-doc.ts from @partera/contract. Do not edit: run `pnpm docs:api`. -->\n',
  );
  parts.push(
    `${total} calls. Every request may also carry the session parameter \`sid\` and the CSRF parameter \`_csrf\` ` +
      '(decision 0001); requests are loose objects, so extra fields never fail validation. Query and form values ' +
      'arrive as text and are coerced (integers, numbers, 0/1 and true/false flags, JSON in a field). Prices are ' +
      'roubles as JSON numbers. Every input is bounded: ids are integers from 1 to 2147483647 and other ' +
      'numbers stay within the database integer range (−2147483648 to 2147483647); text fields have a ' +
      'maximum length and refuse control characters (NUL, the other C0 and C1 controls, DEL; multi-line ' +
      'fields allow tab and line breaks), and so do the names of extra fields; lists have a maximum length. ' +
      'A malformed request gets HTTP 400 with the call’s own answer shape built by its `failure()` (the few ' +
      'calls marked below answer it themselves).\n',
  );
  parts.push(
    `**Served:** ${served} of the ${total} calls are answered by the server today (column 'served'); the others ` +
      'are the specification’s calls still to be built. The list is `SERVED_CALL_IDS` in the contract, checked ' +
      'against the routes the server registers and against every call the widgets make.\n',
  );
  parts.push('## Areas\n');
  for (const a of callAreas) {
    parts.push(`- [${a.title}](#${a.area}) — ${a.calls.length} calls, ${a.calls.filter(isServed).length} served`);
  }
  parts.push('');
  for (const a of callAreas) {
    parts.push(`<a id="${a.area}"></a>\n\n## ${a.title}\n`);
    parts.push('| method | path | params | answer | spec | ext | served |');
    parts.push('|---|---|---|---|---|---|---|');
    for (const c of a.calls) {
      const flag = c.queryFlag ? `?${c.queryFlag.name}${c.queryFlag.value ? `=${c.queryFlag.value}` : ''}` : '';
      parts.push(
        `| ${c.method} | \`${c.path}${flag}\` | ${c.params} | ${c.answer} | ${c.spec.replace(/\|/g, '\\|')} | ${c.extension ? 'yes' : ''} | ${isServed(c) ? 'yes' : ''} |`,
      );
    }
    parts.push('');
    for (const c of a.calls) parts.push(renderCall(c));
  }
  return `${parts
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

const here = dirname(fileURLToPath(import.meta.url));
export const API_DOC_PATH = resolve(here, '../../../docs/api.md');

function main(): void {
  const doc = renderApiDoc();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(API_DOC_PATH, 'utf8');
    } catch {
      current = '';
    }
    if (current !== doc) {
      console.error('docs/api.md is stale: run `pnpm docs:api`.');
      process.exit(1);
    }
    console.log('docs/api.md is up to date.');
    return;
  }
  writeFileSync(API_DOC_PATH, doc);
  console.log(`wrote ${API_DOC_PATH}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
