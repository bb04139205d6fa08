/** The 'Скоро в продаже' request's checks and the showRequestSent cookie list (site 2.9, 4, 5). */
import { describe, expect, it } from 'vitest';
import {
  checkOnSaleRequest,
  ON_SALE_REQUEST_MESSAGES as M,
  requestedShowIds,
  ruDateOfIso,
  withRequestedShow,
} from '../src/index.js';

const today = new Date(2031, 2, 15);
const form = (from: string, to: string, email = 'anna@example.ru') => ({ from, to, email });

describe('the on-sale request', () => {
  it('accepts a period from today on, one day long or more, with a valid e-mail', () => {
    const ok = checkOnSaleRequest(form('15.03.2031', '15.03.2031', ' anna@example.ru '), today);
    expect(ok).toEqual({ ok: true, from: new Date(2031, 2, 15), to: new Date(2031, 2, 15), email: 'anna@example.ru' });
    expect(checkOnSaleRequest(form('20.03.2031', '01.05.2031'), today).ok).toBe(true);
  });

  it('refuses, first failure first: missing or unreal dates, the past, an end before the start, too far, the e-mail', () => {
    const message = (f: ReturnType<typeof form>) => {
      const r = checkOnSaleRequest(f, today);
      return r.ok ? null : r.message;
    };
    expect(message(form('', '20.03.2031'))).toBe(M.datesMissing);
    expect(message(form('30.02.2031', '20.03.2031'))).toBe(M.datesMissing);
    expect(message(form('2031-03-20', '20.03.2031'))).toBe(M.datesMissing);
    expect(message(form('14.03.2031', '20.03.2031', 'bad'))).toBe(M.fromInPast);
    expect(message(form('20.03.2031', '19.03.2031'))).toBe(M.toBeforeFrom);
    expect(message(form('20.03.2031', '16.03.2033'))).toBe(M.tooFarAhead);
    expect(message(form('20.03.2031', '15.03.2033'))).toBeNull();
    expect(message(form('20.03.2031', '21.03.2031', 'anna@'))).toBe(M.emailInvalid);
  });

  it("turns the picker's yyyy-mm-dd into dd.mm.yyyy", () => {
    expect(ruDateOfIso('2031-03-20')).toBe('20.03.2031');
    expect(ruDateOfIso('')).toBe('');
    expect(ruDateOfIso('20.03.2031')).toBe('');
  });

  it('keeps the showRequestSent list: each show id once, junk ignored', () => {
    expect(requestedShowIds(undefined)).toEqual([]);
    expect(requestedShowIds('12,40,x,-3,0')).toEqual([12, 40]);
    expect(withRequestedShow('', 7)).toBe('7');
    expect(withRequestedShow('7,12', 12)).toBe('7,12');
    expect(withRequestedShow('7', 12)).toBe('7,12');
  });
});
