/** Phone numbers (site 5 Phone, site 9 Phone display). */

/** Trim, then strip spaces and the characters + ( ) -: '+7 (916) 123-45-67' → '79161234567'. */
export function normalizePhone(input: string): string {
  return input.trim().replace(/[\s+()-]/g, '');
}

/** Dialing codes of the countries the site offers by default; RU is the default country. */
export const DIALING_CODES: Readonly<Record<string, string>> = { RU: '7', KZ: '7', BY: '375', UA: '380', AM: '374' };

/**
 * '+', the country code, a space, then the last 10 digits split 3 and 7 with a space:
 * '79161234567' → '+7 916 1234567'. Digits before the last 10 are the country code; with
 * only 10 digits the country's dialing code is used (RU → 7). An 11-digit Russian number
 * with the trunk prefix 8 is shown with 7. Fewer than 10 digits come back normalised.
 */
export function formatPhone(input: string, country = 'RU'): string {
  const digits = normalizePhone(input).replace(/\D/g, '');
  if (digits.length < 10) return digits;
  const national = digits.slice(-10);
  let code = digits.slice(0, -10) || DIALING_CODES[country.toUpperCase()] || '7';
  if (code === '8' && (country.toUpperCase() === 'RU' || country === '')) code = '7';
  return `+${code} ${national.slice(0, 3)} ${national.slice(3)}`;
}
