/**
 * The package bar (spec 2.2, 4.3): where the buyer is among the package's performances, the
 * previous and next arrows, and the next-performance button. On the first performance the next
 * arrow and the button show once a ticket is in the basket, on later ones once the basket holds
 * exactly the package's count; the previous arrow is disabled on the first performance or while
 * tickets are in the basket. On the last performance the button is the basket's, on desktop
 * (on mobile the basket footer carries it).
 */
import { useSnapshot } from 'valtio/react';
import { countTickets, type HallContext } from '../store/hall-context.js';
import { packageStep } from '../store/package-flow.js';
import { hallPicks } from '../store/picks.js';
import { pluralTickets } from '../store/spec.js';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media.js';
import { BuyButton } from './buy-button.js';
import { T } from './texts.js';

export interface PackageBarProps {
  /** A context in package mode (ctx.package set); renders nothing otherwise. */
  ctx: HallContext;
  /** The package's previous and next performance pages (hallPageConfig extensions). */
  previousUrl?: string;
  nextUrl?: string;
  /** hallBasketUrl(http). */
  basketUrl: string;
}

export function PackageBar({ ctx, previousUrl, nextUrl, basketUrl }: PackageBarProps) {
  const snap = useSnapshot(ctx.state);
  const picks = useSnapshot(hallPicks(ctx.state));
  const mobile = useMediaQuery(MOBILE_QUERY);
  const pkg = ctx.package;
  if (!pkg) return null;
  const held = countTickets(snap.selected, snap.entrance, picks.future);
  const step = packageStep(pkg, held);
  const showNext = step.canGoOn && !step.isLast && nextUrl !== undefined;
  return (
    <nav className="pt-package" aria-label={T.packageNav}>
      <Arrow href={step.previousDisabled ? undefined : previousUrl} label={T.previousPerformance} glyph="‹" />
      <p className="pt-package-step">
        <strong>{T.packageStep(pkg.currentPerformanceNumber, pkg.totalPerformances)}</strong>{' '}
        <span>{T.packageNeed(pluralTickets(pkg.ticketsInPerformanceCount))}</span>
      </p>
      <Arrow href={showNext ? nextUrl : undefined} label={T.nextPerformance} glyph="›" hidden={!showNext} />
      {showNext ? (
        <a className="pt-primary pt-package-next" href={nextUrl}>
          {T.nextPerformance}
        </a>
      ) : null}
      {step.showBasket && !mobile ? <BuyButton state={ctx.state} href={basketUrl} label={T.toBasket} /> : null}
    </nav>
  );
}

/** An arrow link; without a target it stays in place as a disabled button (a link cannot be disabled). */
function Arrow(props: { href: string | undefined; label: string; glyph: string; hidden?: boolean }) {
  if (props.hidden) return null;
  if (props.href === undefined) {
    return (
      <button type="button" className="pt-package-arrow" disabled aria-label={props.label}>
        {props.glyph}
      </button>
    );
  }
  return (
    <a className="pt-package-arrow" href={props.href} aria-label={props.label}>
      {props.glyph}
    </a>
  );
}
