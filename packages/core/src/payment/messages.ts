/** What the bank frame (hosted card page or card widget) reports to the checkout (spec 4.9). */
export type ProviderResult = 'success' | 'error';

const EVENTS: Record<string, ProviderResult> = {
  'provider-pay-success': 'success',
  'provider-pay-error': 'error',
};

/** The message is the bare event name, or an object naming it in `type`, `event` or `eventName`. */
export function providerResultOf(data: unknown): ProviderResult | null {
  if (typeof data === 'string') return EVENTS[data] ?? null;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['type', 'event', 'eventName']) {
      const value = record[key];
      if (typeof value === 'string' && EVENTS[value]) return EVENTS[value];
    }
  }
  return null;
}

export interface ProviderListener {
  /** The bank frame's window; messages from any other window are ignored. */
  source: () => Window | null | undefined;
  /** The only origin accepted (the ticket site's: the sandbox bank is served by it). */
  origin: string;
  /** `returnUrl`: where the bank says the buyer goes next, when its message names one. */
  onResult: (result: ProviderResult, returnUrl?: string) => void;
}

/** Listens for the bank frame's result; returns the function that stops listening. */
export function listenProviderResult(target: Window, { source, origin, onResult }: ProviderListener): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const frame = source();
    if (!frame || event.source !== frame) return;
    const result = providerResultOf(event.data);
    if (!result) return;
    const returnUrl = (event.data as { returnUrl?: unknown } | null)?.returnUrl;
    onResult(result, typeof returnUrl === 'string' ? returnUrl : undefined);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
