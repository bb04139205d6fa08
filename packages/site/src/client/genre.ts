/**
 * The genre page (site-browsing-account.md 2.7): its filter form is the search's (client/search.ts
 * reads data-search-filter: the count tooltip after each change, several values joined with ':',
 * the hot dates, digits-only dates), sent to the page's own address without 'page-N/'. Here only
 * what the search page has not: the header follows the chosen dates (dd.mm or dd.mm - dd.mm).
 */
import './search.js';

const form = document.querySelector<HTMLFormElement>('.genre-filter[data-search-filter]');
const range = document.querySelector<HTMLElement>('[data-genre-range]');

/** 'dd.mm.yyyy' → 'dd.mm'; null unless the date is written whole. */
const dayMonth = (value: string) => (/^\d{2}\.\d{2}\.\d{4}$/.test(value) ? value.slice(0, 5) : null);

if (form && range) {
  const update = () => {
    const from = dayMonth((form.elements.namedItem('mnd') as HTMLInputElement | null)?.value ?? '');
    const till = dayMonth((form.elements.namedItem('mxd') as HTMLInputElement | null)?.value ?? '');
    const text = from && till ? (from === till ? from : `${from} - ${till}`) : (from ?? till ?? '');
    range.textContent = text;
    range.hidden = text === '';
  };
  // The hot dates, the dropdown and the calendar write the inputs in their own handlers: read them after.
  const later = () => setTimeout(update, 0);
  form.addEventListener('change', later);
  form.addEventListener('click', later);
}
