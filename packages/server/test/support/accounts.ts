import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../../src/db/index.js';
import { type Buyer, buyer } from './app.js';

/** The password test accounts register with. */
export const TEST_PASSWORD = 'long enough 1';

let serial = 0;

/** An e-mail no other test of the run uses. */
export function uniqueEmail(prefix = 'buyer'): string {
  return `${prefix}${Date.now().toString(36)}${++serial}@example.ru`;
}

/**
 * A browser that registered an account through POST /registration/ (signed in, its e-mail not
 * confirmed yet; a code went to it).
 */
export async function registeredBuyer(
  app: FastifyInstance,
  opts: { email?: string; firstname?: string; surname?: string } = {},
): Promise<{ b: Buyer; email: string }> {
  const email = opts.email ?? uniqueEmail();
  const b = buyer(app);
  const r = await b.post('/registration/', {
    'RegistrationForm[email]': email,
    'RegistrationForm[password]': TEST_PASSWORD,
    'RegistrationForm[firstname]': opts.firstname ?? 'Анна',
    'RegistrationForm[surname]': opts.surname ?? 'Каренина',
    'RegistrationForm[consent]': '1',
  });
  expect(r.json().state).toBe(1);
  return { b, email };
}

/**
 * The code (4 digits) of the newest message the outbox holds for a recipient (an e-mail address
 * or a phone's digits): codes are in an e-mail's subject and in an SMS's text.
 */
export async function lastOutboxCode(db: Queryable, recipient: string): Promise<string> {
  const r = await db.query<{ subject: string | null; body_text: string }>(
    'SELECT subject, body_text FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  const row = r.rows[0];
  const code = /\b\d{4}\b/.exec(row?.subject || row?.body_text || '')?.[0];
  if (!code) throw new Error(`no code for ${recipient}`);
  return code;
}
