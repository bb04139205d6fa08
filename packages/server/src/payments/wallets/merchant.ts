/**
 * The phone-maker wallet's merchant validation URL (spec 4.10, 7.6 GET /pay/applepaysession/?url=).
 * The browser hands us a URL and the server would send it a request with the merchant's own
 * certificate: any URL taken as it comes would let anyone make this server call an address of
 * their choosing (a server-side request forgery: the cloud's metadata service, the database's
 * port, an internal admin page). So only the wallet's own validation hosts, as its documentation
 * lists them, are accepted: https on the default port, no user name or password, a path under
 * /paymentservices/. Everything else is refused before any request is made.
 */

/** The documented merchant validation hosts (global and China, production and the sandbox). */
const POD_HOSTS = [
  ...[1, 2, 3, 4, 5].flatMap((n) => [
    `apple-pay-gateway-nc-pod${n}.apple.com`,
    `apple-pay-gateway-pr-pod${n}.apple.com`,
  ]),
  ...[1, 2, 3].flatMap((n) => [
    `cn-apple-pay-gateway-sh-pod${n}.apple.com`,
    `cn-apple-pay-gateway-tj-pod${n}.apple.com`,
  ]),
];

export const MERCHANT_VALIDATION_HOSTS: ReadonlySet<string> = new Set([
  'apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway.apple.com',
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
  ...POD_HOSTS,
]);

/** The validation URL when it is one of the wallet's own, else null. */
export function merchantValidationUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  // URL drops the default port: any port left in it is another one.
  if (url.port !== '') return null;
  if (!MERCHANT_VALIDATION_HOSTS.has(url.hostname)) return null;
  if (!url.pathname.startsWith('/paymentservices/')) return null;
  return url;
}
