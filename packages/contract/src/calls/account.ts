/** Login, registration, logout and the personal account (site-browsing-account.md 7). */
import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  answerStatus,
  promoCodeResult,
  promotion,
  reviewPromptInfo,
  statusAnswer,
  statusFailure,
  surveyResponse,
  userProfileNested,
} from '../entities/account.js';
import { flag, htmlAnswer, htmlFailure, id, int, list, multilineText, request, TEXT_MAX, text } from '../wire.js';

const SITE = 'site-browsing-account.md';
const LOGIN = `${SITE} 7 Login and registration`;
const ACCOUNT = `${SITE} 7 Personal account`;

/** Text answers: 'ok' or an error text. */
const okText = () => z.string();
const textFailure = (message: string) => message;

// ---------------------------------------------------------------- Login, registration, logout

/** state 1 on success (the page reloads); messages maps a field to its text. */
export const loginAnswer = z.object({
  state: z.union([z.literal(0), z.literal(1)]),
  messages: z.record(z.string(), z.string()).optional(),
  /**
   * Extension: a sign-in moves the session to a new id, so the page's CSRF token changes; a page
   * that goes on without reloading (registration's e-mail step) sends this one from then on.
   */
  csrfToken: z.string().optional(),
});
const loginFailure = (message: string) => ({ state: 0 as const, messages: { error: message } });

/** The contact is an e-mail or a phone: the longer of the two limits. */
const loginRequest = request({
  'LoginForm[contact]': text(TEXT_MAX.email).trim().min(1),
  'LoginForm[password]': text(TEXT_MAX.code).min(1),
  'LoginForm[hash]': text(TEXT_MAX.code).optional(),
});

export const loginAjax = defineCall({
  id: 'account.loginAjax',
  method: 'POST',
  path: '/login/ajaxauth/',
  params: 'form',
  request: loginRequest,
  answer: 'json',
  response: loginAnswer,
  failure: loginFailure,
  spec: `${LOGIN}, 2.3, 8 (Login)`,
  summary: 'Popup login by contact (e-mail or phone) and password; state 1 → reload.',
});

