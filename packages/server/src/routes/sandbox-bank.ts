import {
  sandboxBank3ds,
  sandboxBankAcs,
  sandboxBankPage,
  sandboxBankPay,
  sandboxBankSbp,
  sandboxBankSbpPay,
} from '@partera/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../http/route.js';
import { cspNonce } from '../http/security-headers.js';
import type { BankStep, SandboxBank } from '../payments/sandbox/bank.js';
import { bankPagePolicy, renderBankStep } from '../payments/sandbox/pages.js';
import { SELF_ONLY_FRAME_POLICY } from '../services/partners/index.js';

type FramePolicy = () => Promise<string>;

async function sendStep(reply: FastifyReply, step: BankStep, framePolicy: FramePolicy) {
  const nonce = cspNonce();
  const { status, html } = renderBankStep(step, nonce);
  // The bank page is shown inside this site's own checkout frame, which may itself sit in a
  // registered partner's page: a browser checks every ancestor against frame-ancestors.
  const frameAncestors = await framePolicy().catch(() => SELF_ONLY_FRAME_POLICY);
  return (
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', bankPagePolicy(nonce, frameAncestors))
      // The page's address holds the payment id: it goes to no other site.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

const MISSING: BankStep = { step: 'missing' };

/**
 * The sandbox bank's hosted pages (extensions; a real acquirer serves these from its own host).
 * GET shows the card form, the form posts back here, and a 3-D Secure card adds a confirmation
 * step. A malformed request reads as null and gets the bank's "payment not found" page.
 *
 * The two posts are CSRF-free: they come from the bank's own page, which, like a real acquirer's,
 * stands outside the shop's session and has no site token to send. Nor would a token protect
 * anything: they read no cookie or session, only what the form itself carries (the payment id,
 * the card, the signed 3-D Secure step token), so a forged post can do nothing its author could
 * not do directly.
 */
export function registerSandboxBankPages(app: FastifyInstance, bank: SandboxBank): void {
  const { framePolicy } = app.partnerOrigins;
  const send = (reply: FastifyReply, step: BankStep) => sendStep(reply, step, framePolicy);
  route(app, sandboxBankPage, async (input, _req, reply) =>
    send(reply, input ? await bank.open(input.mdOrder) : MISSING),
  );

  route(
    app,
    sandboxBankPay,
    async (input, _req, reply) => {
      if (!input) return send(reply, MISSING);
      const { mdOrder, pan, expiry, cvc, holder } = input;
      return send(reply, await bank.payWithCard(mdOrder, { pan, expiry, cvc, holder }));
    },
    { csrf: false },
  );

  route(
    app,
    sandboxBank3ds,
    async (input, _req, reply) =>
      send(reply, input ? await bank.confirm3ds(input.mdOrder, { token: input.token, code: input.code }) : MISSING),
    { csrf: false },
  );

  // The wallet's 3-D Secure form (MD, PaReq, TermUrl), posted by the checkout's hidden form into
  // its payment frame: like the card form, it carries everything it acts on, and PaReq is the
  // bank's own signed step token for that MD.
  route(
    app,
    sandboxBankAcs,
    async (input, _req, reply) => send(reply, input ? await bank.acs(input.MD, input.PaReq) : MISSING),
    { csrf: false },
  );

  route(app, sandboxBankSbp, async (input, _req, reply) =>
    send(reply, input ? await bank.openSbp(input.mdOrder) : MISSING),
  );

  route(
    app,
    sandboxBankSbpPay,
    async (input, _req, reply) => send(reply, input ? await bank.answerSbp(input.mdOrder, input.action) : MISSING),
    { csrf: false },
  );
}
