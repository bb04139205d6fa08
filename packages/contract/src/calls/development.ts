/**
 * Development pages and controls (extensions, served only when the server runs with development
 * tools): the outbox where e-mails and SMS can be read, and the server clock of browser tests.
 */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { htmlAnswer, htmlFailure, id, int, malformedAsNull, sessionFreeRequest } from '../wire.js';

const HALL = 'hall-basket-checkout.md';
const SITE = 'site-browsing-account.md';
const MESSAGES = `the e-mails and SMS of ${HALL} 7.7 and ${SITE} 7 Phone and e-mail confirmation, and the order e-mail`;

export const devOutbox = defineCall({
  id: 'development.outbox',
  method: 'GET',
  path: '/dev/outbox/',
  params: 'query',
  request: sessionFreeRequest({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `Development page for ${MESSAGES}`,
  summary: 'The outbox page: the newest 200 messages a production sender would deliver (not cached).',
  extension: true,
});

export const devOutboxMessage = defineCall({
  id: 'development.outboxMessage',
  method: 'GET',
  path: '/dev/outbox/:id',
  params: 'query',
  request: malformedAsNull(sessionFreeRequest({ id: id() })),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `Development page for ${MESSAGES}`,
  summary:
    'One message of the outbox: text, the e-mail’s HTML in a sandboxed frame, links to its attachments. 404 page for a malformed or unknown id.',
  extension: true,
});

export const devOutboxAttachment = defineCall({
  id: 'development.outboxAttachment',
  method: 'GET',
  path: '/dev/outbox/:id/attachments/:n',
  params: 'query',
  request: malformedAsNull(sessionFreeRequest({ id: id(), n: int().min(0) })),
  answer: 'file',
  /** The attachment, or the plain-text reason of a 404. */
  response: z.string(),
  failure: (message) => message,
  spec: `Development page for ${MESSAGES}`,
  summary:
    'Attachment n (from 0) of a message, inline. A regenerable one (the ticket PDF) redirects (302) to its own download; 404 for a malformed or unknown id or n.',
  extension: true,
});

/** The server clock, or what was wrong with the request. */
const clockAnswer = z.union([z.object({ now: z.string() }), z.object({ error: z.string() })]);
const clockFailure = (message: string) => ({ error: message });
const CLOCK = `${HALL} 4.4 (hold expiry), browser tests`;

export const devClockAdvance = defineCall({
  id: 'development.clockAdvance',
  method: 'POST',
  path: '/dev/clock/advance',
  params: 'form-or-json',
  request: sessionFreeRequest({
    minutes: z.coerce
      .number()
      .min(0)
      .max(60 * 24 * 365),
  }),
  answer: 'json',
  response: clockAnswer,
  failure: clockFailure,
  spec: CLOCK,
  summary:
    'Moves the server clock forward by minutes (up to a year), so a test lets a hold expire without waiting; answers the new time as ISO 8601. Only with a manual clock (CLOCK_CONTROL=1) and development tools; no CSRF token.',
  extension: true,
});

export const devClock = defineCall({
  id: 'development.clock',
  method: 'GET',
  path: '/dev/clock',
  params: 'query',
  request: sessionFreeRequest({}),
  answer: 'json',
  response: clockAnswer,
  failure: clockFailure,
  spec: CLOCK,
  summary: 'The server clock as ISO 8601. Only with a manual clock (CLOCK_CONTROL=1) and development tools.',
  extension: true,
});

export const developmentCalls = [devOutbox, devOutboxMessage, devOutboxAttachment, devClockAdvance, devClock] as const;
