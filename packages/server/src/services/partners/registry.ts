import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/index.js';
import type { NotifySecretKey } from './notify-secret.js';

/**
 * The partner registry (ARCHITECTURE.md, "Embedding"): sites allowed to frame ours. A partner
 * page answers the framed site's giveMeHash with sendMyHash:{hash}; the hash names the partner
 * here, and its allowed origins are the only ones that may frame the site or talk to it.
 */
export interface Partner {
  id: number;
  name: string;
  hash: string;
  /** Origins (scheme, host, port) allowed to frame the site: frame-ancestors and postMessage checks. */
  allowedOrigins: string[];
  /** Cashback percent of the ticket price (0: none). */
  cashbackPercent: number;
  /** The telecom partner takes the payment in its own pay flow (spec 4.8). */
  ownPayFlow: boolean;
}

export interface NewPartner {
  name: string;
  origins: readonly string[];
  cashbackPercent?: number;
  ownPayFlow?: boolean;
  /** A hash already used by the partner's pages in the field; generated when absent. */
  hash?: string;
  /** The own pay flow's notify secret (shared with the partner's back end); generated when absent. */
  notifySecret?: string;
}

/** notifySecret: the secret of a partner with its own pay flow, to be handed to the partner once. */
export type RegisterResult =
  | { ok: true; partner: Partner; notifySecret: string | null }
  | { ok: false; message: string };

/** An origin as it may appear in frame-ancestors and in MessageEvent.origin: scheme://host[:port], nothing else. */
export const PARTNER_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** What a hash may look like: safe in a cookie, a URL and a postMessage string (the demo's 'demo-partner-hash' fits). */
export const PARTNER_HASH = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The canonical form of an origin as the browser reports it (lower-case host, no default port,
 * no trailing slash), or null when the text is not an http(s) origin without path, query or
 * credentials.
 */
export function normalizeOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return null;
  }
  const origin = url.origin;
  return PARTNER_ORIGIN.test(origin) ? origin : null;
}

/** A fresh partner hash: 128 random bits, URL- and cookie-safe. */
export function generatePartnerHash(): string {
  return randomBytes(16).toString('base64url');
}

/** What a notify secret may look like: long enough to be one, printable ASCII without spaces. */
const NOTIFY_SECRET = /^[\x21-\x7e]{16,256}$/;

/** A fresh notify secret: 256 random bits, URL-safe. */
export function generateNotifySecret(): string {
  return randomBytes(32).toString('base64url');
}

interface PartnerRow {
  id: number;
  name: string;
  hash: string;
  allowed_origins: string[];
  cashback_percent: number;
  own_pay_flow: boolean;
}

const COLUMNS = 'id, name, hash, allowed_origins, cashback_percent, own_pay_flow';

function toPartner(row: PartnerRow): Partner {
  return {
    id: row.id,
    name: row.name,
    hash: row.hash,
    allowedOrigins: row.allowed_origins,
    cashbackPercent: row.cashback_percent,
    ownPayFlow: row.own_pay_flow,
  };
}

/**
 * Checks and registers a partner. Origins are normalised; a hash is generated unless one is given.
 * A partner with its own pay flow needs `secrets`: its notify secret is stored sealed with it,
 * and answered in clear this once, to be handed to the partner.
 */
export async function registerPartner(
  db: Queryable,
  input: NewPartner,
  secrets?: NotifySecretKey,
): Promise<RegisterResult> {
  const name = input.name.trim();
  if (!name) return { ok: false, message: 'The partner needs a name' };
  if (input.origins.length === 0) return { ok: false, message: 'The partner needs at least one origin' };
  const origins: string[] = [];
  for (const text of input.origins) {
    const origin = normalizeOrigin(text);
    if (!origin) return { ok: false, message: `Not an origin (scheme://host[:port]): ${text}` };
    if (!origins.includes(origin)) origins.push(origin);
  }
  const cashbackPercent = input.cashbackPercent ?? 0;
  if (!Number.isInteger(cashbackPercent) || cashbackPercent < 0 || cashbackPercent > 100) {
    return { ok: false, message: `Cashback must be a whole percent from 0 to 100: ${input.cashbackPercent}` };
  }
  const hash = input.hash ?? generatePartnerHash();
  if (!PARTNER_HASH.test(hash)) return { ok: false, message: 'A hash is 8 to 128 letters, digits, - or _' };
  const ownPayFlow = input.ownPayFlow ?? false;
  if (input.notifySecret !== undefined && !ownPayFlow) {
    return { ok: false, message: 'A notify secret is only used by a partner with its own pay flow' };
  }
  const notifySecret = ownPayFlow ? (input.notifySecret ?? generateNotifySecret()) : null;
  if (notifySecret !== null && !NOTIFY_SECRET.test(notifySecret)) {
    return { ok: false, message: 'A notify secret is 16 to 256 printable characters without spaces' };
  }
  let sealed: string | null = null;
  if (notifySecret !== null) {
    // A programming error, not an operator's: the secret is never stored in clear.
    if (!secrets) throw new Error('registerPartner: a notify secret needs the sealing key');
    sealed = secrets.seal(hash, notifySecret);
  }
  const { rows } = await db.query<PartnerRow>(
    `INSERT INTO partners (name, hash, allowed_origins, cashback_percent, own_pay_flow, notify_secret_sealed)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (hash) DO NOTHING
     RETURNING ${COLUMNS}`,
    [name, hash, origins, cashbackPercent, ownPayFlow, sealed],
  );
  const row = rows[0];
  if (!row) return { ok: false, message: 'Another partner already has this hash' };
  return { ok: true, partner: toPartner(row), notifySecret };
}

