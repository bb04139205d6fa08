/**
 * The show page's tabs (site-browsing-account.md 2.9; 7 Show page `{show}/showAjax/?ajax=
 * {reviews|desc}&isMobile=`): 'Описание' and 'Отзывы' load their content when first opened and
 * put their address ({show}/, {show}/reviews/) in the history; the page reads its tab from the
 * address and follows back and forward. On mobile a third tab, 'Даты' ('perfs', address
 * {show}/#perfs), shows the dates instead. Each tab's content gets its behaviour here: the
 * description collapsed on mobile ('Читать полностью' / 'Скрыть'), the cast slider's arrows and
 * the reviews' 'Читать полностью'.
 */
import { SHOW_PAGE } from '@partera/contract';
import { MOBILE_QUERY, showMore } from '../lib/enhance.js';
import { sitePath } from '../lib/site-path.js';

type Tab = 'desc' | 'reviews' | 'perfs';

/** On mobile the description shows its first 3 lines (24 px each) until 'Читать полностью'. */
const MOBILE_DESCRIPTION_HEIGHT = 72;
/** How much taller than that the mobile description must be to collapse (its toggle's line). */
const MOBILE_DESCRIPTION_MARGIN = 24;

export function startShowTabs(article: HTMLElement): void {
  const doc = article.ownerDocument;
  const win = doc.defaultView ?? window;
  const showUrl = article.dataset.showUrl ?? '/';
  const nav = article.querySelector<HTMLElement>('[data-show-tabs]');
  const panel = article.querySelector<HTMLElement>('[data-tab-panel]');
  if (!nav || !panel) return;
  const mobile = () => win.matchMedia(MOBILE_QUERY).matches;
  const loaded = new Map<Tab, Promise<string>>();
  const first = panel.dataset.tabPanel === 'reviews' ? 'reviews' : 'desc';
  loaded.set(first, Promise.resolve(panel.innerHTML));
  let shownContent: Tab = first;
  enhanceTab(panel, mobile());

  const pathOf = (tab: Tab) =>
    tab === 'reviews' ? `${showUrl}reviews/` : tab === 'perfs' ? `${showUrl}#perfs` : showUrl;
  const tabOfLocation = (): Tab => {
    if (win.location.hash === '#perfs' && mobile()) return 'perfs';
    return win.location.pathname.endsWith('/reviews/') ? 'reviews' : 'desc';
  };

  const load = (tab: 'desc' | 'reviews') => {
    let html = loaded.get(tab);
    if (!html) {
      html = fetch(sitePath(`${showUrl}showAjax/?ajax=${tab}&isMobile=${mobile() ? 1 : 0}`), {
        credentials: 'same-origin',
      }).then(async (res) => {
        if (!res.ok) throw new Error(`showAjax ${res.status}`);
        return res.text();
      });
      html.catch(() => loaded.delete(tab));
      loaded.set(tab, html);
    }
    return html;
  };

  const mark = (tab: Tab) => {
    article.dataset.activeTab = tab;
    for (const link of nav.querySelectorAll<HTMLAnchorElement>('[data-tab]')) {
      if (link.dataset.tab === tab) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  };

  /** Shows a tab; false when its content could not be loaded. */
  const open = async (tab: Tab): Promise<boolean> => {
    if (tab === 'perfs') {
      mark(tab);
      return true;
    }
    panel.setAttribute('aria-busy', 'true');
    try {
      const html = await load(tab);
      if (shownContent !== tab) {
        panel.innerHTML = html;
        panel.dataset.tabPanel = tab;
        shownContent = tab;
        enhanceTab(panel, mobile());
      }
      mark(tab);
      return true;
    } catch {
      return false;
    } finally {
      panel.removeAttribute('aria-busy');
    }
  };

  nav.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-tab]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    const tab = link.dataset.tab as Tab;
    if (article.dataset.activeTab === tab) return;
    void open(tab).then((ok) => {
      // A tab that cannot be loaded here opens as its own page.
      if (!ok) return win.location.assign(link.href);
      win.history.pushState({ showTab: tab }, '', pathOf(tab));
    });
  });

  // On mobile the dates are a tab: 'Купить билеты' (a link to #performances) opens it.
  article.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href="#performances"]:not([data-tab])');
    if (!link || !mobile()) return;
    event.preventDefault();
    void open('perfs').then(() => {
      win.history.pushState({ showTab: 'perfs' }, '', pathOf('perfs'));
      nav.scrollIntoView({ block: 'start' });
    });
  });

  win.addEventListener('popstate', (event) => {
    const state = event.state as { showTab?: Tab } | null;
    const tab = state?.showTab ?? tabOfLocation();
    void open(tab).then((ok) => {
      if (!ok) win.location.reload();
    });
  });

  // The address may name the dates tab ({show}/#perfs, a link or a reload).
  win.history.replaceState({ showTab: tabOfLocation() }, '');
  if (tabOfLocation() === 'perfs') void open('perfs');
}

/** What a tab's content does: the description's show-more, the cast slider, the reviews' full text. */
function enhanceTab(panel: HTMLElement, mobile: boolean): void {
  for (const block of panel.querySelectorAll<HTMLElement>('[data-show-more]')) {
    // On mobile (spec 2.9) the description starts collapsed whenever it has more than its first
    // lines and one more; elsewhere the show-more rule of spec 2.1 (312 px, 80 px margin).
    if (mobile) {
      // The mobile description collapses as a show-more block, with its own height and a small margin.
      const content = block.querySelector<HTMLElement>('.show-more__content');
      if (content) content.id ||= 'show-description';
      showMore(
        block,
        { more: 'Читать полностью', less: 'Скрыть' },
        MOBILE_DESCRIPTION_HEIGHT,
        MOBILE_DESCRIPTION_MARGIN,
      );
    } else showMore(block, { more: 'Показать ещё', less: 'Скрыть' });
  }
  for (const slider of panel.querySelectorAll<HTMLElement>('[data-cast-slider]')) castSlider(slider);
  for (const button of panel.querySelectorAll<HTMLButtonElement>('[data-review-more]')) {
    button.addEventListener('click', () => {
      const review = button.closest('[data-review]');
      const short = review?.querySelector<HTMLElement>('[data-review-short]');
      const full = review?.querySelector<HTMLElement>('[data-review-full]');
      if (!short || !full) return;
      short.hidden = true;
      full.hidden = false;
      button.remove();
    });
  }
}

/**
 * The cast's horizontal slider (spec 9: steps of 250 px, scaled): the arrows show while the row
 * overflows and scroll it by the step, scaled by the text size (a larger font, larger cards).
 */
function castSlider(slider: HTMLElement): void {
  const track = slider.querySelector<HTMLElement>('[data-cast-track]');
  if (!track) return;
  const win = slider.ownerDocument.defaultView ?? window;
  const arrows = [...slider.querySelectorAll<HTMLButtonElement>('[data-cast-step]')];
  const scale = () => Number.parseFloat(win.getComputedStyle(track).fontSize) / 16 || 1;
  const update = () => {
    const overflow = track.scrollWidth > track.clientWidth + 1;
    for (const arrow of arrows) {
      arrow.hidden = !overflow;
      const back = arrow.dataset.castStep === '-1';
      arrow.disabled = back ? track.scrollLeft <= 0 : track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    }
  };
  for (const arrow of arrows) {
    arrow.addEventListener('click', () => {
      const direction = Number(arrow.dataset.castStep) || 1;
      track.scrollBy({ left: direction * SHOW_PAGE.personSliderStep * scale(), behavior: 'smooth' });
    });
  }
  track.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(update).observe(track);
  update();
}
