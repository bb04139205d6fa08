/**
 * Best available (beyond the spec, next to its best-places check, 2.1): the buyer asks for 1 to
 * 10 seats side by side, in one of the legend's price ranges or at any price. The check runs
 * first; when best places are unavailable its message shows in 'Бронирование лучших мест'.
 * Otherwise the server holds the seats and they become the buyer's on the plan; the hall's live
 * region announces them.
 */
import { type FormEvent, useId, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { BEST_AVAILABLE_MAX, checkBestPlaces, takeBestAvailable } from '../store/best-places.js';
import type { HallContext } from '../store/hall-context.js';
import { PREMIUM_BADGE_ID } from '../store/spec.js';
import { BestPlacesModal } from './best-places-modal.js';
import type { PriceBadge } from './legend.js';
import { T } from './texts.js';

export interface BestAvailableFormProps {
  ctx: HallContext;
  /** The legend's badges (priceBadges): their price ranges are the choices. */
  badges: readonly PriceBadge[];
}

const COUNTS = Array.from({ length: BEST_AVAILABLE_MAX }, (_, i) => i + 1);

export function BestAvailableForm({ ctx, badges }: BestAvailableFormProps) {
  const snap = useSnapshot(ctx.state);
  const [count, setCount] = useState(1);
  const [range, setRange] = useState('');
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const countId = useId();
  const priceId = useId();
  const ranges = badges.filter((b) => b.id !== PREMIUM_BADGE_ID && b.tabs.length > 0);
  const busy = checking || snap.busy.best === true;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !ctx.canAct) return;
    const tabs = ranges.find((b) => b.id === range)?.tabs;
    setChecking(true);
    const check = await checkBestPlaces(ctx);
    setChecking(false);
    if (!check.available) return setRefusal(check.message);
    await takeBestAvailable(ctx, {
      count,
      ...(tabs ? { priceMin: tabs[0]!.price, priceMax: tabs[tabs.length - 1]!.price } : {}),
    });
  };

  return (
    <form className="pt-best" aria-label={T.bestAvailable} onSubmit={submit}>
      <label htmlFor={countId}>{T.bestCount}</label>
      <select id={countId} value={count} onChange={(e) => setCount(Number(e.currentTarget.value))}>
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <label htmlFor={priceId}>{T.bestPrice}</label>
      <select id={priceId} value={range} onChange={(e) => setRange(e.currentTarget.value)}>
        <option value="">{T.anyPrice}</option>
        {ranges.map((b) => (
          <option key={b.id} value={b.id}>
            {b.text}
          </option>
        ))}
      </select>
      <button type="submit" className="pt-primary" disabled={!ctx.canAct} aria-disabled={busy} aria-busy={busy}>
        {T.bestFind}
      </button>
      {refusal !== null ? <BestPlacesModal message={refusal} onClose={() => setRefusal(null)} /> : null}
    </form>
  );
}
