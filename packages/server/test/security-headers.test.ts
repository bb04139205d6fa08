import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../src/http/security-headers.js';
import { buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const guest = { email: 'anna@example.ru', name: 'Анна', surname: 'Петрова', payment: 'card', pc: 'bankovskaya_karta' };

/** Directive → sources of a Content-Security-Policy header. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectHardened(res: LightMyRequestResponse, what: string, referrerPolicy = 'strict-origin-when-cross-origin') {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe(referrerPolicy);
  expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
}

describeEachDatabase('finding 8: security headers on every answer', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db, { config: { publicUrl: 'https://partera.example' } }));
  });

  it('adds nosniff, Referrer-Policy and Permissions-Policy to JSON, PDF, HTML, SVG, errors and 404s', async () => {
    const f = await createHallFixture(get().db);
    const b = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).status).toBe(200);
    const order = (await b.post('/order/createAnonymousOrder/', guest)).json();
    const orderId = Number(order.url.split('/')[3]);
    const session = (await b.post(`/payment/session/${orderId}/`, {})).json();
    const paid = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/pay/',
      payload: { mdOrder: session.get.mdOrder, pan: '4111111111111111', expiry: '12/39', cvc: '123', holder: 'ANNA' },
    });
    expect(paid.body).toContain('Оплата прошла успешно');
    const ticket = await get().db.query<{ code: string; access_token: string }>(
      'SELECT t.code, o.access_token FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.id = $1',
      [orderId],
    );
    const { code, access_token: token } = ticket.rows[0]!;
    const show = await get().db.query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [
      f.performanceId,
    ]);

    const answers: Array<[string, LightMyRequestResponse, string?]> = [
      [
        'JSON',
        await app.inject({ method: 'GET', url: `/payment/state/${orderId}/?token=${encodeURIComponent(token)}` }),
      ],
      ['PDF', await app.inject({ method: 'GET', url: `/order/ticket/${code}.pdf?token=${encodeURIComponent(token)}` })],
      ['SVG', await app.inject({ method: 'GET', url: `/media/poster/${show.rows[0]!.show_id}.svg` })],
      ['unknown route', await app.inject({ method: 'GET', url: '/no/such/route/' })],
      [
        'malformed JSON body',
        await app.inject({
          method: 'POST',
          url: '/payment/callback/sandbox/',
          headers: { 'content-type': 'application/json' },
          payload: '{"eventId":',
        }),
      ],
      ['no CSRF token', await app.inject({ method: 'POST', url: '/hallPlace/select/', payload: { cypher: '1' } })],
      // The bank page answers its own, stricter Referrer-Policy: the hook keeps it.
      ['bank page', paid, 'same-origin'],
    ];
    const types = answers.map(([, res]) => String(res.headers['content-type']).split(';')[0]);
    expect(types).toEqual([
      'application/json',
      'application/pdf',
      'image/svg+xml',
      'application/json',
      'application/json',
      'application/json',
      'text/html',
    ]);
    expect(answers.map(([, res]) => res.statusCode)).toEqual([200, 200, 200, 404, 400, 403, 200]);
    for (const [what, res, referrer] of answers) expectHardened(res, what, referrer);
  });

  it('gives the sandbox bank’s pages a nonce policy that their own inline script and style satisfy', async () => {
    const f = await createHallFixture(get().db);
    const b = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).status).toBe(200);
    const order = (await b.post('/order/createAnonymousOrder/', guest)).json();
    const session = (await b.post(`/payment/session/${Number(order.url.split('/')[3])}/`, {})).json();
    const mdOrder: string = session.get.mdOrder;
    const pages = [
      await app.inject({ method: 'GET', url: `/sandbox-bank/pay/?mdOrder=${mdOrder}` }),
      await app.inject({ method: 'GET', url: '/sandbox-bank/pay/?mdOrder=no-such-payment' }),
      // The 3-D Secure card asks for the code; the wrong code declines and sends the buyer back.
      await app.inject({
        method: 'POST',
        url: '/sandbox-bank/pay/',
        payload: { mdOrder, pan: '4000000000003220', expiry: '12/39', cvc: '123', holder: 'ANNA' },
      }),
    ];
    const token = /name="token" value="([^"]+)"/.exec(pages[2]!.body)?.[1];
    expect(token).toBeDefined();
    pages.push(
      await app.inject({ method: 'POST', url: '/sandbox-bank/3ds/', payload: { mdOrder, token, code: '000000' } }),
    );
    const nonces = new Set<string>();
    for (const res of pages) {
      const csp = directives(res.headers['content-security-policy']);
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(csp.get('script-src')?.[0] ?? '')?.[1];
      expect(nonce).toBeDefined();
      nonces.add(nonce!);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual([`'nonce-${nonce}'`]);
      expect(csp.get('style-src')).toEqual([`'nonce-${nonce}'`]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')?.[0]).toBe("'self'");
      // Every inline script and style sheet carries the nonce; no style attribute, no handler.
      for (const tag of res.body.match(/<(script|style)\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.body).not.toMatch(/<[^>]+\s(style|on[a-z]+)=/i);
      expectHardened(res, 'bank page', 'same-origin');
    }
    expect(pages[0]!.body).toContain('<script nonce=');
    expect(pages[3]!.body).toContain('<script nonce=');
    expect(nonces.size).toBe(pages.length);
  });
});
