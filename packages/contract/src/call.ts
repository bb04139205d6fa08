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
}

export type CallRequest<C extends CallDef> = z.output<C['request']>;
export type CallResponse<C extends CallDef> = z.input<C['response']>;

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return def;
}
