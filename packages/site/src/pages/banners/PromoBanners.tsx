/** @jsxRuntime automatic */
import { promoPlacementId } from '@partera/contract';
import type { SiteChrome } from '../chrome.js';

/**
 * The pages whose banners load even at mobile widths (site-browsing-account.md 2.5), by their
 * address: the main page, genres, show, person, the performance, organizer, building and person
 * searches, the afisha (listings), repertoire, popular and organizer pages.
 */
const PROMO_PAGE_TYPES: readonly RegExp[] = [
  /^\/$/,
  /^\/genres?\//,
  /^\/show\//,
  /^\/person\//,
  /^\/search\/(performance|organizer|place|person)\//,
  /^\/afisha\//,
  /^\/repertoire\//,
  /^\/popular\//,
  /^\/organizer\//,
];

export function isPromoPageType(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return PROMO_PAGE_TYPES.some((type) => type.test(bare));
}

/**
 * Where the promo banners go (site-browsing-account.md 2.5, 7 Promo banners; decision 0038):
 * the top side banners (wider than 1560 px), the footer promo block and the mobile promo list,
 * all empty and hidden until client/parts/banners.ts fills them from GET /FlackTwister/{placementId}/.
 * Nothing in a partner's frame (the light layout).
 */
export function PromoBanners({ chrome }: { chrome: SiteChrome }) {
  if (chrome.lite) return null;
  return (
    <div
      className="promo"
      data-promo=""
      data-placement={promoPlacementId(chrome.path.split('?')[0] ?? chrome.path)}
      data-city={chrome.city.subdomain}
      data-promo-page-type={isPromoPageType(chrome.path) ? 'listed' : 'other'}
    >
      <div className="promo-side" data-promo-side="" hidden>
        <aside className="promo-side__slot promo-side__slot--left" aria-label="Реклама" data-promo-slot="1" />
        <aside className="promo-side__slot promo-side__slot--right" aria-label="Реклама" data-promo-slot="2" />
      </div>
      <section className="promo-footer" aria-labelledby="promo-footer-title" data-promo-footer="" hidden>
        <div className="container">
          <h2 className="promo-footer__title" id="promo-footer-title">
            Рекомендуем
          </h2>
          <ul className="promo-footer__list" data-promo-footer-list="" />
        </div>
      </section>
      <section className="promo-mobile" aria-labelledby="promo-mobile-title" data-promo-mobile="" hidden>
        <h2 className="promo-mobile__title" id="promo-mobile-title">
          Рекомендуем
        </h2>
        <ul className="promo-mobile__list" data-promo-mobile-list="" />
      </section>
    </div>
  );
}
