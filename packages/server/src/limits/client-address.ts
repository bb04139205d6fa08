import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';

/** What clientOf reads of a request: the raw request, and the proxies the app trusts (TRUST_PROXY). */
export interface ClientRequest {
  readonly raw: IncomingMessage;
  readonly server: { readonly deps: { readonly config: { readonly trustProxy: readonly string[] } } };
}

/**
 * The address a client is counted under, for the rate limits and the hold cap: an IPv4 address
 * as it is, an IPv6 address by its /64 network. One subscriber gets a whole /64 from the carrier,
 * so counting single IPv6 addresses would let one client be 2⁶⁴ clients.
 *
 * `ip` is Fastify's `req.ip`: the peer address, or the client named by X-Forwarded-For when the
 * peer is one of the proxies in TRUST_PROXY.
 */
export function clientAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare)) return bare;
  if (isIPv6(bare)) return `${ipv6Network(bare)}::/64`;
  return bare.slice(0, 64);
}

/** The first four groups of an IPv6 address, '::' expanded: 2001:db8::1 → 2001:db8:0:0. */
function ipv6Network(ip: string): string {
  const [head = '', tail] = ip.split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  // A trailing dotted IPv4 part stands for two groups.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - width(first) - width(last) }, () => '0');
  return [...first, ...zeros, ...last]
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':');
}

type Trust = (address: string, hop: number) => boolean;

// Fastify's own readers of X-Forwarded-For and of the trusted proxies (its dependency), so that
// the address is the one `req.ip` names, by the same rules.
const proxyAddr = createRequire(createRequire(import.meta.url).resolve('fastify'))('@fastify/proxy-addr') as {
  compile(list: string[]): Trust;
  all(req: IncomingMessage, trust: Trust): (string | undefined)[];
};

const trusts = new WeakMap<readonly string[], Trust>();

/**
 * Whether an address is one of the trusted proxies, remembered per address: the list's check
 * parses the address every time (a tenth of a queued buyer's answer when it ran on every
 * request), while the peers that are proxies are a handful. Bounded.
 */
function trustOf(list: readonly string[]): Trust {
  let trust = trusts.get(list);
  if (!trust) {
    const check = proxyAddr.compile([...list]);
    const seen = new Map<string, boolean>();
    trust = (address, hop) => {
      let trusted = seen.get(address);
      if (trusted === undefined) {
        trusted = check(address, hop);
        if (seen.size >= 1024) seen.clear();
        seen.set(address, trusted);
      }
      return trusted;
    };
    trusts.set(list, trust);
  }
  return trust;
}

/**
 * The address Fastify's `req.ip` names: the peer, or, when the peer is a trusted proxy (and each
 * proxy before it), the X-Forwarded-For entry the first untrusted hop gave.
 */
export function clientIpOf(req: ClientRequest): string | undefined {
  const list = req.server.deps.config.trustProxy;
  if (list.length === 0) return req.raw.socket?.remoteAddress;
  const chain = proxyAddr.all(req.raw, trustOf(list));
  return chain[chain.length - 1];
}

const known = new WeakMap<ClientRequest, string>();

/**
 * The client address of a request, worked out once per request. Behind a trusted proxy Fastify's
 * `req.ip` parses the whole X-Forwarded-For chain again on every read, and a hold attempt needs
 * the address twice (its rate limits and the hold cap): in a sale rush that parse was a tenth of
 * a server's time.
 */
export function clientOf(req: ClientRequest): string {
  let client = known.get(req);
  if (client === undefined) {
    client = clientAddress(clientIpOf(req));
    known.set(req, client);
  }
  return client;
}
