import * as crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

/**
 * A session id's signature and its CSRF token come from one HMAC of the id's random part
 * (http/session.ts sessionSecrets); tokens that pages got before that are still accepted.
 */

const hmacs = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return {
    ...actual,
    createHmac: (...args: Parameters<typeof actual.createHmac>) => {
      hmacs.count++;
      return actual.createHmac(...args);
    },
  };
});

const { csrfMatches, csrfTokenFor, isValidSessionId, issueSession, VerifiedSessions } = await import(
  '../src/http/session.js'
);

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const hmac = (text: string) => crypto.createHmac('sha256', SECRET).update(text).digest('base64url').slice(0, 22);

/** A request carrying `sent` as its x-csrf-token for the session `id`, as the session plugin leaves it. */
function requestWith(id: string, sent: string | undefined): FastifyRequest {
  const csrfToken = csrfTokenFor(id, SECRET);
  return {
    headers: sent === undefined ? {} : { 'x-csrf-token': sent },
    query: {},
    body: {},
    session: {
      id,
      csrfToken,
      isNew: false,
      source: 'cookie',
      partnerOrigin: null,
      earlierCsrfToken: () => hmac(`csrf:${id}`),
    },
  } as unknown as FastifyRequest;
}

describe('session secrets', () => {
  it('a new session costs one signature, and so does a first visit to a process', () => {
    const before = hmacs.count;
    const verified = new VerifiedSessions(SECRET);
    const issued = verified.issue();
    expect(hmacs.count - before).toBe(1);
    const elsewhere = new VerifiedSessions(SECRET);
    expect(elsewhere.csrfTokenOf(issued.id)).toBe(issued.csrfToken);
    expect(hmacs.count - before).toBe(2);
  });

  it('ids keep their signature: an id signed before is still genuine', () => {
    const random = crypto.randomBytes(18).toString('base64url');
    expect(isValidSessionId(`${random}.${hmac(`session:${random}`)}`, SECRET)).toBe(true);
    expect(isValidSessionId(`${random}.${hmac(`session:${random}x`)}`, SECRET)).toBe(false);
  });

  it('the token is none of the id’s characters and differs between sessions', () => {
    const a = issueSession(SECRET);
    const b = issueSession(SECRET);
    expect(a.csrfToken).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(a.id).not.toContain(a.csrfToken);
    expect(a.csrfToken).not.toBe(b.csrfToken);
    expect(csrfTokenFor(a.id, SECRET)).toBe(a.csrfToken);
  });

  it('a state change needs the session’s token: the current one or the one pages had before', () => {
    const { id } = issueSession(SECRET);
    const other = issueSession(SECRET);
    expect(csrfMatches(requestWith(id, csrfTokenFor(id, SECRET)))).toBe(true);
    expect(csrfMatches(requestWith(id, hmac(`csrf:${id}`)))).toBe(true);
    expect(csrfMatches(requestWith(id, other.csrfToken))).toBe(false);
    expect(csrfMatches(requestWith(id, hmac(`csrf:${other.id}`)))).toBe(false);
    expect(csrfMatches(requestWith(id, ''))).toBe(false);
    expect(csrfMatches(requestWith(id, undefined))).toBe(false);
  });
});