/** The partner a hash names, or null (also for a hash that could not be one). */
export async function findPartnerByHash(db: Queryable, hash: string): Promise<Partner | null> {
  if (!PARTNER_HASH.test(hash)) return null;
  const { rows } = await db.query<PartnerRow>(`SELECT ${COLUMNS} FROM partners WHERE hash = $1`, [hash]);
  return rows[0] ? toPartner(rows[0]) : null;
}

/**
 * A partner with its own pay flow, with the secret its back end signs requests with, opened
 * from its sealed copy only to check a signature. Null for a hash that names no such partner,
 * one registered without a secret, or a secret this server's key does not open (SECRET changed).
 *
 * A secret still in the clear column (written before migration 0005, or by the demo seed, which
 * runs without the server's key) is sealed here on first use, besides the start-up sweep.
 */
export async function findPayingPartner(
  db: Queryable,
  hash: string,
  secrets: NotifySecretKey,
): Promise<{ partner: Partner; notifySecret: string } | null> {
  if (!PARTNER_HASH.test(hash)) return null;
  const { rows } = await db.query<PartnerRow & SecretColumns>(
    `SELECT ${COLUMNS}, notify_secret, notify_secret_sealed FROM partners
      WHERE hash = $1 AND own_pay_flow AND (notify_secret_sealed IS NOT NULL OR notify_secret IS NOT NULL)`,
    [hash],
  );
  const row = rows[0];
  if (!row) return null;
  const clear = row.notify_secret;
  const notifySecret =
    clear !== null
      ? await sealClearSecret(db, secrets, { id: row.id, hash: row.hash, notify_secret: clear })
      : secrets.open(row.hash, row.notify_secret_sealed ?? '');
  return notifySecret === null ? null : { partner: toPartner(row), notifySecret };
}

interface SecretColumns {
  /** In clear: only rows from before migration 0005 (or the demo seed), until sealed. */
  notify_secret: string | null;
  notify_secret_sealed: string | null;
}

/**
 * Moves a clear secret into the sealed column. The update is conditional on the clear value, so
 * two processes sealing the same row at once both succeed and leave one sealed copy (either
 * ciphertext opens to the same secret).
 */
async function sealClearSecret(
  db: Queryable,
  secrets: NotifySecretKey,
  row: { id: number; hash: string; notify_secret: string },
): Promise<string> {
  await db.query(
    `UPDATE partners SET notify_secret_sealed = $3, notify_secret = NULL WHERE id = $1 AND notify_secret = $2`,
    [row.id, row.notify_secret, secrets.seal(row.hash, row.notify_secret)],
  );
  return row.notify_secret;
}

/**
 * Seals every notify secret still kept in clear (the server runs this as it starts; migration
 * 0005 could not, SQL has no key). Answers how many rows it sealed.
 */
export async function sealClearNotifySecrets(db: Queryable, secrets: NotifySecretKey): Promise<number> {
  const { rows } = await db.query<{ id: number; hash: string; notify_secret: string }>(
    'SELECT id, hash, notify_secret FROM partners WHERE notify_secret IS NOT NULL ORDER BY id',
  );
  for (const row of rows) await sealClearSecret(db, secrets, row);
  return rows.length;
}

export async function listPartners(db: Queryable): Promise<Partner[]> {
  const { rows } = await db.query<PartnerRow>(`SELECT ${COLUMNS} FROM partners ORDER BY id`);
  return rows.map(toPartner);
}
