/**
 * What the sandbox bank makes of a device wallet's token. A real acquirer decrypts the token
 * with its keys; the sandbox reads the shape each wallet documents and picks the test card's
 * behaviour from the card the token names, so the demo and the tests can reach every answer:
 *
 * - the browser wallet (Google Pay): `{protocolVersion, signature, signedMessage}`, where
 *   signedMessage is JSON; its `paymentMethodDetails.pan` (a test card of cards.ts) or else
 *   `paymentMethodDetails.authMethod` decides: PAN_ONLY asks for 3-D Secure, CRYPTOGRAM_3DS
 *   (already authenticated on the device) succeeds;
 * - the phone-maker wallet (Apple Pay): `{paymentData: {version, data, signature, header},
 *   paymentMethod: {displayName, network}, transactionIdentifier}`; the last four digits of
 *   displayName name the test card (the wallet authenticates the buyer itself: no 3-D Secure).
 */
import { z } from 'zod';
import type { WalletToken } from '../provider.js';
import { type CardBehaviour, TEST_CARDS } from './cards.js';

const googleToken = z.object({
  protocolVersion: z.string().min(1).max(20),
  signature: z.string().min(1).max(2000),
  signedMessage: z.string().min(1).max(20_000),
});

const googleMessage = z.looseObject({
  paymentMethodDetails: z
    .looseObject({ pan: z.string().max(19).optional(), authMethod: z.string().max(40).optional() })
    .optional(),
});

const appleToken = z.object({
  paymentData: z.looseObject({
    version: z.string().min(1).max(20),
    data: z.string().min(1).max(20_000),
    signature: z.string().min(1).max(20_000),
    header: z.record(z.string(), z.unknown()),
  }),
  paymentMethod: z.looseObject({ displayName: z.string().max(100).optional(), network: z.string().max(40).optional() }),
  transactionIdentifier: z.string().min(1).max(200),
});

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function byLast4(digits: string | undefined): CardBehaviour | undefined {
  if (!digits) return undefined;
  return TEST_CARDS.find((c) => c.number.endsWith(digits.slice(-4)))?.behaviour;
}

/** The behaviour the token asks for, or null when it is not a token of that wallet. */
export function sandboxWalletBehaviour(token: WalletToken): CardBehaviour | null {
  const parsed = json(token.token);
  if (token.wallet === 'google_pay') {
    const outer = googleToken.safeParse(parsed);
    if (!outer.success) return null;
    const message = googleMessage.safeParse(json(outer.data.signedMessage));
    if (!message.success) return null;
    const details = message.data.paymentMethodDetails;
    const card = TEST_CARDS.find((c) => c.number === details?.pan?.replace(/\D/g, ''));
    if (card) return card.behaviour;
    return details?.authMethod === 'PAN_ONLY' ? '3ds' : 'success';
  }
  const apple = appleToken.safeParse(parsed);
  if (!apple.success) return null;
  const behaviour = byLast4(/\d{4}\s*$/.exec(apple.data.paymentMethod.displayName ?? '')?.[0]) ?? 'success';
  return behaviour === '3ds' ? 'success' : behaviour;
}
