/**
 * Promo banners (site-browsing-account.md 2.5, 3 Promo banner item, 7 Promo banners; decision
 * 0038). GET /FlackTwister/{placementId}/ (6813 on the main page, 9815 elsewhere) answers the
 * slots; each item is shown through its slot's template with the placeholders {{show.url}},
 * {{show.name}}, {{img.src}}, {{stage.url}} and {{stage.name}}, every value escaped.
 *
 * - They load on the page types of 2.5 at any width, on other pages only wider than 575 px.
 * - Slots 1 and 2: the top side banners, shown only wider than 1560 px (CSS and the statistics).
 * - Slots 3, 4 and 5: the footer promo block (not on mobile).
 * - Every slot except 5: the mobile promo list (575 px and narrower); the main page puts two of
 *   them into its grid per load instead (client/home.ts).
 * - An empty answer (or none) leaves the side banners and the footer block hidden.
 * Names are cut to 60 characters in slot 1 and 65 elsewhere and on mobile, followed by '...'.
 * Shown and clicked banners are reported to GET /stat-seo-log/ ({show} images joined by ';', {click}).
 */
import {
  escapeHtml,
  MOBILE_BREAKPOINT,
  PROMO_NAME_CUT_MOBILE,
  PROMO_NAME_CUT_OTHER,
  PROMO_NAME_CUT_SLOT1,
  PROMO_SLOT_EXCLUDED_FROM_MOBILE,
  type PromoBannerItem,
  type PromoBannerSlots,
  SIDE_BANNERS_MIN_WIDTH,
} from '@partera/contract';
import { routePath, sitePath } from '../lib/site-path.js';

const SIDE_SLOTS = ['1', '2'];
const FOOTER_SLOTS = ['3', '4', '5'];

const SIDE_TEMPLATE =
  '<a class="promo-banner" href="{{show.url}}" data-promo-image="{{img.src}}"><img src="{{img.src}}" alt="" loading="lazy" decoding="async" width="160" height="213"><span class="promo-banner__name">{{show.name}}</span></a><a class="promo-banner__stage" href="{{stage.url}}">{{stage.name}}</a>';
const CARD_TEMPLATE =
  '<a class="promo-card__link" href="{{show.url}}" data-promo-image="{{img.src}}"><img class="promo-card__image" src="{{img.src}}" alt="" loading="lazy" decoding="async" width="120" height="160"><span class="promo-card__name">{{show.name}}</span></a><a class="promo-card__stage" href="{{stage.url}}">{{stage.name}}</a>';

/** 'Очень длинное назв...' : the spec's cut, the first `max` characters and '...'. */
export function cutName(name: string, max: number): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : name;
}

/**
 * Only this site's own paths go into a link or an image (never javascript: or another host),
 * under the language prefix when one is configured (spec 2.1).
 */
const ownPath = (value: string) => (value.startsWith('/') && !value.startsWith('//') ? sitePath(value) : '#');

/** A slot template filled with one item; `cut` is the names' length limit. */
export function fillTemplate(template: string, item: PromoBannerItem, cut: number): string {
  const values: Record<string, string> = {
    'show.url': ownPath(item.show_url),
    'show.name': cutName(item.show_name, cut),
    'img.src': ownPath(item.img_url),
    'stage.url': ownPath(item.stage_url),
    'stage.name': cutName(item.stage_name, cut),
  };
  return template.replace(/\{\{(show\.url|show\.name|img\.src|stage\.url|stage\.name)\}\}/g, (_, key: string) =>
    escapeHtml(values[key] ?? ''),
  );
}

const itemsOf = (slots: PromoBannerSlots, keys: readonly string[]) =>
  keys.flatMap((key) => (Array.isArray(slots[key]?.[1]) ? (slots[key]?.[1] ?? []) : []));

/** The mobile promo list: the items of every slot except slot 5, in slot order. */
export function mobilePromoItems(slots: PromoBannerSlots): PromoBannerItem[] {
  const keys = Object.keys(slots)
    .filter((key) => key !== PROMO_SLOT_EXCLUDED_FROM_MOBILE)
    .sort((a, b) => Number(a) - Number(b));
  return itemsOf(slots, keys);
}

/** One mobile promo item as a list element (`className` its class: the list's or the grid's). */
export function mobilePromoElement(doc: Document, item: PromoBannerItem, className: string): HTMLLIElement {
  const li = doc.createElement('li');
  li.className = className;
  li.dataset.promoItem = '';
  li.innerHTML = fillTemplate(CARD_TEMPLATE, item, PROMO_NAME_CUT_MOBILE);
  return li;
}

