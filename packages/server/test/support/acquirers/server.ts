/**
 * The HTTP skeleton the acquirer simulators share: a node:http server on 127.0.0.1 and an
 * ephemeral port that reads each request (JSON or form body), keeps it for the test to read, and
 * answers what the simulator's handler says. A test may intercept the next request: answer it
 * otherwise (an outage, an error page) without the handler, or 'drop' it: the handler processes it
 * but its answer is lost (the connection is cut), as when a network fails after the acquirer acted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SimRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The body as sent. */
  raw: string;
  /** The body read as JSON or as a form, whichever its content type says; {} otherwise. */
  fields: Record<string, unknown>;
}

export interface SimAnswer {
  status: number;
  json: unknown;
}

export interface SimServer {
  /** `http://127.0.0.1:{port}`. */
  url: string;
  /** Every request, oldest first. */
  requests: SimRequest[];
  /**
   * The next request (to this path, when given) is answered like this instead of by the handler
   * (an outage, an error page), or dropped after the handler acted.
   */
  interceptNext(answer: SimAnswer | 'drop', path?: string): void;
  close(): Promise<void>;
}

function fieldsOf(req: IncomingMessage, raw: string): Record<string, unknown> {
  const type = req.headers['content-type'] ?? '';
  try {
    if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return {};
}

export async function startSimServer(handler: (req: SimRequest) => SimAnswer): Promise<SimServer> {
  const requests: SimRequest[] = [];
  const intercepts: Array<{ answer: SimAnswer | 'drop'; path: string | undefined }> = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const sim: SimRequest = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://sim.invalid').pathname,
      headers: req.headers,
      raw,
      fields: fieldsOf(req, raw),
    };
    requests.push(sim);
    const at = intercepts.findIndex((i) => i.path === undefined || i.path === sim.path);
    const intercept = at < 0 ? undefined : intercepts.splice(at, 1)[0]!.answer;
    const answer = intercept === undefined || intercept === 'drop' ? handler(sim) : intercept;
    if (intercept === 'drop') {
      res.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(answer.json));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    interceptNext: (answer, path) => intercepts.push({ answer, path }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Receipt lines as the simulators check them: each line's quantity × price is its amount, all add up. */
export function receiptAddsUp(
  lines: ReadonlyArray<{ quantity: number; price: number; amount: number }>,
  total: number,
): boolean {
  return (
    lines.length > 0 &&
    lines.every((l) => Number.isInteger(l.quantity) && l.quantity > 0 && l.quantity * l.price === l.amount) &&
    lines.reduce((sum, l) => sum + l.amount, 0) === total
  );
}
