/**
 * A stand-in for SMS.ru's HTTP API, method sms/send, as its public documentation describes it,
 * on 127.0.0.1 and an ephemeral port. POST /sms/send with form fields api_id, to, msg, json=1 and
 * an optional from answers:
 *
 * - a wrong api_id: { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' };
 * - otherwise { status: 'OK', status_code: 100, sms: { [number]: entry }, balance }, where the
 *   entry is { status: 'OK', status_code: 100, sms_id } or, for a number set up to be refused,
 *   { status: 'ERROR', status_code: 207, status_text: … }.
 *
 * Every request's fields are kept, so a test can read what the sender sent. `misbehave` lets a
 * test answer otherwise (an outage page, a gateway that echoes what it got).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRuSimulator {
  /** `http://127.0.0.1:{port}`: the sender's base URL (SMS_RU_URL). */
  url: string;
  /** The form fields of every POST /sms/send, oldest first. */
  requests: Array<Record<string, string>>;
  /** The sms_id of each accepted message, by number. */
  accepted: Array<{ to: string; msg: string; smsId: string }>;
  close(): Promise<void>;
}

/** Numbers the operator refuses (SMS.ru code 207: the number cannot be sent to). */
const REFUSED_TEXT = 'На этот номер (или один из номеров) нельзя отправлять сообщения';

export async function startSmsRuSimulator(opts: {
  apiId: string;
  refuse?: string[];
  /** An answer of its own for a request, instead of the documented one: HTTP status and body. */
  misbehave?: (fields: Record<string, string>) => { status: number; body: string } | undefined;
}): Promise<SmsRuSimulator> {
  const requests: SmsRuSimulator['requests'] = [];
  const accepted: SmsRuSimulator['accepted'] = [];
  const refuse = new Set(opts.refuse ?? []);
  let nextId = 1;

  const answer = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/sms/send') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    requests.push(fields);
    const odd = opts.misbehave?.(fields);
    if (odd) {
      res.writeHead(odd.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(odd.body);
      return;
    }
    if (fields.api_id !== opts.apiId) {
      answer(res, { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
      return;
    }
    const to = fields.to ?? '';
    if (!/^\d{10,15}$/.test(to)) {
      answer(res, { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер телефона получателя' });
      return;
    }
    if (!fields.msg) {
      answer(res, { status: 'ERROR', status_code: 203, status_text: 'Нет текста сообщения' });
      return;
    }
    if (refuse.has(to)) {
      answer(res, {
        status: 'OK',
        status_code: 100,
        sms: { [to]: { status: 'ERROR', status_code: 207, status_text: REFUSED_TEXT } },
        balance: 100.5,
      });
      return;
    }
    const smsId = `000000-${String(1_000_000 + nextId++)}`;
    accepted.push({ to, msg: fields.msg, smsId });
    answer(res, {
      status: 'OK',
      status_code: 100,
      sms: { [to]: { status: 'OK', status_code: 100, sms_id: smsId } },
      balance: 99.5,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accepted,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