/** Reports images as shown (several, joined by ';') or one as clicked; a failure is dropped. */
function report(kind: 'show' | 'click', images: string[]): void {
  if (images.length === 0) return;
  // The images are reported by their own paths, without the prefix the page's links carry.
  const paths = images.map((image) => routePath(image));
  const url = `/stat-seo-log/?${kind}=${encodeURIComponent(paths.join(';'))}`;
  fetch(sitePath(url), { credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

export function reportShown(root: ParentNode): void {
  report(
    'show',
    [...root.querySelectorAll<HTMLElement>('[data-promo-image]')].map((a) => a.dataset.promoImage ?? ''),
  );
}

let answer: Promise<PromoBannerSlots> | null = null;

/** The page's slots, asked for once; an error or a malformed answer is the empty answer. */
export function promoSlots(root: HTMLElement): Promise<PromoBannerSlots> {
  answer ??= (async () => {
    const placement = root.dataset.placement ?? '';
    const city = encodeURIComponent(root.dataset.city ?? '');
    try {
      const res = await fetch(sitePath(`/FlackTwister/${placement}/?city=${city}`), { credentials: 'same-origin' });
      if (!res.ok) return {};
      const body = (await res.json()) as unknown;
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as PromoBannerSlots) : {};
    } catch {
      return {};
    }
  })();
  return answer;
}

function fillSide(root: HTMLElement, slots: PromoBannerSlots, win: Window): void {
  const side = root.querySelector<HTMLElement>('[data-promo-side]');
  if (!side) return;
  let any = false;
  for (const key of SIDE_SLOTS) {
    const box = side.querySelector<HTMLElement>(`[data-promo-slot="${key}"]`);
    const item = itemsOf(slots, [key])[0];
    if (!box || !item) continue;
    box.innerHTML = fillTemplate(SIDE_TEMPLATE, item, key === '1' ? PROMO_NAME_CUT_SLOT1 : PROMO_NAME_CUT_OTHER);
    any = true;
  }
  side.hidden = !any;
  if (any && win.innerWidth > SIDE_BANNERS_MIN_WIDTH) reportShown(side);
}

function fillFooter(root: HTMLElement, slots: PromoBannerSlots, win: Window): void {
  const block = root.querySelector<HTMLElement>('[data-promo-footer]');
  const list = block?.querySelector<HTMLElement>('[data-promo-footer-list]');
  if (!block || !list) return;
  const doc = root.ownerDocument;
  for (const key of FOOTER_SLOTS) {
    for (const item of itemsOf(slots, [key])) {
      const li = doc.createElement('li');
      li.className = key === '5' ? 'promo-card promo-card--wide' : 'promo-card';
      li.innerHTML = fillTemplate(CARD_TEMPLATE, item, PROMO_NAME_CUT_OTHER);
      list.append(li);
    }
  }
  block.hidden = list.children.length === 0;
  if (!block.hidden && win.innerWidth > MOBILE_BREAKPOINT) reportShown(block);
}

function fillMobile(root: HTMLElement, slots: PromoBannerSlots, win: Window): void {
  const block = root.querySelector<HTMLElement>('[data-promo-mobile]');
  const list = block?.querySelector<HTMLElement>('[data-promo-mobile-list]');
  if (!block || !list) return;
  for (const item of mobilePromoItems(slots)) list.append(mobilePromoElement(root.ownerDocument, item, 'promo-card'));
  block.hidden = list.children.length === 0;
  if (!block.hidden && win.innerWidth <= MOBILE_BREAKPOINT) reportShown(block);
}

export interface MountOptions {
  /** The page shows the mobile items itself (the main page's grid): no separate mobile list. */
  inlineMobile?: boolean;
}

/**
 * Fills the page's promo places (pages/banners/PromoBanners.tsx) once. Answers the slots, or
 * null when the page has no places or does not load banners at this width.
 */
export async function mountPromoBanners(
  doc: Document = document,
  options: MountOptions = {},
): Promise<PromoBannerSlots | null> {
  const root = doc.querySelector<HTMLElement>('[data-promo]');
  const win = doc.defaultView ?? window;
  if (!root || root.dataset.promoMounted === 'true') return null;
  const listed = root.dataset.promoPageType === 'listed';
  if (!listed && win.innerWidth <= MOBILE_BREAKPOINT) return null;
  root.dataset.promoMounted = 'true';
  const slots = await promoSlots(root);
  fillSide(root, slots, win);
  fillFooter(root, slots, win);
  if (!options.inlineMobile) fillMobile(root, slots, win);
  reportClicks(root);
  return slots;
}

/** Reports a click on any banner inside `area` (the promo places, the main page's grid). */
export function reportClicks(area: HTMLElement): void {
  area.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>('[data-promo-image]');
    if (link?.dataset.promoImage) report('click', [link.dataset.promoImage]);
  });
}