export const loginForm = defineCall({
  id: 'account.loginForm',
  method: 'POST',
  path: '/login/',
  params: 'form',
  request: loginRequest,
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${LOGIN}, 2.3`,
  summary: 'Form-mode login (the canvas form posts here); redirects on success, else the login page with the error.',
});

export const registrationSubmit = defineCall({
  id: 'account.registrationSubmit',
  method: 'POST',
  path: '/registration/',
  params: 'form',
  // Checked by the server with registrationErrors (rules/account.ts): each field's message in
  // `messages`, never a bare 400.
  request: request({
    'RegistrationForm[email]': text(TEXT_MAX.email).trim(),
    'RegistrationForm[password]': text(TEXT_MAX.code),
    'RegistrationForm[firstname]': text(TEXT_MAX.name).trim(),
    'RegistrationForm[surname]': text(TEXT_MAX.name).trim(),
    'RegistrationForm[phone]': text(TEXT_MAX.phone).optional(),
    /** The phone's country (ISO code, default RU). */
    'RegistrationForm[country]': text(TEXT_MAX.code).optional(),
    /** The personal-data consent checkbox (152-ФЗ): 1 when ticked. */
    'RegistrationForm[consent]': flag().optional(),
  }),
  answer: 'json',
  response: loginAnswer,
  failure: loginFailure,
  spec: `${SITE} 2.3 (Регистрация → /registration/), 5 E-mail`,
  summary:
    'Creates an account, signs it in and sends the e-mail confirmation code; state 0 with a message per field ' +
    '(email, password, firstname, surname, phone, consent) otherwise; an optional phone is kept unconfirmed (not shown in the spec; answers like the login call).',
  extension: true,
});

export const logout = defineCall({
  id: 'account.logout',
  method: 'POST',
  path: '/logout/',
  params: 'form',
  request: request({}),
  answer: 'json',
  response: z.object({ redirectUrl: z.string(), message: z.string().optional() }),
  failure: (message) => ({ redirectUrl: '/', message }),
  spec: LOGIN,
  summary: 'Ends the session; the browser goes to redirectUrl.',
});

// ---------------------------------------------------------------- Delivery and profile

export const privateAddDelivery = defineCall({
  id: 'account.addDelivery',
  method: 'POST',
  path: '/private/addDelivery',
  params: 'form',
  request: request({
    'delivery[name]': text(TEXT_MAX.name),
    'delivery[firstname]': text(TEXT_MAX.name),
    'delivery[patronymic]': text(TEXT_MAX.name),
    /** A station of the order's city; empty (or 0) when none is chosen, which the server refuses in its turn. */
    'delivery[metro]': z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), id().optional()),
    'delivery[order]': id(),
    'delivery[address]': text(TEXT_MAX.text),
    'delivery[phone]': text(TEXT_MAX.phone),
  }),
  answer: 'text',
  response: okText(),
  failure: textFailure,
  spec: `${ACCOUNT}, 5 (per-order delivery), 8`,
  summary: "Adds courier delivery to an order (delivery[name] is the surname); 'ok' or an error text.",
});

export const privateDelDelivery = defineCall({
  id: 'account.delDelivery',
  method: 'POST',
  path: '/private/delDelivery',
  params: 'form',
  request: request({ IdOrder: id() }),
  answer: 'text',
  response: okText(),
  failure: textFailure,
  spec: ACCOUNT,
  summary: "Removes the delivery of an order; 'ok' or an error text.",
});

export const privateEdit = defineCall({
  id: 'account.edit',
  method: 'POST',
  path: '/private/edit/',
  params: 'form',
  // Checked by the server with profileEditError (rules/account.ts): an empty or malformed field
  // is answered {status: 'error', message} with its text, never a bare 400.
  request: request({
    'form[firstname]': text(TEXT_MAX.name).trim(),
    /** '' clears it; left out, it stays as it is. */
    'form[patronymic]': text(TEXT_MAX.name).trim().optional(),
    /** Surname. */
    'form[name]': text(TEXT_MAX.name).trim(),
    /** dd.mm.yyyy from 01.01.1900 to today; '' clears it; left out, it stays as it is. */
    'form[birthday]': text(TEXT_MAX.code).trim().optional(),
  }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${ACCOUNT}, 2.15, 5 Birth date, 8 Profile`,
  summary:
    "Edits the signed-in buyer's personal info: surname and first name required, patronymic and birth date " +
    "optional ('Данные обновлены' on success, else the first failing field's message).",
});

