import type { MessageSender, OutboxMessage } from '../outbox.js';
import { fetchFailure, withoutSecrets } from './errors.js';

/**
 * SMS through SMS.ru's HTTP API, method sms/send: a POST of form fields `api_id` (the account's
 * key), `to` (the number, digits only), `msg`, `json=1` and, when set, `from` (a sender name the
 * gateway approved). The JSON answer:
 *
 *   { status: 'OK' | 'ERROR', status_code, status_text?, balance?,
 *     sms: { '79161234567': { status: 'OK' | 'ERROR', status_code, sms_id?, status_text? } } }
 *
 * A message is accepted only when the request's status is OK and the number's own entry is OK
 * with status_code 100. Anything else is a failure the outbox retries: an ERROR of the request
 * (200 wrong api_id, 201 no money, 220 service busy …) or of the number (202 wrong number, 207
 * the number cannot be sent to …). The api_id is a secret: it goes only in the request body,
 * never in an error text (those are stored and logged).
 */
export interface SmsRuSenderOptions {
  apiId: string;
  /** An approved sender name; without it the account's default sender. */
  from?: string | undefined;
  /** The API's address, https://sms.ru by default (a simulator in tests). */
  baseUrl: string;
  /** Longest wait for the answer; default 15 s. */
  timeoutMs?: number;
}

interface SmsRuEntry {
  status?: unknown;
  status_code?: unknown;
  status_text?: unknown;
  sms_id?: unknown;
}

interface SmsRuAnswer extends SmsRuEntry {
  sms?: Record<string, SmsRuEntry>;
}

/** The number as SMS.ru takes it: digits only ('+7 999 000-00-00' → '79990000000'). */
export function smsRuNumber(recipient: string): string {
  return recipient.replace(/\D/g, '');
}

export function smsRuSender(opts: SmsRuSenderOptions): MessageSender {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/sms/send`;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const fail: (text: string) => never = (text) => {
    throw new Error(`SMS.ru: ${withoutSecrets(text, [opts.apiId])}`);
  };
  return {
    name: 'sms.ru',
    async send(message: OutboxMessage) {
      const to = smsRuNumber(message.recipient);
      if (to.length < 10) fail('the recipient is not a phone number');
      const form = new URLSearchParams({ api_id: opts.apiId, to, msg: message.text, json: '1' });
      if (opts.from) form.set('from', opts.from);
      let res: Response;
      try {
        res = await fetch(endpoint, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        return fail(fetchFailure(err));
      }
      if (!res.ok) {
        await res.body?.cancel();
        fail(`HTTP ${res.status}`);
      }
      let answer: SmsRuAnswer;
      try {
        answer = (await res.json()) as SmsRuAnswer;
      } catch (err) {
        return fail(`unreadable answer (${fetchFailure(err)})`);
      }
      if (answer?.status !== 'OK') fail(`ERROR ${describe(answer)}`);
      const entries = answer.sms && typeof answer.sms === 'object' ? answer.sms : {};
      // The gateway keys the entry by the number as it normalised it; one number was sent.
      const entry = entries[to] ?? (Object.keys(entries).length === 1 ? Object.values(entries)[0] : undefined);
      if (!entry) fail('no answer for the number');
      if (entry.status !== 'OK' || Number(entry.status_code) !== 100) fail(`number ERROR ${describe(entry)}`);
    },
  };
}

function describe(e: SmsRuEntry | undefined): string {
  const code = typeof e?.status_code === 'number' || typeof e?.status_code === 'string' ? String(e.status_code) : '?';
  const text = typeof e?.status_text === 'string' ? e.status_text : '';
  return text ? `${code} ${text}` : code;
}
