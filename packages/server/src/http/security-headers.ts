import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The browser-hardening headers every answer carries: JSON, PDFs, pages, assets, redirects,
 * errors and 404s alike. One hook for the whole server, so that no route can forget them.
 *
 * - X-Content-Type-Options: nosniff. A browser never guesses a type: a JSON answer echoing a
 *   buyer's text, or a PDF, cannot be run as a script or rendered as HTML.
 * - Referrer-Policy: strict-origin-when-cross-origin. Other sites see our origin only, never a
 *   path or query (order ids, the order's token on the completion page and the ticket links).
 *   Pages may answer a stricter one of their own ('same-origin' on the site's pages); the hook
 *   keeps it. Not 'no-referrer': a same-origin POST would then carry `Origin: null`, and the
 *   server checks the Origin of every state-changing call.
 * - Permissions-Policy: PERMISSIONS_POLICY below.
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Powerful features the product never uses are switched off for our pages and every frame in
 * them, so that an injected script or a framed page cannot ask the buyer for them either:
 * camera, microphone, screen capture, sensors, device APIs (USB, serial, HID, MIDI),
 * XR, idle detection, interest-based ads. Geolocation too: no map of ours asks where the buyer
 * is (a future "venues near me" map would allow `(self)` on its own page). `payment` stays
 * allowed for this site itself, so that a device wallet (Payment Request API) can be offered
 * later; no other origin gets it. Features the product may use (fullscreen for the hall plan,
 * clipboard) keep the browser's default, which is this site only.
 *
 * Every name is one Chromium recognises: an unknown one costs a console error on each page
 * ('bluetooth' is not one, e2e/content-security.spec.ts in the site checks the list).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Header → value; an answer that set the header itself keeps its own value. */
const DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', REFERRER_POLICY],
  ['permissions-policy', PERMISSIONS_POLICY],
];

/**
 * Registered before every route (not encapsulated), so its onSend hook runs for the answers of
 * all plugins, the error handlers' and the not-found handlers' included.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    // A callback, not an async function: every answer passes here, and a promise per answer
    // is a turn of the event loop's microtasks and garbage for nothing.
    app.addHook('onSend', (_req, reply, payload, done) => {
      for (const [name, value] of DEFAULTS) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'partera-security-headers' },
);

/** A fresh Content-Security-Policy nonce for one answer: 128 random bits, base64. */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A Content-Security-Policy value from directive → sources (an empty list writes the bare directive). */
export function contentSecurityPolicy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
