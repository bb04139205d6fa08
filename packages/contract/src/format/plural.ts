/** Russian plural choice (site-browsing-account.md 9), by the platform's plural rules. */

/** The three Russian forms: for 1 (билет), for 2–4 (билета), for 5–20 (билетов). */
export type PluralForms = readonly [one: string, few: string, many: string];

/**
 * The platform's Russian plural category (CLDR) of the absolute integer part: 'one' for 1, 21,
 * 101 (not 11, 111), 'few' for 2–4, 22–24 (not 12–14), 'many' for the rest (and for what is not a
 * number). The rules are made on first use: a page that never counts anything never builds them.
 */
let rules: Intl.PluralRules | undefined;
function categoryOf(n: number): Intl.LDMLPluralRule {
  rules ??= new Intl.PluralRules('ru');
  return rules.select(Math.floor(Math.abs(n)) || 0);
}
const FORM_OF: Record<string, number> = { one: 0, few: 1 };

/**
 * The spec's rule: 11–19 take the third form; otherwise a number ending in 1 takes the first, one
 * ending in 2, 3 or 4 the second, any other the third. These are the 'one', 'few' and 'many'
 * categories of the platform's Russian plural rules for whole numbers.
 */
export function plural(n: number, forms: PluralForms): string {
  return forms[FORM_OF[categoryOf(n)] ?? 2] as string;
}

/** The first form's numbers (1, 21, 101; not 11): the spec's 'singular when it ends in 1, except 11'. */
export const isSingularCount = (n: number): boolean => categoryOf(n) === 'one';

export const TICKET_FORMS: PluralForms = ['билет', 'билета', 'билетов'];

/** билет / билета / билетов. */
export function ticketWord(n: number): string {
  return plural(n, TICKET_FORMS);
}

/** '{n} билет' / 'билета' / 'билетов' (the section hint of the older map). */
export function ticketCount(n: number): string {
  return `${n} ${ticketWord(n)}`;
}
