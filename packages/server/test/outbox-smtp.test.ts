/**
 * E-mail through SMTP (notifications/senders/smtp.ts) against a local SMTP server started by the
 * test: the message arrives with its subject, text, HTML and both kinds of attachment (bytes
 * stored in the outbox, and a path on the site fetched at send time from a tiny HTTP server
 * standing for the site). An attachment address off the site is refused, and neither the SMTP
 * password nor an attachment's token reaches last_error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { deliverPending, enqueue, getMessage, type OutboxMessageInput } from '../src/notifications/outbox.js';
import { attachmentAddress, smtpSender } from '../src/notifications/senders/smtp.js';
import { describeEachDatabase } from './support/databases.js';

const USER = 'partera';
const PASSWORD = 'smtp-Pa55word-secret';
const TICKET = Buffer.from('%PDF-1.4\nfake ticket\n%%EOF');

let smtp: SMTPServer;
let smtpPort: number;
const received: Array<{ mail: ParsedMail; user: unknown; envelopeTo: string[] }> = [];

let site: Server;
let siteUrl: string;
const siteRequests: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ mail, user: session.user, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  // The site: renders a ticket PDF for the right token, 404 otherwise; at the root and under the
  // language prefix 'en', as two sites would (one without a prefix, one with LANG_PREFIX=en).
  site = createServer((req, res) => {
    siteRequests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://site');
    const path = url.pathname.replace(/^\/en\//, '/');
    if (path === '/order/ticket/ABCDEFGHJKLM.pdf' && url.searchParams.get('token') === 'tok-secret') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(TICKET);
    } else {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

it('fetches attachments only from a path on the site, under its language prefix', () => {
  const site = { publicUrl: 'https://tickets.example' };
  expect(attachmentAddress(site, '/order/ticket/A.pdf?token=t').toString()).toBe(
    'https://tickets.example/order/ticket/A.pdf?token=t',
  );
  // A site with LANG_PREFIX answers the path without it with a redirect, which the fetch refuses.
  expect(attachmentAddress({ ...site, langPrefix: 'en' }, '/order/ticket/A.pdf?token=t').toString()).toBe(
    'https://tickets.example/en/order/ticket/A.pdf?token=t',
  );
  for (const bad of ['https://other.example/a.pdf', '//other.example/a.pdf', '/\\other.example/a.pdf', 'a.pdf', '']) {
    expect(() => attachmentAddress(site, bad), bad).toThrow('not a path on this site');
  }
});

describeEachDatabase('e-mail through SMTP', (get) => {
  const base = new Date('2030-09-01T09:00:00Z');
  const clock = new ManualClock({ now: () => base });
  const smtpUrl = (password = PASSWORD) => `smtp://${USER}:${encodeURIComponent(password)}@127.0.0.1:${smtpPort}`;
  const email = (password?: string) => ({
    email: smtpSender({ smtpUrl: smtpUrl(password), from: 'Партера <tickets@partera.example>', publicUrl: siteUrl }),
  });
  const enqueueMail = (message: Omit<OutboxMessageInput, 'channel'>) =>
    get().db.transaction((tx) => enqueue(tx, { channel: 'email', ...message }, clock.now()));

  it('delivers the e-mail with its subject, text, HTML and both kinds of attachment', async () => {
    const { db } = get();
    const before = received.length;
    const id = await enqueueMail({
      recipient: 'anna@example.test',
      subject: 'Ваши билеты на «Щелкунчик»',
      text: 'Заказ № 42 оплачен.',
      html: '<p>Заказ <b>№ 42</b> оплачен.</p>',
      attachments: [
        { filename: 'note.txt', contentType: 'text/plain', contentBase64: Buffer.from('привет').toString('base64') },
        {
          filename: 'bilet-ABCDEFGHJKLM.pdf',
          contentType: 'application/pdf',
          url: '/order/ticket/ABCDEFGHJKLM.pdf?token=tok-secret',
        },
      ],
    });
    expect(await deliverPending({ db, clock }, email())).toEqual({ sent: 1, failed: 0 });
    expect(received.length).toBe(before + 1);
    const { mail, user, envelopeTo } = received.at(-1)!;
    expect(user).toBe(USER);
    expect(envelopeTo).toEqual(['anna@example.test']);
    expect(mail.from?.value).toEqual([{ address: 'tickets@partera.example', name: 'Партера' }]);
    expect(mail.subject).toBe('Ваши билеты на «Щелкунчик»');
    expect(mail.text?.trim()).toBe('Заказ № 42 оплачен.');
    expect(mail.html).toContain('<p>Заказ <b>№ 42</b> оплачен.</p>');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString('utf8')])).toEqual([
      ['note.txt', 'text/plain', 'привет'],
      ['bilet-ABCDEFGHJKLM.pdf', 'application/pdf', TICKET.toString('utf8')],
    ]);
    expect(siteRequests.at(-1)).toBe('/order/ticket/ABCDEFGHJKLM.pdf?token=tok-secret');
    const row = (await getMessage(db, id))!;
    expect([row.status, row.attempts, row.sentAt?.toISOString()]).toEqual(['sent', 1, base.toISOString()]);
  });

  it('fails a try, and sends nothing, when an attachment is off the site or the site cannot render it', async () => {
    const { db } = get();
    const before = received.length;
    const siteBefore = siteRequests.length;
    const offSite = await enqueueMail({
      recipient: 'b@example.test',
      subject: 'x',
      text: 'x',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', url: 'https://other.example/a.pdf' }],
    });
    const missing = await enqueueMail({
      recipient: 'c@example.test',
      subject: 'y',
      text: 'y',
      attachments: [
        { filename: 'b.pdf', contentType: 'application/pdf', url: '/order/ticket/ZZZZ.pdf?token=tok-other' },
      ],
    });
    expect(await deliverPending({ db, clock }, email())).toEqual({ sent: 0, failed: 2 });
    expect(received.length).toBe(before);
    // Only the path on the site was fetched.
    expect(siteRequests.slice(siteBefore)).toEqual(['/order/ticket/ZZZZ.pdf?token=tok-other']);
    expect((await getMessage(db, offSite))!.lastError).toBe('Attachment address is not a path on this site');
    const row = (await getMessage(db, missing))!;
    expect([row.status, row.lastError]).toEqual(['pending', 'Attachment b.pdf: the site answered 404']);
    clock.advance(3600_000);
  });

  it('fails a try on a refused login, without the password in last_error', async () => {
    const { db } = get();
    const before = received.length;
    const id = await enqueueMail({ recipient: 'd@example.test', subject: 'z', text: 'z' });
    const result = await deliverPending({ db, clock }, email('wrong-Pa55word'));
    expect(result.sent).toBe(0);
    expect(received.length).toBe(before);
    const row = (await getMessage(db, id))!;
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/^SMTP: Invalid login/);
    expect(row.lastError).not.toContain('wrong-Pa55word');
    expect(row.lastError).not.toContain(PASSWORD);
  });
});
