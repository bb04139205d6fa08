/**
 * The cabinet's requisites block (site-browsing-account.md 2.15, 3 User profile, 5, 7 Personal
 * account, 8 Profile and Password): the profile for a guest and a buyer, the personal-info edit
 * with each failure and the birth date's edges, the password change's 'field::text' answers, the
 * other sessions signed out and this one kept, wrong current passwords counted with wrong sign-ins,
 * and every answer concerning the session's own account whatever the request names.
 */
import { formatDate, messages, parseFieldMessage, passwordError, phoneMaskMap } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { accountOfSession, buyersToday } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { lastOutboxCode, registeredBuyer, TEST_PASSWORD, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

const PASSWORD = TEST_PASSWORD;
const NEW_PASSWORD = 'brand new secret 2';

describeEachDatabase('the cabinet: profile, personal info, password change', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  const registered = (email = uniqueEmail('profile')) => registeredBuyer(app, { email });

  /** Another browser signed in to the account. */
  async function signedIn(email: string, password = PASSWORD): Promise<Buyer> {
    const b = buyer(app);
    const r = await b.post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': password });
    expect(r.json().state, r.body).toBe(1);
    return b;
  }

  const login = (email: string, password: string) =>
    buyer(app)
      .post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': password })
      .then((r) => r.json());

  const profile = (b: Buyer, query = '') => b.get(`/private/profile/${query}`);

  const edit = (b: Buyer, form: Record<string, string | number>) =>
    b.post('/private/edit/', form).then((r) => r.json());

  const names = { 'form[name]': 'Каренина', 'form[firstname]': 'Анна', 'form[patronymic]': 'Аркадьевна' };

  const changePassword = (b: Buyer, old: string, next: string, next2 = next, extra: Record<string, string> = {}) =>
    b.post('/private/passwordchange/', { 'pwd[old]': old, 'pwd[new]': next, 'pwd[new2]': next2, ...extra });

  const failure = (message: string) => ({ status: 'error', message });

  /** dd.mm.yyyy of the buyer's today moved by `days`. */
  const dayFromToday = (days: number) => {
    const d = buyersToday(clock.now());
    d.setDate(d.getDate() + days);
    return formatDate(d);
  };

  const lastCode = (email: string) => lastOutboxCode(get().db, email);

  async function userRow(email: string) {
    const r = await get().db.query<{
      id: number;
      surname: string;
      first_name: string;
      patronymic: string;
      birth: string | null;
      password_hash: string;
      password_changed_at: Date | null;
    }>(
      `SELECT id, surname, first_name, patronymic, to_char(birth_date, 'DD.MM.YYYY') AS birth, password_hash,
              password_changed_at
         FROM users WHERE email = $1`,
      [email],
    );
    const row = r.rows[0];
    if (!row) throw new Error(`no account ${email}`);
    return row;
  }

  it('answers a guest HTTP 401 in each call’s shape, and changes nothing', async () => {
    const guest = buyer(app);
    const read = await profile(guest);
    expect(read.status).toBe(401);
    expect(read.json()).toEqual({
      phone: { value: '', confirmed: false, country: 'RU' },
      email: { value: '', confirmed: false },
      firstname: '',
      patrname: '',
      surname: '',
      birthdate: null,
      error: 401,
      message: messages.loginRequired,
    });
    const edited = await guest.post('/private/edit/', names);
    expect(edited.status).toBe(401);
    expect(edited.json()).toEqual(failure(messages.loginRequired));
    const changed = await changePassword(guest, PASSWORD, NEW_PASSWORD);
    expect(changed.status).toBe(401);
    expect(changed.json()).toEqual(failure(messages.loginRequired));
  });

  it('shows the signed-in buyer’s requisites; a confirmed e-mail shows as confirmed', async () => {
    const { b, email } = await registered();
    const read = await profile(b);
    expect(read.status).toBe(200);
    expect(read.json()).toEqual({
      phone: { value: '', confirmed: false, country: 'RU' },
      email: { value: email, confirmed: false },
      firstname: 'Анна',
      patrname: '',
      surname: 'Каренина',
      birthdate: null,
      phoneMasks: phoneMaskMap(),
    });
    const r = await app.inject({ method: 'GET', url: '/private/profile/', cookies: { sid: b.sessionId } });
    expect(r.headers['cache-control']).toBe('private, no-store');

    const checked = await b.post('/email/codecheck/', { 'form[email]': email, 'form[code]': await lastCode(email) });
    expect(checked.json().status).toBe('success');
    expect((await profile(b)).json().email).toEqual({ value: email, confirmed: true });
  });

  it('refuses each bad personal-info field with its message, and saves nothing', async () => {
    const { b, email } = await registered();
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'form[name]': '' }, messages.surnameRequired],
      [{ 'form[name]': '   ' }, messages.surnameRequired],
      [{ 'form[name]': 'Каренина1' }, messages.surnameInvalid],
      [{ 'form[firstname]': '' }, messages.nameRequired],
      [{ 'form[firstname]': '<script>' }, messages.firstnameInvalid],
      [{ 'form[patronymic]': '-1-' }, messages.patronymicInvalid],
      [{ 'form[birthday]': '1980-01-01' }, messages.birthDateInvalid],
      [{ 'form[birthday]': '1.1.1980' }, messages.birthDateInvalid],
      [{ 'form[birthday]': '31.02.2000' }, messages.birthDateInvalid],
      [{ 'form[birthday]': '29.02.2023' }, messages.birthDateInvalid],
      [{ 'form[birthday]': '01.01.1899' }, messages.birthDateOutOfRange],
      [{ 'form[birthday]': '31.12.1899' }, messages.birthDateOutOfRange],
      [{ 'form[birthday]': dayFromToday(1) }, messages.birthDateOutOfRange],
    ];
    for (const [change, message] of cases) {
      expect(await edit(b, { ...names, 'form[birthday]': '01.01.1980', ...change }), JSON.stringify(change)).toEqual(
        failure(message),
      );
    }
    // The first failing field wins: the surname before the first name before the birth date.
    expect(await edit(b, { 'form[name]': '', 'form[firstname]': '', 'form[birthday]': 'x' })).toEqual(
      failure(messages.surnameRequired),
    );
    expect(await edit(b, { 'form[name]': 'Ок', 'form[firstname]': '', 'form[birthday]': 'x' })).toEqual(
      failure(messages.nameRequired),
    );
    const row = await userRow(email);
    expect([row.surname, row.first_name, row.patronymic, row.birth]).toEqual(['Каренина', 'Анна', '', null]);
  });

  it('saves the personal info: birth dates from 01.01.1900 to today, 29.02 of a leap year; clears and keeps', async () => {
    const { b } = await registered();
    const birthdate = async () => (await profile(b)).json().birthdate;
    for (const day of ['29.02.2024', '01.01.1900', dayFromToday(0), '31.12.1999']) {
      expect(await edit(b, { ...names, 'form[birthday]': day }), day).toEqual({
        status: 'success',
        message: messages.dataUpdated,
      });
      expect(await birthdate()).toBe(day);
    }
    expect(
      await edit(b, {
        'form[name]': '  Облонская ',
        'form[firstname]': ' Дарья',
        'form[patronymic]': 'Александровна ',
        'form[birthday]': ' 15.05.1985 ',
      }),
    ).toEqual({ status: 'success', message: messages.dataUpdated });
    expect((await profile(b)).json()).toMatchObject({
      surname: 'Облонская',
      firstname: 'Дарья',
      patrname: 'Александровна',
      birthdate: '15.05.1985',
    });
    // Left out, the patronymic and the birth date stay; sent empty, they are cleared.
    expect((await edit(b, { 'form[name]': 'Облонская', 'form[firstname]': 'Долли' })).status).toBe('success');
    expect((await profile(b)).json()).toMatchObject({
      firstname: 'Долли',
      patrname: 'Александровна',
      birthdate: '15.05.1985',
    });
    expect((await edit(b, { ...names, 'form[patronymic]': '', 'form[birthday]': '' })).status).toBe('success');
    expect((await profile(b)).json()).toMatchObject({ surname: 'Каренина', patrname: '', birthdate: null });
  });

  it('answers each password-change problem as field::text, and keeps the password', async () => {
    const { b, email } = await registered();
    const before = await userRow(email);
    const cases: Array<[[string, string, string], string]> = [
      [['', NEW_PASSWORD, NEW_PASSWORD], `old::${messages.passwordOldEmpty}`],
      [[PASSWORD, 'short', 'short'], `new::${passwordError('short')}`],
      [[PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`], `new2::${messages.passwordsDiffer}`],
      [[PASSWORD, PASSWORD, PASSWORD], `new::${messages.passwordSameAsOld}`],
      [['not my password', NEW_PASSWORD, NEW_PASSWORD], `old::${messages.passwordOldWrong}`],
    ];
    for (const [[old, next, next2], message] of cases) {
      const r = await changePassword(b, old, next, next2);
      expect(r.status).toBe(200);
      expect(r.json(), message).toEqual(failure(message));
    }
    expect(cases.map(([, m]) => parseFieldMessage(m).field)).toEqual(['old', 'new', 'new2', 'new', 'old']);
    const after = await userRow(email);
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.password_changed_at).toEqual(before.password_changed_at);
    expect((await login(email, PASSWORD)).state).toBe(1);
  });

  it('changes the password: the other sessions of the account end, this one stays; the new one signs in', async () => {
    const { b, email } = await registered();
    const elsewhere = await signedIn(email);
    const stranger = await registered();
    expect((await profile(elsewhere)).status).toBe(200);

    clock.advance(60_000);
    const r = await changePassword(b, PASSWORD, NEW_PASSWORD);
    expect(r.json()).toEqual({ status: 'success', message: messages.passwordChanged });

    expect((await profile(b)).json().surname).toBe('Каренина');
    expect(await accountOfSession(get().db, b.sessionId)).not.toBeNull();
    expect((await profile(elsewhere)).status).toBe(401);
    expect(await accountOfSession(get().db, elsewhere.sessionId)).toBeNull();
    // Another account's session is not touched.
    expect((await profile(stranger.b)).status).toBe(200);

    const row = await userRow(email);
    expect(row.password_changed_at?.getTime()).toBe(clock.now().getTime());
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(await login(email, PASSWORD)).toEqual({ state: 0, messages: { error: messages.loginFailed } });
    expect((await login(email, NEW_PASSWORD)).state).toBe(1);
    // The old password is no longer the current one here either.
    expect((await changePassword(b, PASSWORD, 'yet another one 3')).json()).toEqual(
      failure(`old::${messages.passwordOldWrong}`),
    );
  });

  it('counts wrong current passwords with wrong sign-ins: past the budget neither is checked', async () => {
    const { b, email } = await registered();
    const elsewhere = await signedIn(email);
    // 10 wrong in 15 minutes (subjectBudgets.loginContact), from two sessions of the account.
    for (let i = 0; i < 10; i++) {
      const r = await changePassword(i % 2 === 0 ? b : elsewhere, `guess ${i} guess`, NEW_PASSWORD);
      expect(r.json()).toEqual(failure(`old::${messages.passwordOldWrong}`));
    }
    expect((await changePassword(b, PASSWORD, NEW_PASSWORD)).json()).toEqual(
      failure(`old::${messages.passwordTooManyAttempts}`),
    );
    expect(await login(email, PASSWORD)).toEqual({ state: 0, messages: { error: messages.loginTooManyAttempts } });
    // Nothing changed, and the sessions stay signed in.
    expect((await profile(elsewhere)).status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await changePassword(b, PASSWORD, NEW_PASSWORD)).json().status).toBe('success');
  });

  it('reads and changes only the session’s account, whatever account the request names', async () => {
    const mine = await registered();
    const theirs = await registered();
    const their = await userRow(theirs.email);
    const naming = { id: their.id, userId: their.id, user_id: their.id, 'form[id]': their.id, email: theirs.email };

    const read = await profile(mine.b, `?id=${their.id}&userId=${their.id}&email=${encodeURIComponent(theirs.email)}`);
    expect(read.json().email.value).toBe(mine.email);

    expect(await edit(mine.b, { ...names, 'form[firstname]': 'Мария', ...naming })).toEqual({
      status: 'success',
      message: messages.dataUpdated,
    });
    expect((await userRow(mine.email)).first_name).toBe('Мария');
    expect((await userRow(theirs.email)).first_name).toBe('Анна');
    expect((await profile(theirs.b)).json().firstname).toBe('Анна');

    // Their password does not open my form, and my change leaves theirs as it was.
    const stringNaming = Object.fromEntries(Object.entries(naming).map(([k, v]) => [k, String(v)]));
    expect((await changePassword(mine.b, PASSWORD, NEW_PASSWORD, NEW_PASSWORD, stringNaming)).json()).toEqual({
      status: 'success',
      message: messages.passwordChanged,
    });
    expect((await userRow(theirs.email)).password_hash).toBe(their.password_hash);
    expect((await login(theirs.email, PASSWORD)).state).toBe(1);
    expect((await login(mine.email, NEW_PASSWORD)).state).toBe(1);
    expect((await profile(theirs.b)).status).toBe(200);
  });
});
