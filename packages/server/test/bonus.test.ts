/**
 * Bonus points, gifts, promo codes, promotions, the loyalty card and surveys
 * (site-browsing-account.md 2.15, 4, 5, 7, 8): every call for a guest (401), the ledger's rule
 * (the balance is the ledger's sum, never negative, two concurrent spends cannot overdraw), gift
 * reservations, promo codes (case, once per account, uses left, the guessing cut-off on a frozen
 * clock), promotions joined by actualize, the card activation, the survey and the loyalty
 * sign-up, each buyer seeing and changing only their own.
 */
import { messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bonusMessages, changeBonus } from '../src/accounts/bonus.js';
import { reserveGift } from '../src/accounts/gifts.js';
import { accountOfSession } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import type { Database } from '../src/db/index.js';
import { SESSION_PARAM } from '../src/http/names.js';
import { DEMO_CARD_FIRST, DEMO_GIFTS, DEMO_SURVEY, demoCardNumbers, writeBonusDemo } from '../src/seed/bonus.js';
import { registeredBuyer } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

const MINUTE = 60_000;

describeEachDatabase('bonus points, gifts, promo codes, promotions, card and surveys', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let db: Database;
  const giftIds = new Map<string, number>();
  let surveyId = 0;
  let questionIds: number[] = [];
  let cardIndex = 0;

  beforeAll(async () => {
    db = get().db;
    ({ app, clock } = await buildTestApp(db));
    await db.transaction((tx) => writeBonusDemo(tx, clock.now()));
    const gifts = await db.query<{ id: number; name: string }>('SELECT id, name FROM bonus_gifts');
    for (const g of gifts.rows) giftIds.set(g.name, g.id);
    surveyId = (await db.query<{ id: number }>('SELECT id FROM surveys')).rows[0]!.id;
    questionIds = (
      await db.query<{ id: number }>('SELECT id FROM survey_questions WHERE survey_id = $1 ORDER BY position', [
        surveyId,
      ])
    ).rows.map((r) => r.id);
    await db.query(
      `INSERT INTO promo_codes (code, kind, value, valid_until, uses_left) VALUES
        ('BONUS300', 'bonus', 300, now() + interval '30 days', NULL),
        ('ONCE50', 'bonus', 50, now() + interval '30 days', 1),
        ('OLD70', 'bonus', 70, now() - interval '1 day', NULL),
        ('DEMO10', 'percent', 10, now() + interval '30 days', NULL)`,
    );
    await db.query(
      `INSERT INTO promotions (name, reward_type_code, reward_value, description, starts_on) VALUES
        ('Идёт', 'fixed_value', 300, 'Уже началась', (now() - interval '3 days')::date),
        ('Будет', 'added_value', 100, 'Начнётся позже', (now() + interval '10 days')::date)`,
    );
    await db.query(
      `INSERT INTO promotions (name, reward_type_code, reward_value, description, starts_on, ends_on) VALUES
        ('Кончилась', 'percent', 5, 'Уже прошла', (now() - interval '30 days')::date, (now() - interval '2 days')::date)`,
    );
  });
  beforeEach(() => clock.reset());

  const shopper = () => giftIds.get(DEMO_GIFTS[0].name)!;
  const outOfStock = () => giftIds.get(DEMO_GIFTS[3].name)!;
  const nextCard = () => demoCardNumbers()[cardIndex++]!;

  async function userIdOf(b: Buyer): Promise<number> {
    const account = await accountOfSession(db, b.sessionId);
    return account!.id;
  }

  async function ledgerOf(userId: number) {
    const sum = await db.query<{ sum: number; balance: number | null }>(
      `SELECT coalesce((SELECT sum(amount) FROM bonus_transactions WHERE user_id = $1), 0)::int AS sum,
              (SELECT balance FROM bonus_accounts WHERE user_id = $1) AS balance`,
      [userId],
    );
    return { sum: sum.rows[0]!.sum, balance: sum.rows[0]!.balance ?? 0 };
  }

  const promo = (b: Buyer, code: string) => b.post('/private/promocode/', { code }).then((r) => r.json());
  const page = (b: Buyer) => b.get('/private/LoadBonusPage/');
  const card = (b: Buyer, form: Record<string, string>) => b.post('/private/saveCard', form);

  describe('a guest', () => {
    it('gets HTTP 401 from every account call and changes nothing', async () => {
      const g = buyer(app);
      const answers = await Promise.all([
        g.get('/private/promotions/?actualize'),
        g.get('/private/promotions/?list'),
        g.get('/private/LoadBonusPage/'),
        g.get(`/private/selectgift/?giftId=${shopper()}`),
        g.post('/private/promocode/', { code: 'BONUS300' }),
        g.post('/private/saveCard', { 'card[number]': DEMO_CARD_FIRST, 'card[accept]': '1' }),
        g.post('/user/processSurvey', { survey: surveyId }),
      ]);
      for (const r of answers) expect(r.status, r.body).toBe(401);
      expect(answers[1]!.json()).toEqual({ result: false, list: [], message: messages.loginRequired });
      expect(answers[4]!.json()).toEqual({ status: 'error', message: messages.loginRequired });
      expect(answers[5]!.body).toBe(messages.loginRequired);
      const joined = await db.query('SELECT 1 FROM buyer_promotions');
      expect(joined.rowCount).toBe(0);
    });
  });

  describe('the ledger', () => {
    it('keeps the balance equal to the ledger’s sum and refuses to go below zero', async () => {
      const { b } = await registeredBuyer(app);
      const userId = await userIdOf(b);
      await db.transaction((tx) => changeBonus(tx, userId, 120, 'Проверка', clock.now()));
      const refused = await db.transaction((tx) => changeBonus(tx, userId, -121, 'Слишком много', clock.now()));
      expect(refused).toEqual({ ok: false, balance: 120 });
      const spent = await db.transaction((tx) => changeBonus(tx, userId, -20, 'Списание', clock.now()));
      expect(spent).toEqual({ ok: true, balance: 100 });
      expect(await ledgerOf(userId)).toEqual({ sum: 100, balance: 100 });
    });

    it('lets only one of two concurrent spends through when the balance covers one', async () => {
      const { b } = await registeredBuyer(app);
      const userId = await userIdOf(b);
      // 300 points cover one gift of 200, not two.
      await db.transaction((tx) => changeBonus(tx, userId, 300, 'Проверка', clock.now()));
      const deps = { db, clock };
      const outcomes = await Promise.all([
        reserveGift(deps, userId, shopper()),
        reserveGift(deps, userId, shopper()),
        reserveGift(deps, userId, shopper()),
      ]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok)).toEqual([
        { ok: false, message: bonusMessages.notEnoughPoints },
        { ok: false, message: bonusMessages.notEnoughPoints },
      ]);
      expect(await ledgerOf(userId)).toEqual({ sum: 100, balance: 100 });
      const reserved = await db.query('SELECT 1 FROM gift_reservations WHERE user_id = $1', [userId]);
      expect(reserved.rowCount).toBe(1);
    });
  });

  describe('promo codes', () => {
    it('adds a bonus code’s points once per account, trimmed and in any case', async () => {
      const { b } = await registeredBuyer(app);
      expect(await promo(b, '  bonus300 ')).toEqual({ status: 'success', add: 300, diff: 300 });
      expect(await promo(b, 'BONUS300')).toEqual({ status: 'error', message: bonusMessages.promoAlreadyUsed });
      const other = (await registeredBuyer(app)).b;
      expect(await promo(other, 'Bonus300')).toEqual({ status: 'success', add: 300, diff: 300 });
      const userId = await userIdOf(b);
      expect(await ledgerOf(userId)).toEqual({ sum: 300, balance: 300 });
      const html = (await page(b)).body;
      expect(html).toContain('Промокод BONUS300');
      expect(html).toContain('300 баллов');
    });

    it('refuses wrong, expired, used-up and non-bonus codes', async () => {
      const { b } = await registeredBuyer(app);
      expect(await promo(b, 'NOSUCH')).toEqual({ status: 'error', message: bonusMessages.promoWrong });
      expect(await promo(b, 'DEMO10')).toEqual({ status: 'error', message: bonusMessages.promoWrong });
      expect(await promo(b, 'old70')).toEqual({ status: 'error', message: bonusMessages.promoExpired });
      expect(await promo(b, 'ONCE50')).toEqual({ status: 'success', add: 50, diff: 50 });
      const late = (await registeredBuyer(app)).b;
      expect(await promo(late, 'ONCE50')).toEqual({ status: 'error', message: bonusMessages.promoUsedUp });
      expect(await ledgerOf(await userIdOf(late))).toEqual({ sum: 0, balance: 0 });
    });

    it('cuts guessing off after 5 wrong codes, even a right one, until the window passes', async () => {
      const { b } = await registeredBuyer(app);
      for (let i = 0; i < 5; i++) {
        expect(await promo(b, `GUESS${i}`)).toEqual({ status: 'error', message: bonusMessages.promoWrong });
      }
      const refused = await b.post('/private/promocode/', { code: 'BONUS300' });
      expect(refused.json()).toEqual({ status: 'error', message: bonusMessages.promoTooManyAttempts });
      expect(await ledgerOf(await userIdOf(b))).toEqual({ sum: 0, balance: 0 });
      // Another account from another address is not held back.
      const other = (await registeredBuyer(app)).b;
      expect((await promo(other, 'BONUS300')).status).toBe('success');
      clock.advance(30 * MINUTE);
      expect(await promo(b, 'BONUS300')).toEqual({ status: 'success', add: 300, diff: 300 });
    });

    it('counts wrong codes per client address too', async () => {
      const address = '203.0.113.77';
      for (let n = 0; n < 6; n++) {
        const { b: one } = await registeredBuyer(app);
        const same = buyer(app, 'test-secret', address);
        // Each buyer signs in behind the same address and guesses 5 times: 30 in all.
        const email = (
          await db.query<{ email: string }>(
            'SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1',
            [one.sessionId],
          )
        ).rows[0]!.email;
        const login = await same.post('/login/ajaxauth/', {
          'LoginForm[contact]': email,
          'LoginForm[password]': 'long enough 1',
        });
        expect(login.json().state).toBe(1);
        for (let i = 0; i < 5; i++) await promo(same, `WRONG${n}${i}`);
      }
      const { b: fresh } = await registeredBuyer(app);
      const email = (
        await db.query<{ email: string }>(
          'SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1',
          [fresh.sessionId],
        )
      ).rows[0]!.email;
      const behind = buyer(app, 'test-secret', address);
      await behind.post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': 'long enough 1' });
      expect(await promo(behind, 'BONUS300')).toEqual({ status: 'error', message: bonusMessages.promoTooManyAttempts });
    });
  });

  describe('gifts', () => {
    it('reserves a gift for points: stock down, points spent, the reservation shown', async () => {
      const { b } = await registeredBuyer(app);
      const before = await db.query<{ stock: number }>('SELECT stock FROM bonus_gifts WHERE id = $1', [shopper()]);
      expect((await b.get(`/private/selectgift/?giftId=${shopper()}`)).json()).toEqual({
        status: 'error',
        message: bonusMessages.notEnoughPoints,
      });
      await promo(b, 'BONUS300');
      expect((await b.get(`/private/selectgift/?giftId=${shopper()}`)).json()).toEqual({ status: 'success' });
      const after = await db.query<{ stock: number }>('SELECT stock FROM bonus_gifts WHERE id = $1', [shopper()]);
      expect(after.rows[0]!.stock).toBe(before.rows[0]!.stock - 1);
      expect(await ledgerOf(await userIdOf(b))).toEqual({ sum: 100, balance: 100 });
      const html = (await page(b)).body;
      expect(html).toContain('Зарезервированные подарки');
      expect(html).toContain(`Подарок «${DEMO_GIFTS[0].name}»`);
      // Another buyer does not see it.
      const other = (await registeredBuyer(app)).b;
      expect((await page(other)).body).not.toContain('Зарезервированные подарки');
    });

    it('refuses an out-of-stock gift and an unknown one', async () => {
      const { b } = await registeredBuyer(app);
      await promo(b, 'BONUS300');
      expect((await b.get(`/private/selectgift/?giftId=${outOfStock()}`)).json()).toEqual({
        status: 'error',
        message: bonusMessages.giftOutOfStock,
      });
      expect((await b.get('/private/selectgift/?giftId=999999')).json()).toEqual({
        status: 'error',
        message: bonusMessages.giftNotFound,
      });
      expect(await ledgerOf(await userIdOf(b))).toEqual({ sum: 300, balance: 300 });
    });
  });

  describe('the bonus page', () => {
    it('shows the balance, gifts cut at 33 characters, the forms and the open survey', async () => {
      const { b } = await registeredBuyer(app);
      const r = await page(b);
      expect(r.status).toBe(200);
      expect(r.body).toContain('data-bonus-balance="0"');
      expect(r.body).toContain('Набор открыток с афишами московск...');
      expect(r.body).toContain('Зарезервировать');
      expect(r.body).toContain('data-promo-form');
      expect(r.body).toContain('name="card[accept]"');
      expect(r.body).toContain(DEMO_SURVEY.title);
      expect(r.body).toContain('Баллов пока не было.');
    });

    it('escapes every value it shows', async () => {
      const { b } = await registeredBuyer(app);
      const userId = await userIdOf(b);
      await db.transaction((tx) => changeBonus(tx, userId, 5, '<script>x</script>', clock.now()));
      const r = await page(b);
      expect(r.body).not.toContain('<script>x</script>');
      expect(r.body).toContain('&#60;script&#62;');
    });
  });

  describe('promotions', () => {
    it('joins the buyer to the running promotions on actualize and lists only theirs', async () => {
      const { b } = await registeredBuyer(app);
      expect((await b.get('/private/promotions/?list')).json()).toEqual({ result: true, list: [] });
      expect((await b.get('/private/promotions/?actualize')).json()).toEqual({ result: true });
      const list = (await b.get('/private/promotions/?list')).json();
      expect(list.result).toBe(true);
      expect(list.list.map((p: { name: string }) => p.name)).toEqual(['Идёт']);
      expect(list.list[0]).toMatchObject({
        reward_type_code: 'fixed_value',
        reward_value: 300,
        description: 'Уже началась',
        img_src: '',
      });
      expect(list.list[0].dt).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(list.list[0].program_id).toBeGreaterThan(0);
      // Twice changes nothing; another buyer has not joined.
      await b.get('/private/promotions/?actualize');
      expect((await b.get('/private/promotions/?list')).json().list).toHaveLength(1);
      const other = (await registeredBuyer(app)).b;
      expect((await other.get('/private/promotions/?list')).json().list).toEqual([]);
    });

    it('joins a promotion once it starts', async () => {
      const { b } = await registeredBuyer(app);
      clock.advance(11 * 24 * 60 * MINUTE);
      await b.get('/private/promotions/?actualize');
      const names = (await b.get('/private/promotions/?list')).json().list.map((p: { name: string }) => p.name);
      expect(names).toEqual(['Будет', 'Идёт']);
    });

    it('has no detail page without the site', async () => {
      const { b } = await registeredBuyer(app);
      expect((await b.get('/private/promotions/?view&id=1')).status).toBe(404);
    });
  });

  describe('the loyalty card', () => {
    it('needs the rules accepted', async () => {
      const { b } = await registeredBuyer(app);
      const r = await card(b, { 'card[number]': nextCard() });
      expect(r.status).toBe(200);
      expect(r.body).toBe(messages.cardRulesNotAccepted);
      expect((await card(b, { 'card[number]': nextCard(), 'card[accept]': '0' })).body).toBe(
        messages.cardRulesNotAccepted,
      );
    });

    it('activates a demo card once, with its welcome points; one card per account', async () => {
      const { b } = await registeredBuyer(app);
      const number = nextCard();
      const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      const r = await card(b, { 'card[number]': spaced, 'card[accept]': '1' });
      expect(r.body).toBe('ok');
      expect(await ledgerOf(await userIdOf(b))).toEqual({ sum: 200, balance: 200 });
      expect((await page(b)).body).toContain(`•••• ${number.slice(-4)}`);
      expect((await card(b, { 'card[number]': nextCard(), 'card[accept]': '1' })).body).toBe(
        bonusMessages.cardAlreadyHave,
      );
      const other = (await registeredBuyer(app)).b;
      expect((await card(other, { 'card[number]': number, 'card[accept]': '1' })).body).toBe(bonusMessages.cardTaken);
      expect((await card(other, { 'card[number]': '1234567890', 'card[accept]': '1' })).body).toBe(
        bonusMessages.cardUnknown,
      );
      expect((await card(other, { 'card[number]': '12ab', 'card[accept]': '1' })).body).toBe(
        bonusMessages.cardNumberInvalid,
      );
      expect(await ledgerOf(await userIdOf(other))).toEqual({ sum: 0, balance: 0 });
    });
  });

  describe('the survey', () => {
    const full = () => ({
      survey: String(surveyId),
      [`answers[${questionIds[0]}]`]: '1',
      [`answers[${questionIds[1]}][]`]: '0',
      [`answers[${questionIds[2]}]`]: '0',
    });

    it('rejects a submission missing a group, then credits the reward once', async () => {
      const { b } = await registeredBuyer(app);
      const partial: Record<string, string> = full();
      delete partial[`answers[${questionIds[1]}][]`];
      expect((await b.post('/user/processSurvey', partial)).json()).toEqual({
        result: false,
        message: bonusMessages.surveyIncomplete,
      });
      expect((await b.post('/user/processSurvey', full())).json()).toEqual({
        result: true,
        bonus: { sum: DEMO_SURVEY.rewardPoints },
      });
      expect((await b.post('/user/processSurvey', full())).json()).toEqual({
        result: false,
        message: bonusMessages.surveyAlreadyAnswered,
      });
      expect(await ledgerOf(await userIdOf(b))).toEqual({ sum: 100, balance: 100 });
      expect((await page(b)).body).not.toContain('data-survey-form');
      // Another buyer still has it open.
      const other = (await registeredBuyer(app)).b;
      expect((await page(other)).body).toContain('data-survey-form');
    });

    it('takes several choices of a checkbox group and refuses two of a radio group', async () => {
      const { b } = await registeredBuyer(app);
      const form = new URLSearchParams(full());
      form.append(`answers[${questionIds[1]}][]`, '2');
      form.append(`answers[${questionIds[0]}]`, '2');
      const r = await app.inject({
        method: 'POST',
        url: '/user/processSurvey',
        remoteAddress: '198.51.200.1',
        cookies: { [SESSION_PARAM]: b.sessionId },
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': b.csrf },
        payload: form.toString(),
      });
      expect(r.json()).toMatchObject({ result: false, message: bonusMessages.surveyIncomplete });
    });
  });

  describe('the loyalty phone sign-up', () => {
    it('takes a masked phone and a known group, and refuses other phones', async () => {
      const g = buyer(app);
      const ok = await g.post('/loyalty/signup/', { group: 'theatre', phone: '+7(916) 123-45-67' });
      expect(ok.json()).toEqual({ status: 'success', redirectUrl: '/loyalty/thanks?group=theatre' });
      const again = await g.post('/loyalty/signup/', { group: 'theatre', phone: '+7(916) 123-45-67' });
      expect(again.json().status).toBe('success');
      const rows = await db.query('SELECT 1 FROM loyalty_signups WHERE phone = $1', ['79161234567']);
      expect(rows.rowCount).toBe(1);
      expect((await g.post('/loyalty/signup/', { group: 'theatre', phone: '89161234567' })).json()).toEqual({
        status: 'error',
        message: messages.loyaltyPhoneInvalid,
      });
      expect((await g.post('/loyalty/signup/', { group: 'nope', phone: '+7(916) 123-45-67' })).json()).toEqual({
        status: 'error',
        message: bonusMessages.loyaltyGroupUnknown,
      });
    });
  });
});
