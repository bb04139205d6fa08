/** Plain pages (landing pages, recommendations, 404): the site-wide enhancements and the page's own part. */
import { enhancePage } from './lib/enhance.js';

enhancePage();
if (document.querySelector('[data-recommendations]')) {
  void import('./parts/recommendations.js').then((m) => m.startRecommendations());
}
// Spec 2.12: each 404 is reported with the page and the referrer (GET /uiperformancelog/, rate-limited).
if (document.querySelector('[data-not-found]')) {
  const report = new URLSearchParams({ page_not_found: '1', location: location.href, referrer: document.referrer });
  // The address comes from the page's markup, which carries the language prefix (spec 2.1).
  const log = document.querySelector<HTMLElement>('[data-not-found]')?.dataset.report ?? '/uiperformancelog/';
  void fetch(`${log}?${report}`, { credentials: 'same-origin' }).catch(() => {});
}
