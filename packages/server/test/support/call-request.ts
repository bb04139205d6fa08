/**
 * Turns a call's input into the HTTP request a client sends, the way the call's `params` says:
 * path parameters substituted, the rest in the query string, a form body or a JSON body. Also
 * works out the merged input the server will see (query, path, body: what route.ts validates),
 * so a test can tell beforehand whether the contract refuses the request.
 */
import type { CallDef } from '@partera/contract';
import type { Body, LiveRequest } from './live-server.js';

const PATH_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** A scalar as text, the way a form or a query string carries it; objects travel as JSON. */
function wireText(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A URL carries UTF-8: a lone surrogate becomes U+FFFD on the way, as a browser sends it. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Form or query fields: arrays become repeated fields, absent values none. */
function wireFields(input: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) out.push([name, wireText(item)]);
    else out.push([name, wireText(value)]);
  }
  return out;
}

/** What a query-string or form parser makes of fields: one value as text, repeated ones as a list. */
function parsedFields(fields: Array<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, value] of fields) {
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

export interface EncodedCall {
  request: LiveRequest;
  /** The query string as the server parses it (it picks among calls sharing a route by it). */
  query: Record<string, unknown>;
  /**
   * The merged input the server validates; null when it cannot be told beforehand (an empty path
   * parameter, which makes the URL another route's).
   */
  seenByServer: Record<string, unknown> | null;
}

export function encodeCall(call: CallDef, input: Record<string, unknown>, asJson: boolean): EncodedCall {
  const rest: Record<string, unknown> = Object.assign(Object.create(null), input);
  const params: Record<string, unknown> = {};
  let predictable = true;
  const path = call.path.replace(PATH_PARAM, (_match, name: string) => {
    const text = wellFormed(wireText(rest[name] ?? ''));
    delete rest[name];
    if (text === '') predictable = false;
    params[name] = text;
    return encodeURIComponent(text);
  });
  const inQuery = call.params === 'query' || call.method === 'GET';
  const json = call.params === 'json' || (call.params === 'form-or-json' && asJson);
  let query: Array<[string, string]> = [];
  let body: Body = { kind: 'none' };
  let seenBody: Record<string, unknown> = {};
  if (inQuery) query = wireFields(rest);
  else if (json) {
    const text = JSON.stringify(rest);
    body = { kind: 'json', value: rest };
    seenBody = JSON.parse(text) as Record<string, unknown>;
  } else {
    const fields = wireFields(rest);
    body = { kind: 'form', fields };
    seenBody = parsedFields(fields);
  }
  const search = new URLSearchParams(query).toString();
  return {
    request: { method: call.method, url: search ? `${path}?${search}` : path, body },
    query: parsedFields(query),
    seenByServer: predictable ? { ...parsedFields(query), ...params, ...seenBody } : null,
  };
}
