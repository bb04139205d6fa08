/**
 * Search results pages (site-browsing-account.md 2.6): the filter form shows the number of
 * matches after every change in a tooltip that fades out after 1000 ms; sending it writes several
 * values of a key joined with ':'; the hot dates and the mobile dropdown fill the date range.
 */
import { FILTER_VALUE_SEPARATOR, SEARCH_COUNT_TOOLTIP_FADE_MS } from '@partera/contract';
import { dayOf, rangeLabel } from '../pages/search/DateRangeModel.js';
import { mountDateRange } from './lib/date-range.js';
import { enhancePage } from './lib/enhance.js';
import { sitePath } from './lib/site-path.js';
import { startSearchMap } from './map/search-map.js';

enhancePage();
// The venue map (spec 2.6): only its button until it is opened (decision 0041).
startSearchMap();

/** The form's keys, several values of one key joined with ':', empty ones left out (text stays). */
export function filterQuery(form: HTMLFormElement): URLSearchParams {
  const values = new Map<string, string[]>();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string' || (value === '' && key !== 'text')) continue;
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const q = new URLSearchParams();
  for (const [key, list] of values) q.set(key, list.join(FILTER_VALUE_SEPARATOR));
  return q;
}

const form = document.querySelector<HTMLFormElement>('[data-search-filter]');
if (form) {
  const tooltip = form.querySelector<HTMLOutputElement>('[data-count-tooltip]');
  const countUrl = form.dataset.countUrl ?? '';
  let fade: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  /** Shows the count beside the control that changed (below it on narrow screens). */
  const showCount = async (changed?: Element) => {
    if (!tooltip) return;
    const anchor = changed?.closest<HTMLElement>('label, fieldset') ?? null;
    if (anchor) tooltip.style.top = `${anchor.offsetTop}px`;
    const n = ++asked;
    const sep = countUrl.includes('?') ? '&' : '?';
    // The page counts in its own city, and so does the count.
    const query = filterQuery(form);
    query.set('city', form.dataset.city ?? '');
    const res = await fetch(sitePath(`${countUrl}${sep}${query.toString()}`), { credentials: 'same-origin' });
    if (n !== asked || !res.ok) return;
    tooltip.textContent = await res.text();
    tooltip.hidden = false;
    tooltip.classList.remove('is-fading');
    clearTimeout(fade);
    fade = setTimeout(() => tooltip.classList.add('is-fading'), SEARCH_COUNT_TOOLTIP_FADE_MS);
  };

  const from = form.querySelector<HTMLInputElement>('input[name="mnd"]');
  const till = form.querySelector<HTMLInputElement>('input[name="mxd"]');
  const dropdown = form.querySelector<HTMLSelectElement>('[data-date-dropdown]');

  /**
   * The mobile dropdown shows the range the inputs hold: one of its presets, 'Любая дата', or the
   * range itself as one more choice ('dd.mm - dd.mm').
   */
  const syncDropdown = () => {
    if (!dropdown) return;
    const value = from?.value || till?.value ? `${from?.value ?? ''}-${till?.value ?? ''}` : '';
    let custom = dropdown.querySelector<HTMLOptionElement>('[data-date-custom]');
    const preset = [...dropdown.options].some((o) => o !== custom && o.value === value);
    if (!preset && value) {
      if (!custom) {
        custom = document.createElement('option');
        custom.dataset.dateCustom = '';
        dropdown.append(custom);
      }
      custom.value = value;
      custom.textContent = rangeLabel({ from: dayOf(from?.value ?? ''), till: dayOf(till?.value ?? '') });
    }
    dropdown.value = value;
  };

  // The date-range calendar (spec 2.6: the mobile search's) writes the same two inputs.
  const calendarRoot = form.querySelector<HTMLElement>('[data-date-range]');
  const calendar =
    calendarRoot && from && till
      ? mountDateRange(calendarRoot, {
          fromInput: from,
          tillInput: till,
          onChange: () => {
            syncDropdown();
            void showCount(calendarRoot);
          },
        })
      : null;

  const setDates = (mnd: string, mxd: string, changed?: Element) => {
    if (from) from.value = mnd;
    if (till) till.value = mxd;
    syncDropdown();
    calendar?.sync();
    void showCount(changed);
  };

  form.addEventListener('change', (event) => {
    const target = event.target as Element;
    if (target.matches('[data-date-dropdown]')) return;
    if (target.matches('[data-date-input]')) {
      syncDropdown();
      calendar?.sync();
    }
    void showCount(event.target as Element);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // ':' stays as it is in the address (URLSearchParams would write %3A).
    window.location.assign(sitePath(`${form.action}?${filterQuery(form).toString().replace(/%3A/gi, ':')}`));
  });
  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-preset-mnd]')) {
    button.addEventListener('click', () =>
      setDates(button.dataset.presetMnd ?? '', button.dataset.presetMxd ?? '', button),
    );
  }
  dropdown?.addEventListener('change', () => {
    const [mnd = '', mxd = ''] = dropdown.value.split('-');
    setDates(mnd, mxd, dropdown);
  });
  // Spec 5: numeric filter inputs take only digits, the arrows, backspace, delete and the dot.
  for (const input of form.querySelectorAll<HTMLInputElement>('[data-date-input]')) {
    input.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.key.length > 1) return;
      if (!/[\d.]/.test(event.key)) event.preventDefault();
    });
  }
}
