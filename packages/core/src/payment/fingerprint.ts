/**
 * The optional visitor id sent in extra[fingerprint] of the guest order (3.13). Loaded on
 * demand (it is only needed at the pay click) and never allowed to hold the order up.
 */
let pending: Promise<string | undefined> | null = null;

export function visitorId(timeoutMs = 1500): Promise<string | undefined> {
  pending ??= compute();
  return Promise.race([pending, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs))]);
}

async function compute(): Promise<string | undefined> {
  try {
    const { load } = await import('@fingerprintjs/fingerprintjs');
    // The library pings its vendor's CDN for usage statistics unless told not to.
    const options: Parameters<typeof load>[0] & { monitoring: boolean } = { monitoring: false };
    const agent = await load(options);
    return (await agent.get()).visitorId;
  } catch {
    return undefined;
  }
}
