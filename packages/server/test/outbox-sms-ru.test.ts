/**
 * SMS through SMS.ru (notifications/senders/sms-ru.ts) against a local simulator of its API:
 * an accepted message is marked sent; a refused one is tried again after 1, 2, 4, 8 minutes and
 * given up after the fifth try; the api_id never reaches last_error.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { deliverPending, enqueue, getMessage, MAX_ATTEMPTS } from '../src/notifications/outbox.js';
import { smsRuNumber, smsRuSender } from '../src/notifications/senders/sms-ru.js';
import { describeEachDatabase } from './support/databases.js';
import { type SmsRuSimulator, startSmsRuSimulator } from './support/sms-ru-simulator.js';

const API_ID = 'A1B2C3D4-0000-1111-2222-SECRETAPIID';
const WRONG_API_ID = 'FFFFFFFF-9999-8888-7777-WRONGAPIID0';
const REFUSED = '79160000207';

let sim: SmsRuSimulator;
beforeAll(async () => {
  sim = await startSmsRuSimulator({ apiId: API_ID, refuse: [REFUSED] });
});
afterAll(() => sim.close());

it('sends SMS.ru the number as digits', () => {
  expect(smsRuNumber('+7 (916) 123-45-67')).toBe('79161234567');
  expect(smsRuNumber('79161234567')).toBe('79161234567');
});

describeEachDatabase('SMS through SMS.ru', (get) => {
  const base = new Date('2030-08-01T09:00:00Z');
  const clock = new ManualClock({ now: () => base });
  const sms = (apiId: string) => ({ sms: smsRuSender({ apiId, from: 'Partera', baseUrl: sim.url }) });
  const enqueueSms = (recipient: string, text: string) =>
    get().db.transaction((tx) => enqueue(tx, { channel: 'sms', recipient, text }, clock.now()));

  it('delivers an SMS: the form SMS.ru documents, and the message marked sent', async () => {
    const { db } = get();
    const before = sim.requests.length;
    const id = await enqueueSms('+79161234567', 'Код подтверждения: 1234');
    expect(await deliverPending({ db, clock }, sms(API_ID))).toEqual({ sent: 1, failed: 0 });
    expect(sim.requests.slice(before)).toEqual([
      { api_id: API_ID, to: '79161234567', msg: 'Код подтверждения: 1234', json: '1', from: 'Partera' },
    ]);
    expect(sim.accepted.at(-1)).toMatchObject({ to: '79161234567', msg: 'Код подтверждения: 1234' });
    const sent = (await getMessage(db, id))!;
    expect([sent.status, sent.attempts, sent.lastError, sent.sentAt?.toISOString()]).toEqual([
      'sent',
      1,
      null,
      clock.now().toISOString(),
    ]);
  });

  it('retries a refused api_id after 1, 2, 4 and 8 minutes, gives up after the fifth try, and never stores the api_id', async () => {
    const { db } = get();
    const id = await enqueueSms('79161234568', 'Код: 5678');
    const delays = [60_000, 120_000, 240_000, 480_000];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverPending({ db, clock }, sms(WRONG_API_ID)), `try ${attempt}`).toEqual({ sent: 0, failed: 1 });
      const row = (await getMessage(db, id))!;
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe('SMS.ru: ERROR 200 Неправильный api_id');
      expect(row.lastError).not.toContain(WRONG_API_ID);
      if (attempt === MAX_ATTEMPTS) {
        expect([row.status, row.nextAttemptAt]).toEqual(['failed', null]);
        break;
      }
      const delay = delays[attempt - 1]!;
      expect(row.status).toBe('pending');
      expect(row.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + delay);
      // Not due a moment before its time.
      clock.advance(delay - 1);
      expect(await deliverPending({ db, clock }, sms(WRONG_API_ID))).toEqual({ sent: 0, failed: 0 });
      clock.advance(1);
    }
    // A failed message is never tried again, even with the right key.
    clock.advance(24 * 3600_000);
    expect(await deliverPending({ db, clock }, sms(API_ID))).toEqual({ sent: 0, failed: 0 });
    expect((await getMessage(db, id))!.status).toBe('failed');
  });

  it('treats an error for the number itself (207) as a failed try', async () => {
    const { db } = get();
    const id = await enqueueSms(`+${REFUSED}`, 'Код: 0000');
    expect(await deliverPending({ db, clock }, sms(API_ID))).toEqual({ sent: 0, failed: 1 });
    const row = (await getMessage(db, id))!;
    expect([row.status, row.attempts]).toEqual(['pending', 1]);
    expect(row.lastError).toMatch(/^SMS\.ru: number ERROR 207 На этот номер/);
    expect(row.lastError).not.toContain(API_ID);
  });

  it('reports a gateway that does not answer without the api_id', async () => {
    const { db } = get();
    clock.advance(3600_000);
    const down = await startSmsRuSimulator({ apiId: API_ID });
    const url = down.url;
    await down.close();
    const id = await enqueueSms('79161234569', 'Код: 1111');
    const result = await deliverPending({ db, clock }, { sms: smsRuSender({ apiId: API_ID, baseUrl: url }) });
    // The 207 message of the previous test is due again too and fails the same way.
    expect(result.sent).toBe(0);
    const row = (await getMessage(db, id))!;
    expect(row.lastError).toMatch(/^SMS\.ru: fetch failed \(ECONNREFUSED\)/);
    expect(row.lastError).not.toContain(API_ID);
  });

  it('keeps the api_id out of last_error even when a gateway echoes it, and reads an outage page as a failure', async () => {
    const { db } = get();
    clock.advance(3600_000);
    const odd = await startSmsRuSimulator({
      apiId: API_ID,
      misbehave: (fields) =>
        fields.msg === 'echo'
          ? {
              status: 200,
              body: JSON.stringify({ status: 'ERROR', status_code: 300, status_text: `bad key ${fields.api_id}` }),
            }
          : { status: 503, body: '<html>Service Unavailable</html>' },
    });
    try {
      const sender = { sms: smsRuSender({ apiId: API_ID, baseUrl: odd.url }) };
      const echo = await enqueueSms('79161234570', 'echo');
      const outage = await enqueueSms('79161234571', 'outage');
      await deliverPending({ db, clock }, sender);
      expect((await getMessage(db, echo))!.lastError).toBe('SMS.ru: ERROR 300 bad key ***');
      expect((await getMessage(db, outage))!.lastError).toBe('SMS.ru: HTTP 503');
    } finally {
      await odd.close();
    }
  });
});
