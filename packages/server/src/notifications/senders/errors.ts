/**
 * A sender's error text is stored (outbox last_error) and logged: it must never carry a secret.
 * Senders build their own messages without them, and pass every text through this as well, for
 * what a library or a gateway might echo back.
 */
export function withoutSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}

/** A short description of a failed fetch: undici's "fetch failed" says why only in its cause. */
export function fetchFailure(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'no answer in time';
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${message} (${code})` : message;
}
