/**
 * Where a sign-in sends the browser back to: a path of this site only. Anything else (another
 * host, '//host', a backslash that some browsers read as a slash, no value) gives the fallback,
 * so no link can use our login to send a buyer to another site.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
