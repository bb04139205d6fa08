/** Completion and embedding calls (hall-basket-checkout.md 7.8, 4.12, 4.13). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { flag, id, request } from '../wire.js';

const HALL = 'hall-basket-checkout.md';

export const bartelloAuth = defineCall({
  id: 'embedding.bartelloAuth',
  method: 'GET',
  path: '/bartello/auth/',
  params: 'query',
  request: request({ orderId: id() }),
  answer: 'json',
  response: z.object({
    token: z.string().optional(),
    error: z.number().int().optional(),
    message: z.string().optional(),
  }),
  failure: (message, code) => ({ error: code ?? 1, message }),
  spec: `${HALL} 7.8, 4.12`,
  summary: 'Token for the partner restaurant table-booking link (opened in a new tab with ?token=).',
});

/**
 * What the framed site needs to know about its parent. Not shown in the spec: designed here.
 * hash is compared with the parent's sendMyHash:{hash}; origins feed frame-ancestors and the
 * postMessage origin check.
 */
export const iframeConfigAnswer = z.object({
  framed: z.boolean(),
  partner: z
    .object({
      id: z.string(),
      name: z.string(),
      hash: z.string(),
      origins: z.array(z.string()),
      /** Cashback percent of the ticket price (also read from the cashback_value URL parameter). */
      cashbackValue: z.number().nullable(),
      /** The telecom partner pays through its own pay flow (payNotifyMts). */
      ownPayFlow: z.boolean(),
    })
    .nullable(),
  /** Where the framed page goes when it leaves the light layout. */
  exitUrl: z.string().optional(),
  message: z.string().optional(),
});
export type IframeConfig = z.infer<typeof iframeConfigAnswer>;

export const iframeConfig = defineCall({
  id: 'embedding.iframeConfig',
  method: 'GET',
  path: '/spa-api/app/iframe-config/',
  params: 'query',
  request: request({ 'lite-layout-exit': flag().optional(), origin: z.string().optional() }),
  answer: 'json',
  response: iframeConfigAnswer,
  failure: (message) => ({ framed: false, partner: null, message }),
  spec: `${HALL} 7.8, 4.13`,
  summary:
    'Embedding configuration of the framed site (answer designed here, the spec does not show it); lite-layout-exit=1 leaves the light layout.',
});

export const embeddingCalls = [bartelloAuth, iframeConfig] as const;
