/**
 * Show page (site-browsing-account.md 2.9; pages/ShowPage.tsx): plain HTML plus its enhancements.
 * The tabs load lazily and keep the address in the history (show-tabs.ts), the dates get the
 * month and weekend filter (show-perfs.ts); the slider, share buttons and social-proof popups
 * load after the page (show-slider.ts, show-share.ts, show-proof.ts), as do the rating, wishlist
 * and 'Скоро в продаже' (lib/show-actions.ts). A framed page tells its parent 'openShowPage'
 * with the show id (lib/embed-channel.ts, started by enhancePage).
 */
import { enhancePage } from './lib/enhance.js';

enhancePage();

const article = document.querySelector<HTMLElement>('.show-page[data-show-url]');
if (article) {
  // Each part loads after the page, so the first load stays tiny (the build test's 4 KB).
  void import('./show/tabs.js').then((m) => m.startShowTabs(article));
  const filter = document.querySelector<HTMLElement>('[data-performance-filter]');
  if (filter) void import('./show/perfs.js').then((m) => m.performanceFilter(filter));
  if (document.querySelector('[data-show-actions]')) {
    void import('./lib/show-actions.js').then((m) => m.enhanceShowActions());
  }
  const slider = article.querySelector<HTMLElement>('[data-slider]');
  if (slider) void import('./show/slider.js').then((m) => m.startSlider(slider));
  const share = article.querySelector<HTMLElement>('[data-share]');
  if (share) void import('./show/share.js').then((m) => m.enhanceShare(share));
  const proof = article.querySelector<HTMLElement>('[data-social-proof]');
  if (proof) void import('./show/proof.js').then((m) => m.showSocialProof(proof));
}
