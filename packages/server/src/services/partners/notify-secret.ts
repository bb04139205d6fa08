import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Partners' notify secrets at rest. Checking a partner's HMAC needs the secret itself, so it
 * cannot be hashed like a password: it is sealed with AES-256-GCM under a key derived from the
 * server's SECRET for this one purpose (HKDF-SHA256, its own `info`), so a copy of the database
 * alone (a backup, a read-only replica, an injected SELECT) does not let anyone sign as a partner.
 * The partner's hash is the additional data: a sealed secret copied onto another partner's row
 * does not open there.
 *
 * Changing SECRET makes every sealed secret unreadable: the partners must then be given new
 * secrets (npm run partners -- add … --own-pay-flow registers one).
 */
export class NotifySecretKey {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  /** The sealing key of a server with this SECRET (config.csrfSecret). */
  static fromServerSecret(serverSecret: string): NotifySecretKey {
    const key = hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'partera/partner-notify-secret/v1', 32);
    return new NotifySecretKey(Buffer.from(key));
  }

  /** `v1.{iv}.{ciphertext}.{tag}`, each part base64url; a fresh 96-bit IV every time. */
  seal(partnerHash: string, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(partnerHash, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, iv, body, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when the text is not sealed by this key for this partner (or was altered). */
  open(partnerHash: string, sealed: string): string | null {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== FORMAT) return null;
    const [iv, body, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
    if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(partnerHash, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