export const privatePasswordChange = defineCall({
  id: 'account.passwordChange',
  method: 'POST',
  path: '/private/passwordchange/',
  params: 'form',
  request: request({
    'pwd[old]': text(TEXT_MAX.code),
    'pwd[new]': text(TEXT_MAX.code),
    'pwd[new2]': text(TEXT_MAX.code),
  }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${ACCOUNT}, 5, 8 Password`,
  summary:
    "Changes the signed-in buyer's password ('Пароль изменен'); errors come as 'field::text' (old, new, new2, " +
    'see passwordChangeError). Every other session of the account is signed out; this one stays.',
});

export const privateProfile = defineCall({
  id: 'account.profile',
  method: 'GET',
  path: '/private/profile/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: userProfileNested.extend({ error: z.number().int().optional(), message: z.string().optional() }),
  failure: (message, code) => ({
    phone: { value: '', confirmed: false, country: 'RU' },
    email: { value: '', confirmed: false },
    firstname: '',
    patrname: '',
    surname: '',
    birthdate: null,
    error: code ?? 1,
    message,
  }),
  spec: `${SITE} 3 User profile (second reading)`,
  summary:
    'The requisites block data of the logged-in user (the original reads it from the page); a guest gets ' +
    "HTTP 401 with error 401 and 'Войдите, чтобы продолжить'.",
  extension: true,
});

// ---------------------------------------------------------------- Personal data (152-ФЗ)

export const privateExportData = defineCall({
  id: 'account.exportData',
  method: 'GET',
  path: '/private/export/',
  params: 'query',
  request: request({}),
  answer: 'file',
  /** The JSON document (a download), or the plain-text reason of a 401. */
  response: z.string(),
  failure: textFailure,
  spec: `${ACCOUNT} (152-ФЗ: the buyer's copy of their data)`,
  summary:
    'Everything kept about the signed-in buyer as a JSON download (partera-data-YYYY-MM-DD.json, not cached): the ' +
    'account, consents, orders with items, tickets and payments, bookmarks, reviews, bonuses, linked outside ' +
    'accounts, sessions (times only). ' +
    "No password hash, session id, order token or code. A guest gets HTTP 401 'Войдите, чтобы продолжить'.",
  extension: true,
});

export const privateDeleteAccount = defineCall({
  id: 'account.delete',
  method: 'POST',
  path: '/private/delete/',
  params: 'form',
  request: request({ password: text(TEXT_MAX.code).optional(), code: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${ACCOUNT} (152-ФЗ: deleting the account)`,
  summary:
    "Deletes the signed-in buyer's account after the current password ('Неверный текущий пароль', counted with " +
    'wrong sign-ins), or, for an account without a password (VK ID, Yandex ID), the code of account.deleteCode: ' +
    'every session of it signed out, unpaid orders cancelled, personal fields wiped, orders kept anonymised ' +
    '(54-ФЗ) with their tickets valid; the browser gets a new guest session. A guest gets HTTP 401.',
  extension: true,
});

export const privateDeleteCode = defineCall({
  id: 'account.deleteCode',
  method: 'POST',
  path: '/private/delete/code/',
  params: 'form',
  request: request({}),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${ACCOUNT} (152-ФЗ: deleting the account)`,
  summary:
    'Sends the code confirming the deletion of an account without a password to its confirmed e-mail (else its ' +
    'confirmed phone); the code rules of the e-mail codes, this session only. A guest gets HTTP 401.',
  extension: true,
});

// ---------------------------------------------------------------- Promotions, bonuses, card

export const promotionsActualize = defineCall({
  id: 'account.promotionsActualize',
  method: 'GET',
  changesState: true,
  path: '/private/promotions/',
  queryFlag: { name: 'actualize' },
  params: 'query',
  request: request({ actualize: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: z.object({ result: z.boolean(), message: z.string().optional() }),
  failure: (message) => ({ result: false, message }),
  spec: `${ACCOUNT}, 4 Promotions`,
  summary: 'Refreshes the user’s promotions on page load (never for guests; answer not shown: {result}).',
});

export const promotionsList = defineCall({
  id: 'account.promotionsList',
  method: 'GET',
  path: '/private/promotions/',
  queryFlag: { name: 'list' },
  params: 'query',
  request: request({ list: text(TEXT_MAX.code).optional() }),
  answer: 'json',
  response: z.object({ result: z.boolean(), list: z.array(promotion), message: z.string().optional() }),
  failure: (message) => ({ result: false, list: [], message }),
  spec: ACCOUNT,
  summary: 'The user’s promotions (detail page /private/promotions/?view&id={program_id}).',
});

export const loadBonusPage = defineCall({
  id: 'account.loadBonusPage',
  method: 'GET',
  path: '/private/LoadBonusPage/',
  params: 'query',
  request: request({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${ACCOUNT}, 8 Bonus page`,
  summary: 'The bonus tab (gifts and promo-code entry) as HTML.',
});

export const selectGift = defineCall({
  id: 'account.selectGift',
  method: 'GET',
  changesState: true,
  path: '/private/selectgift/',
  params: 'query',
  request: request({ giftId: id() }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${ACCOUNT}, 4 Gift reservation`,
  summary: 'Reserves a bonus gift; the bonus page then reloads.',
});

export const privatePromocode = defineCall({
  id: 'account.promocode',
  method: 'POST',
  path: '/private/promocode/',
  params: 'form',
  request: request({ code: text(TEXT_MAX.code).trim().min(1) }),
  answer: 'json',
  response: promoCodeResult,
  failure: (message) => ({ status: 'error' as const, message }),
  spec: `${ACCOUNT}, 3 Promo-code result`,
  summary: 'Enters a bonus promo code: add is the new balance, diff the points added.',
});

export const saveCard = defineCall({
  id: 'account.saveCard',
  method: 'POST',
  path: '/private/saveCard',
  params: 'form',
  // card[accept] may be missing (an unticked checkbox is not sent): the server answers the rule's text.
  request: request({
    'card[number]': text(TEXT_MAX.code).trim().min(1),
    'card[accept]': flag().optional(),
  }),
  answer: 'text',
  response: okText(),
  failure: textFailure,
  spec: `${ACCOUNT}, 5, 8 Card activation`,
  summary:
    "Activates a loyalty card for the signed-in account (card[number]; card[accept] must be ticked); 'ok' or an " +
    "error text ('Нужно подтвердить прочтение правил!', 'Ошибка при активации карты…').",
});

// ---------------------------------------------------------------- Reviews

export const reviewForm = defineCall({
  id: 'account.reviewForm',
  method: 'GET',
  path: '/review/form/',
  params: 'query',
  request: request({ idShow: id() }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: ACCOUNT,
  summary: 'The review form of a show as HTML.',
});

export const reviewAdd = defineCall({
  id: 'account.reviewAdd',
  method: 'POST',
  path: '/review/add/',
  params: 'form',
  request: request({
    'Review[idShow]': id(),
    'Review[text]': multilineText(TEXT_MAX.text).trim().min(1),
    'Review[rating]': int().min(1).max(5).optional(),
  }),
  answer: 'json',
  response: statusAnswer.extend({ rating: z.number().int().nullable().optional() }),
  failure: statusFailure,
  spec: `${ACCOUNT}, 4 Review after posting`,
  summary:
    'Posts a review (field names and answer not shown, designed here); a rating below 4 or none shows the bad popup.',
});

export const reviewsPage = defineCall({
  id: 'account.reviewsPage',
  method: 'GET',
  path: '/private/reviewsPage/',
  params: 'query',
  request: request({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: ACCOUNT,
  summary: 'The user’s reviews and the answers to them as HTML.',
});

export const markAsViewed = defineCall({
  id: 'account.markAsViewed',
  method: 'GET',
  changesState: true,
  path: '/private/markAsViewed/',
  params: 'query',
  request: request({ reviewId: id() }),
  answer: 'json',
  response: z.object({ message: z.string() }),
  failure: (message) => ({ message }),
  spec: `${ACCOUNT}, 4 Review answers`,
  summary: 'Marks a review answer as viewed.',
});

export const getReviewInfo = defineCall({
  id: 'account.getReviewInfo',
  method: 'GET',
  path: '/private/getReviewInfo/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: reviewPromptInfo.extend({ message: z.string().optional() }).partial({ data: true, clientName: true }),
  failure: (message) => ({ message }),
  spec: `${ACCOUNT}, 2.15 Review prompt popup`,
  summary: 'A show the user saw, for the review prompt (data.show_name, clientName); empty when none.',
});

// ---------------------------------------------------------------- Other account calls

export const processSurvey = defineCall({
  id: 'account.processSurvey',
  method: 'POST',
  path: '/user/processSurvey',
  params: 'form',
  // The answers come as answers[{question}][] (a checkbox group) and answers[{question}] (a radio group).
  request: request({ survey: id() }),
  answer: 'json',
  response: surveyResponse,
  failure: (message) => ({ result: false, message }),
  spec: `${ACCOUNT}, 2.15 Survey block`,
  summary:
    'Submits a survey (survey and answers[…] form fields; every group answered, once per account); bonus.sum earned ' +
    'is shown when above 0.',
});

export const privateReplaces = defineCall({
  id: 'account.replaces',
  method: 'GET',
  path: '/private/replaces/',
  params: 'query',
  request: request({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: ACCOUNT,
  summary: 'Replace-and-reschedule tab: tickets that can be returned, as HTML.',
});

/** The tickets a return names: ticketIds[] (or ticketIds), a non-empty list of ids. */
const ticketIdsRequest = request({
  'ticketIds[]': list(id()).optional(),
  ticketIds: list(id()).optional(),
}).refine((v) => (v['ticketIds[]'] ?? v.ticketIds ?? []).length > 0, {
  message: 'Неверное значение параметра ticketIds',
  path: ['ticketIds'],
});

export const refundReplaces = defineCall({
  id: 'account.refundReplaces',
  method: 'POST',
  path: '/refund/replaces/',
  params: 'form-or-json',
  request: ticketIdsRequest,
  answer: 'json',
  response: z.object({ ok: z.boolean(), errors: z.array(z.string()).optional() }),
  failure: (message) => ({ ok: false, errors: [message] }),
  spec: `${ACCOUNT}, 8 Refund`,
  summary:
    "Returns the signed-in buyer's tickets (ticketIds[] array), all or none, for the amount of rules/refunds.ts (the " +
    'whole price after a move or a cancel, else 100/50/30 % by days before the start); errors says why not, else ' +
    "'Не удалось вернуть билеты. Попробуйте позже.'",
});

/** One ticket of a refund quote: what returning it now gives back, and by which rule. */
export const refundQuoteTicket = z.object({
  ticketId: z.number().int(),
  /** Kopecks returned for this ticket now. */
  amount: z.number().int(),
  percent: z.number().int(),
  rule: z.enum(['cancelled', 'moved', 'days10', 'days5', 'days3', 'late']),
});

export const refundQuote = defineCall({
  id: 'account.refundQuote',
  method: 'GET',
  path: '/refund/quote/',
  params: 'query',
  request: ticketIdsRequest,
  answer: 'json',
  response: z.object({
    ok: z.boolean(),
    /** Tickets quoted. */
    count: z.number().int().optional(),
    /** Kopecks the buyer gets back for all of them, computed by the server at this moment. */
    amount: z.number().int().optional(),
    tickets: z.array(refundQuoteTicket).optional(),
    errors: z.array(z.string()).optional(),
  }),
  failure: (message) => ({ ok: false, errors: [message] }),
  spec: `${ACCOUNT}, 4 Replace/refund (the confirm popup)`,
  summary:
    'What returning these tickets of the signed-in buyer would give back now (the amount the confirm popup shows), ' +
    'or the errors that would refuse it; changes nothing.',
  extension: true,
});

export const mtsCashbackTab = defineCall({
  id: 'account.mtsCashback',
  method: 'GET',
  path: '/private/mtscashback/',
  params: 'query',
  request: request({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${ACCOUNT}, 8 Cashback tab`,
  summary: 'The carrier cashback tab as HTML.',
});

export const loyaltySignup = defineCall({
  id: 'account.loyaltySignup',
  method: 'POST',
  path: '/loyalty/signup/',
  params: 'form',
  request: request({
    group: text(TEXT_MAX.code).min(1),
    // +7(ddd) ddd-dd-dd (LOYALTY_PHONE_PATTERN): checked by the server, which answers 'Неверно введен номер телефона'.
    phone: text(TEXT_MAX.phone),
  }),
  answer: 'json',
  response: z.object({ status: answerStatus, message: z.string().optional(), redirectUrl: z.string().optional() }),
  failure: statusFailure,
  spec: `${SITE} 3 Loyalty sign-up, 5 Loyalty phone, 2.12 (/loyalty/thanks)`,
  summary: 'Loyalty phone sign-up (the spec does not show the call); redirectUrl is /loyalty/thanks?group={group}.',
  extension: true,
});

// ---------------------------------------------------------------- Password reset ('Забыли пароль?')

export const restoreRequest = defineCall({
  id: 'account.restoreRequest',
  method: 'POST',
  path: '/login/restore/',
  params: 'form',
  request: request({ email: text(TEXT_MAX.email).trim() }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${LOGIN}, 2.3 (the login form)`,
  summary:
    "Sends a code for a new password to the account's e-mail ('Если такой e-mail зарегистрирован, …'); the answer " +
    'is the same whether or not an account has the address, and nothing is sent when none has (the spec does not ' +
    'show the call). A malformed address is answered with its message.',
  extension: true,
});

export const restoreConfirm = defineCall({
  id: 'account.restoreConfirm',
  method: 'POST',
  path: '/login/restore/confirm/',
  params: 'form',
  // Checked by the server with restoreFormError (rules/restore.ts): the password fields' messages
  // come as 'field::text', never a bare 400.
  request: request({
    email: text(TEXT_MAX.email).trim(),
    /** The code from the e-mail: 4 digits. */
    code: text(TEXT_MAX.code)
      .trim()
      .regex(/^\d{4}$/, 'код — 4 цифры'),
    password: text(TEXT_MAX.code),
    /** The new password typed again. */
    password2: text(TEXT_MAX.code),
  }),
  answer: 'json',
  response: statusAnswer.extend({
    /** The session moved to a new id on success: the page's CSRF token from then on. */
    csrfToken: z.string().optional(),
  }),
  failure: statusFailure,
  spec: `${LOGIN}, 2.3 (the login form)`,
  summary:
    'Sets a new password with the code the restore call sent to this session, ends every other session of the ' +
    "account and signs this one in (a new session id; csrfToken). Errors come as 'field::text' (code, password, " +
    "password2, see restoreFormError); any refused code is 'code::Неверный или устаревший код' (the spec does not " +
    'show the call).',
  extension: true,
});

// ---------------------------------------------------------------- Sign-in with an outside account

/** The outside providers (decision 0022): VK ID, Yandex ID, and `test`, a local OpenID provider outside production. */
const oauthProvider = () => z.enum(['vk', 'yandex', 'test']);

export const oauthStart = defineCall({
  id: 'account.oauthStart',
  method: 'GET',
  path: '/login/oauth/:provider/',
  params: 'query',
  request: request({
    provider: oauthProvider(),
    /** Where the buyer returns after signing in: a path of this site (else the home page). */
    back: text(TEXT_MAX.text).optional(),
  }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${LOGIN}, 2.3 (the login popup; OAuth)`,
  summary:
    "'Войти через VK ID' / 'Войти через Яндекс ID': redirects (303) to the provider's authorization page with a " +
    "state bound to this browser's session, a PKCE challenge and, for OpenID Connect, a nonce; 404 for a provider " +
    'that is not configured. A link, so no CSRF token: it only starts a sign-in the callback must finish.',
  extension: true,
});

export const oauthCallback = defineCall({
  id: 'account.oauthCallback',
  method: 'GET',
  path: '/login/oauth/:provider/callback',
  params: 'query',
  /** The provider's own answer (code, state, error, iss, device_id …): the client library reads it. */
  request: request({ provider: oauthProvider() }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${LOGIN}, 2.3 (OAuth e-mail completion form)`,
  summary:
    "The provider's return: the code is exchanged (state used once, by the session that started it, within 10 " +
    'minutes), the session is signed in on a new id (the basket kept) and the browser goes back (303); a new ' +
    'account goes back with ?oauth=complete, which opens the completion form. Refused or failed: /login/?failed=oauth.',
  extension: true,
});

export const oauthComplete = defineCall({
  id: 'account.oauthComplete',
  method: 'POST',
  path: '/login/oauth/complete/',
  params: 'form',
  request: request({
    /** Asked when the account has no confirmed e-mail. */
    email: text(TEXT_MAX.email).trim().optional(),
    /** The personal-data consent checkbox (152-ФЗ): 1 when ticked. */
    consent: flag().optional(),
  }),
  answer: 'json',
  response: statusAnswer.extend({
    /** 1: a code went to the e-mail (the form asks for it, then POST /email/codecheck/). */
    codeSent: z.union([z.literal(0), z.literal(1)]).optional(),
    /** 217: a code sent a moment ago still works. */
    code: z.number().int().optional(),
  }),
  failure: statusFailure,
  spec: `${SITE} 2.3 (OAuth e-mail completion form), 4 (Phone or e-mail add/change)`,
  summary:
    'The completion form after an outside sign-in that made a new account: records the personal-data consent and, ' +
    'when the account has no confirmed e-mail, checks the address and sends it a code (codeSent 1); the code is ' +
    "checked by /email/codecheck/. 401 'Войдите, чтобы продолжить' for a guest.",
  extension: true,
});

export const accountCalls = [
  loginAjax,
  loginForm,
  registrationSubmit,
  logout,
  privateAddDelivery,
  privateDelDelivery,
  privateEdit,
  privatePasswordChange,
  privateProfile,
  privateExportData,
  privateDeleteAccount,
  privateDeleteCode,
  promotionsActualize,
  promotionsList,
  loadBonusPage,
  selectGift,
  privatePromocode,
  saveCard,
  reviewForm,
  reviewAdd,
  reviewsPage,
  markAsViewed,
  getReviewInfo,
  processSurvey,
  privateReplaces,
  refundReplaces,
  refundQuote,
  mtsCashbackTab,
  loyaltySignup,
  restoreRequest,
  restoreConfirm,
  oauthStart,
  oauthCallback,
  oauthComplete,
] as const;
