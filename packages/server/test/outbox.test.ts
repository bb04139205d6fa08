import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import {
  deliverPending,
  developmentSender,
  enqueue,
  getMessage,
  LEASE_MS,
  listMessages,
  type MessageSender,
  type OutboxMessage,
} from '../src/notifications/outbox.js';
import { describeEachDatabase } from './support/databases.js';

const config: ServerConfig = { ...loadConfig({}), production: false, devTools: true };

describeEachDatabase('outbox', (get) => {
  const base = new Date('2030-06-01T09:00:00Z');
  const clock = new ManualClock({ now: () => base });

  it('sends due messages once, tries a failed one again a minute later, and lists them newest first', async () => {
    const { db } = get();
    const a = await db.transaction((tx) =>
      enqueue(tx, { channel: 'email', recipient: 'a@example.test', subject: 'Первое', text: 'Текст' }, base),
    );
    const b = await db.transaction((tx) =>
      enqueue(tx, { channel: 'sms', recipient: '+79990000000', text: 'Код 1234' }, new Date(base.getTime() + 1000)),
    );
    // A message enqueued in a transaction that rolls back never existed.
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { channel: 'email', recipient: 'ghost@example.test', text: 'нет' }, base);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const listed = await listMessages(db);
    expect(listed.map((m) => m.id)).toEqual([b, a]);
    expect(listed.map((m) => m.status)).toEqual(['pending', 'pending']);

    const later = new ManualClock({ now: () => base });
    const seen: string[] = [];
    const flaky: MessageSender = {
      name: 'flaky',
      async send(m) {
        seen.push(m.recipient);
        if (m.channel === 'sms') throw new Error('gateway\n down');
      },
    };
    const both = { email: flaky, sms: flaky };
    expect(await deliverPending({ db, clock: later }, both)).toEqual({ sent: 1, failed: 1 });
    // The failed SMS waits a minute; the sent e-mail is never taken again.
    expect(await deliverPending({ db, clock: later }, both)).toEqual({ sent: 0, failed: 0 });
    expect(seen).toEqual(['a@example.test', '+79990000000']);
    const after = await listMessages(db);
    expect(after.map((m) => [m.id, m.status, m.sentAt?.toISOString() ?? null, m.attempts, m.lastError])).toEqual([
      [b, 'pending', null, 1, 'gateway down'],
      [a, 'sent', base.toISOString(), 1, null],
    ]);
    expect(after[0]!.nextAttemptAt?.toISOString()).toBe(new Date(base.getTime() + 60_000).toISOString());

    later.advance(60_000);
    expect(await deliverPending({ db, clock: later }, { email: developmentSender, sms: developmentSender })).toEqual({
      sent: 1,
      failed: 0,
    });
    const resent = (await getMessage(db, b))!;
    expect([resent.status, resent.attempts, resent.lastError, resent.sentAt?.toISOString()]).toEqual([
      'sent',
      2,
      null,
      new Date(base.getTime() + 60_000).toISOString(),
    ]);
  });

  it('shows the outbox on an escaped development page, with the e-mail and its attachments', async () => {
    const { db } = get();
    const id = await db.transaction((tx) =>
      enqueue(
        tx,
        {
          channel: 'email',
          recipient: 'evil"<b>@example.test',
          subject: 'Ваши билеты на «<script>alert(1)</script>»',
          text: 'Билеты <img src=x onerror=alert(2)>',
          html: '<p onclick="alert(3)">Письмо</p>',
          attachments: [
            {
              filename: 'note.txt',
              contentType: 'text/plain',
              contentBase64: Buffer.from('привет').toString('base64'),
            },
            { filename: 'bilet.pdf', contentType: 'application/pdf', url: '/order/ticket/ABCDEFGHJKLM.pdf?token=t' },
          ],
        },
        new Date(base.getTime() + 60_000),
      ),
    );
    const app = await buildApp({ db, clock, config });
    try {
      const list = await app.inject({ method: 'GET', url: '/dev/outbox/' });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toMatch(/text\/html/);
      expect(list.body).toContain('Исходящие сообщения');
      expect(list.body).toContain(`href="/dev/outbox/${id}"`);
      expect(list.body).toContain('01.06.2030 12:01');
      expect(list.body).not.toContain('<script>alert(1)');
      expect(list.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
      expect(list.body).toContain('evil&#34;&#60;b&#62;@example.test');
      expect(list.body).toMatch(/ожидает отправки|отправлено/);
      // Newest first: this message comes before the ones of the previous test.
      expect(list.body.indexOf(`/dev/outbox/${id}"`)).toBeLessThan(list.body.indexOf('a@example.test'));

      const one = await app.inject({ method: 'GET', url: `/dev/outbox/${id}` });
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain('<img src=x');
      expect(one.body).toContain('Билеты &#60;img src=x onerror=alert(2)&#62;');
      // The e-mail's own HTML is shown in a sandboxed frame, never inline in the page.
      expect(one.body).toContain(
        '<iframe sandbox title="HTML-версия письма" srcdoc="&#60;p onclick=&#34;alert(3)&#34;&#62;',
      );
      expect(one.body).not.toContain('<p onclick');
      expect(one.body).toContain(`/dev/outbox/${id}/attachments/0`);
      expect(one.body).toContain(`/dev/outbox/${id}/attachments/1`);

      const inline = await app.inject({ method: 'GET', url: `/dev/outbox/${id}/attachments/0` });
      expect(inline.statusCode).toBe(200);
      expect(inline.body).toBe('привет');
      const regenerated = await app.inject({ method: 'GET', url: `/dev/outbox/${id}/attachments/1` });
      expect(regenerated.statusCode).toBe(302);
      expect(regenerated.headers.location).toBe('/order/ticket/ABCDEFGHJKLM.pdf?token=t');
      expect((await app.inject({ method: 'GET', url: `/dev/outbox/${id}/attachments/2` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/outbox/999999' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('has no outbox page without development tools', async () => {
    const { db } = get();
    const app = await buildApp({ db, clock, config: { ...config, devTools: false } });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/outbox/' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

/** A sender whose sends wait until the test lets them finish: a send in flight, without sleeping. */
function heldSender() {
  const calls: OutboxMessage[] = [];
  const releases: Array<(err?: Error) => void> = [];
  let started: () => void = () => {};
  let nextStart = new Promise<void>((resolve) => {
    started = resolve;
  });
  const sender: MessageSender = {
    name: 'held',
    send(m) {
      calls.push(m);
      started();
      nextStart = new Promise<void>((resolve) => {
        started = resolve;
      });
      return new Promise<void>((resolve, reject) => {
        releases.push((err) => (err ? reject(err) : resolve()));
      });
    },
  };
  return {
    sender,
    calls,
    /** Resolves once the next send has begun. */
    started: () => nextStart,
    release(n: number, err?: Error) {
      releases[n]!(err);
    },
  };
}

describeEachDatabase('outbox delivery leases', (get) => {
  const base = new Date('2030-07-01T09:00:00Z');

  async function drain(clock: ManualClock) {
    await deliverPending({ db: get().db, clock }, { email: developmentSender, sms: developmentSender });
  }

  it('claims only the channels that have a sender; the others wait untouched', async () => {
    const { db } = get();
    const clock = new ManualClock({ now: () => base });
    const mail = await db.transaction((tx) =>
      enqueue(tx, { channel: 'email', recipient: 'm@example.test', text: 'e' }, base),
    );
    const sms = await db.transaction((tx) =>
      enqueue(tx, { channel: 'sms', recipient: '79990000001', text: 's' }, base),
    );
    expect(await deliverPending({ db, clock }, {})).toEqual({ sent: 0, failed: 0 });
    expect(await deliverPending({ db, clock }, { sms: developmentSender })).toEqual({ sent: 1, failed: 0 });
    expect((await getMessage(db, sms))!.status).toBe('sent');
    const waiting = (await getMessage(db, mail))!;
    expect([waiting.status, waiting.attempts]).toEqual(['pending', 0]);
    await drain(clock);
  });

  it('never claims a leased message again while the lease lasts, and claims it once the lease ran out', async () => {
    const { db } = get();
    const clock = new ManualClock({ now: () => base });
    const id = await db.transaction((tx) =>
      enqueue(tx, { channel: 'email', recipient: 'lease@example.test', text: 'x' }, base),
    );
    const first = heldSender();
    const started = first.started();
    const firstRound = deliverPending({ db, clock }, { email: first.sender });
    await started;
    // The send is in flight and no transaction is open: the database answers other calls.
    const during = (await getMessage(db, id))!;
    expect([during.status, during.attempts]).toEqual(['pending', 1]);
    const second = heldSender();
    expect(await deliverPending({ db, clock }, { email: second.sender })).toEqual({ sent: 0, failed: 0 });
    clock.advance(LEASE_MS - 1);
    expect(await deliverPending({ db, clock }, { email: second.sender })).toEqual({ sent: 0, failed: 0 });
    expect(second.calls).toEqual([]);

    // The first process is as good as dead: its lease runs out and another claims the message.
    clock.advance(1);
    const secondStarted = second.started();
    const secondRound = deliverPending({ db, clock }, { email: second.sender });
    await secondStarted;
    expect(second.calls.map((m) => [m.id, m.attempts])).toEqual([[id, 2]]);
    second.release(0);
    expect(await secondRound).toEqual({ sent: 1, failed: 0 });
    // The first send ends in a failure at last: the message was sent meanwhile, and stays sent.
    first.release(0, new Error('too late'));
    expect(await firstRound).toEqual({ sent: 0, failed: 1 });
    const done = (await getMessage(db, id))!;
    expect([done.status, done.attempts, done.lastError]).toEqual(['sent', 2, null]);
  });

  it('two rounds at once claim different messages', async () => {
    const { db } = get();
    const clock = new ManualClock({ now: () => base });
    const ids = await db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 12; i++) {
        out.push(
          await enqueue(tx, { channel: 'sms', recipient: `7999000${String(i).padStart(4, '0')}`, text: 't' }, base),
        );
      }
      return out;
    });
    const seen: number[] = [];
    const counting: MessageSender = {
      name: 'counting',
      async send(m) {
        seen.push(m.id);
      },
    };
    const rounds = await Promise.all([
      deliverPending({ db, clock }, { sms: counting }, { limit: 8 }),
      deliverPending({ db, clock }, { sms: counting }, { limit: 8 }),
    ]);
    expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(12);
    expect([...seen].sort((x, y) => x - y)).toEqual(ids);
  });

  it('hands back untried the messages whose lease would end before their send could start', async () => {
    const { db } = get();
    const clock = new ManualClock({ now: () => base });
    const ids = await db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++)
        out.push(await enqueue(tx, { channel: 'email', recipient: `s${i}@example.test`, text: 't' }, base));
      return out;
    });
    const slow: MessageSender = {
      name: 'slow',
      async send() {
        clock.advance(LEASE_MS - 20_000);
      },
    };
    expect(await deliverPending({ db, clock }, { email: slow })).toEqual({ sent: 1, failed: 0 });
    const rows = await Promise.all(ids.map((id) => getMessage(db, id)));
    expect(rows.map((m) => [m!.status, m!.attempts])).toEqual([['sent', 1], ...ids.slice(1).map(() => ['pending', 0])]);
    // Handed back, they are due at once.
    expect(await deliverPending({ db, clock }, { email: developmentSender })).toEqual({ sent: 5, failed: 0 });
  });
});
