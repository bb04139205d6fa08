import type { z } from 'zod';

/**
 * How a call's parameters travel on the wire.
 * - query: URL query string (GET)
 * - form: application/x-www-form-urlencoded body; bracket names such as `LoginForm[contact]`
 *   are kept literally as field names
 * - json: JSON body
 * - form-or-json: either body encoding is accepted (calls with two readings)
 * Path parameters (`:performanceId`) are always merged into the input.
 */
export type ParamTransport = 'query' | 'form' | 'json' | 'form-or-json';

/** The answer is JSON, an HTML fragment, plain text, or a file. */
export type AnswerKind = 'json' | 'html' | 'text' | 'file';

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Stable identifier, e.g. 'hall.select'. */
  id: string;
  method: 'GET' | 'POST';
  /** Fastify-style path: '/hallview/map/:performanceId/'. */
  path: string;
  params: ParamTransport;
  /** Parses the merged input: path params + query + body. Numbers arrive as strings and are coerced. */
  request: Req;
  answer: AnswerKind;
  /** The answer's shape (for answer 'json'). */
  response: Res;
  /** Builds an answer in the call's own shape for a malformed request or a failure. */
  failure: (message: string, code?: number) => z.input<Res>;
  /** Where the spec describes it, e.g. 'hall-basket-checkout.md 7.2'. */
  spec: string;
  summary: string;
  /** Not in the spec but needed by the product (JSON variants, admin and development calls). */
  extension?: boolean;
  /**
   * A GET of the spec that changes the buyer's state (empties the basket, creates an order, sends
   * a code). Servers treat it like a POST: the session's CSRF token and an allowed Origin are
   * required, so no link or image on another site can trigger it. POSTs always change state.
   */
  changesState?: boolean;
  /**
   * Set when another call shares this method and path (the spec's `?json=1`, `?list`,
   * `?onlyNavImg`): this call answers when the query carries `name` (equal to `value` when
   * given). Within a group of calls sharing a route, the one without `queryFlag` is the fallback.
   * See `routeGroups` / `pickCall`.
   */
  queryFlag?: QueryFlag;
}

export interface QueryFlag {
  name: string;
  /** When absent, the flag only has to be present (`?list`). */
  value?: string;
}

export type CallRequest<C extends CallDef> = z.output<C['request']>;
export type CallResponse<C extends CallDef> = z.input<C['response']>;

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return def;
}

/** `GET /hallview/map/:performanceId/` → key used to tell routes apart. */
export function routeKey(call: Pick<CallDef, 'method' | 'path'>): string {
  return `${call.method} ${call.path}`;
}

/** True when the query (already parsed, values as strings) selects a call's `queryFlag`. */
export function queryFlagMatches(flag: QueryFlag, query: Record<string, unknown>): boolean {
  if (!(flag.name in query)) return false;
  const v = query[flag.name];
  if (flag.value === undefined) return true;
  return (Array.isArray(v) ? v.map(String) : [String(v)]).includes(flag.value);
}

/**
 * Groups calls by method and path, so that a router registers one route per group and
 * dispatches with `pickCall`. Flagged calls come first, the fallback last.
 */
export function routeGroups<C extends CallDef>(calls: readonly C[]): Map<string, C[]> {
  const groups = new Map<string, C[]>();
  for (const call of calls) {
    const key = routeKey(call);
    const group = groups.get(key) ?? [];
    group.push(call);
    groups.set(key, group);
  }
  for (const group of groups.values()) group.sort((a, b) => Number(!a.queryFlag) - Number(!b.queryFlag));
  return groups;
}

/** Picks the call of a route group that answers this query: a matching flag, else the fallback. */
export function pickCall<C extends CallDef>(group: readonly C[], query: Record<string, unknown>): C | undefined {
  return (
    group.find((c) => c.queryFlag !== undefined && queryFlagMatches(c.queryFlag, query)) ??
    group.find((c) => c.queryFlag === undefined)
  );
}
