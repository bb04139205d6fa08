import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { BankStep, SandboxBank } from './bank.js';
import { renderBankStep } from './pages.js';
import { SANDBOX_3DS_PATH, SANDBOX_PAY_PATH } from './provider.js';

const paymentId = z.string().trim().min(1).max(100);
const text = (max: number) => z.string().max(max).default('');

const openQuery = z.object({ mdOrder: paymentId });
const cardBody = z.object({ mdOrder: paymentId, pan: text(40), expiry: text(10), cvc: text(10), holder: text(60) });
const codeBody = z.object({ mdOrder: paymentId, token: z.string().max(100), code: text(20) });

function send(reply: FastifyReply, step: BankStep) {
  const { status, html } = renderBankStep(step);
  // The bank page is shown only inside this site's own checkout frame (or on its own).
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', "frame-ancestors 'self'")
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The sandbox bank's hosted pages (an extension of the spec: a real acquirer serves these from
 * its own host). GET shows the card form, the form posts back here, and a 3-D Secure card
 * adds a confirmation step.
 */
export function registerSandboxBankRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.get(SANDBOX_PAY_PATH, async (req, reply) => {
    const q = openQuery.safeParse(req.query);
    if (!q.success) return send(reply, { step: 'missing' });
    return send(reply, await bank.open(q.data.mdOrder));
  });

  app.post(SANDBOX_PAY_PATH, async (req, reply) => {
    const b = cardBody.safeParse(req.body ?? {});
    if (!b.success) return send(reply, { step: 'missing' });
    const { mdOrder, ...card } = b.data;
    return send(reply, await bank.payWithCard(mdOrder, card));
  });

  app.post(SANDBOX_3DS_PATH, async (req, reply) => {
    const b = codeBody.safeParse(req.body ?? {});
    if (!b.success) return send(reply, { step: 'missing' });
    return send(reply, await bank.confirm3ds(b.data.mdOrder, { token: b.data.token, code: b.data.code }));
  });
}
