import type { PaymentStart } from '../provider.js';

/** How long an acquirer's API may take to answer one request. */
export const ACQUIRER_TIMEOUT_MS = 15_000;

/**
 * A call to an acquirer's API that did not do what was asked. `transport`: no answer (a timeout,
 * a dropped connection) or an HTTP 5xx, so the acquirer may or may not have acted; `refused`: the
 * acquirer answered that it did not (its error code). The message names the provider, the
 * operation, the HTTP status and the acquirer's code: never a credential or a request body.
 */
export class AcquirerError extends Error {
  constructor(
    readonly provider: string,
    readonly operation: string,
    readonly kind: 'transport' | 'refused',
    readonly code?: string,
  ) {
    super(`${provider} ${operation}: ${kind}${code === undefined ? '' : ` (${code})`}`);
    this.name = 'AcquirerError';
  }
}

export interface AcquirerAnswer {
  status: number;
  /** The answer's JSON, or undefined when it was none. */
  json: unknown;
}

/**
 * One request to an acquirer, answered with its HTTP status and JSON. No answer at all, or a 5xx,
 * throws AcquirerError 'transport'; any other status is the caller's to read (the acquirers
 * answer their refusals with 4xx or with 200 and an error code).
 */
export async function callAcquirer(req: {
  provider: string;
  operation: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}): Promise<AcquirerAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(req.timeoutMs ?? ACQUIRER_TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    throw new AcquirerError(req.provider, req.operation, 'transport');
  }
  if (response.status >= 500)
    throw new AcquirerError(req.provider, req.operation, 'transport', String(response.status));
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

/**
 * The checkout submits a redirect's fields as a form into the bank frame (spec 3.15), and a GET
 * form replaces the address's query: an acquirer's page address is split into the address and
 * its query parameters as the fields, so the browser lands on the very same address.
 */
export function redirectTo(paymentId: string, pageUrl: string): PaymentStart {
  const url = new URL(pageUrl);
  const fields = Object.fromEntries(url.searchParams);
  url.search = '';
  url.hash = '';
  return { kind: 'redirect', paymentId, url: url.toString(), method: 'GET', fields };
}

/** The acquirer's page address must be one: an answer without it is a refusal. */
export function pageUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}
