import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import {
  deliverPending,
  developmentSender,
  enqueue,
  listMessages,
  type MessageSender,
} from '../src/notifications/outbox.js';
import { describeEachDatabase } from './support/databases.js';

const config: ServerConfig = { ...loadConfig({}), production: false, devTools: true };

describeEachDatabase('outbox', (get) => {
  const base = new Date('2030-06-01T09:00:00Z');
  const clock = new ManualClock({ now: () => base });

  it('sends pending messages once, marks them sent or failed, and lists them newest first', async () => {
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

    const seen: string[] = [];
    const flaky: MessageSender = {
      name: 'flaky',
      async send(m) {
        seen.push(m.recipient);
        if (m.channel === 'sms') throw new Error('gateway down');
      },
    };
    expect(await deliverPending({ db, clock }, flaky)).toEqual({ sent: 1, failed: 1 });
    expect(await deliverPending({ db, clock }, developmentSender)).toEqual({ sent: 0, failed: 0 });
    expect(seen).toEqual(['a@example.test', '+79990000000']);
    const after = await listMessages(db);
    expect(after.map((m) => [m.id, m.status, m.sentAt?.toISOString() ?? null])).toEqual([
      [b, 'failed', null],
      [a, 'sent', base.toISOString()],
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
