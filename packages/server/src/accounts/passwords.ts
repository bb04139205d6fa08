import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are kept as argon2id hashes (memory-hard: 19 MiB and 2 passes, the OWASP
 * recommendation), computed off the event loop. Each hash carries its own salt and parameters,
 * so stronger parameters later apply to new hashes while old ones still verify.
 */
/** algorithm 2 is argon2id (the package's const enum cannot be imported under verbatimModuleSyntax). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows: checked when the contact is unknown, so both answers take as long. */
let decoy: Promise<string> | null = null;

/**
 * Whether the password is the one of the hash. With no hash (an unknown contact, an account
 * without a password) a decoy is verified instead, so the time does not tell which it was.
 */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
