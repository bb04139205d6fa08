/** Russian plural choice (site-browsing-account.md 9). */

/** The three Russian forms: for 1 (билет), for 2–4 (билета), for 5–20 (билетов). */
export type PluralForms = readonly [one: string, few: string, many: string];

/**
 * 11–19 take the third form; otherwise a number ending in 1 takes the first, one ending in
 * 2, 3 or 4 the second, any other the third. Works on the absolute integer part.
 */
export function plural(n: number, forms: PluralForms): string {
  const abs = Math.floor(Math.abs(n));
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 19) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

export const TICKET_FORMS: PluralForms = ['билет', 'билета', 'билетов'];

/** билет / билета / билетов. */
export function ticketWord(n: number): string {
  return plural(n, TICKET_FORMS);
}

/** '{n} билет' / 'билета' / 'билетов' (the section hint of the older map). */
export function ticketCount(n: number): string {
  return `${n} ${ticketWord(n)}`;
}
