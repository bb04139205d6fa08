/**
 * Phone and e-mail confirmation (hall-basket-checkout.md 7.7; site-browsing-account.md 7
 * 'Phone and e-mail confirmation'). The flow: validate → send a PIN → check it (4 digits).
 */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { DEFAULT_PHONE_COUNTRY, RU_PHONE_MASK } from '../constants.js';
import { answerStatus, phoneMasks, statusAnswer, statusFailure } from '../entities/account.js';
import { htmlAnswer, htmlFailure, request, TEXT_MAX, text, zeroOne } from '../wire.js';

const HALL = 'hall-basket-checkout.md';
const SITE = 'site-browsing-account.md';
const SITE_PHONE = `${SITE} 7 Phone and e-mail confirmation`;

/** A PIN code: 4 digits. */
const pin = () =>
  text(TEXT_MAX.code)
    .trim()
    .regex(/^\d{4}$/, 'PIN — 4 цифры');
/** Country ISO code (RU by default on the client). */
const country = () => text(TEXT_MAX.code).trim().min(2).max(3);
const email = () => text(TEXT_MAX.email).trim().min(1);
const phoneNumber = () => text(TEXT_MAX.phone).trim().min(1);

/**
 * Beyond the spec, as the PIN calls answer it: code 217 when a code sent a moment ago still
 * works (the browser goes on to the code's form instead of showing an error only).
 */
const codeSendAnswer = statusAnswer.extend({ code: z.number().int().optional() });

export const emailValidate = defineCall({
  id: 'phone.emailValidate',
  method: 'POST',
  path: '/email/validate/',
  params: 'form',
  request: request({ email: email() }),
  answer: 'json',
  response: statusAnswer.extend({ email: z.string().optional() }),
  failure: statusFailure,
  spec: `${SITE_PHONE}; ${SITE} 5`,
  summary: "Server check of an e-mail before a PIN is sent (failure default 'Ошибка при валидации email').",
});

export const emailCodeSend = defineCall({
  id: 'phone.emailCodeSend',
  method: 'POST',
  path: '/email/codesend/',
  params: 'form',
  request: request({
    email: email(),
    similarCheck: zeroOne().optional(),
    nourl: zeroOne().optional(),
  }),
  answer: 'json',
  response: codeSendAnswer,
  failure: statusFailure,
  spec: SITE_PHONE,
  summary: 'Sends a confirmation PIN to an e-mail (similarCheck 0, nourl 1).',
});

export const emailCodeCheck = defineCall({
  id: 'phone.emailCodeCheck',
  method: 'POST',
  path: '/email/codecheck/',
  params: 'form',
  request: request({ 'form[email]': email(), 'form[code]': pin() }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: SITE_PHONE,
  summary: 'Checks the e-mail PIN; on success the e-mail becomes confirmed (one reading adds the session parameter).',
});

const phoneValidateAnswer = statusAnswer.extend({ number: z.string().optional(), country: z.string().optional() });

export const phoneValidate = defineCall({
  id: 'phone.validate',
  method: 'POST',
  path: '/phone/validate/',
  params: 'form',
  request: request({ number: phoneNumber(), country: country() }),
  answer: 'json',
  response: phoneValidateAnswer,
  failure: statusFailure,
  spec: `${SITE_PHONE}; ${SITE} 5`,
  summary: 'Server check of a phone with its country before a PIN is sent; answers the normalised number.',
});

export const phoneValidateReg = defineCall({
  id: 'phone.validateReg',
  method: 'POST',
  path: '/phone/validatereg/',
  params: 'form',
  request: request({ number: phoneNumber(), country: country() }),
  answer: 'json',
  response: phoneValidateAnswer,
  failure: statusFailure,
  spec: SITE_PHONE,
  summary: 'Phone check during registration (the number must not belong to another account).',
});

export const phoneCodeSend = defineCall({
  id: 'phone.codeSend',
  method: 'POST',
  path: '/phone/codesend/',
  params: 'form',
  request: request({ number: phoneNumber(), country: country(), similarCheck: zeroOne() }),
  answer: 'json',
  response: codeSendAnswer,
  failure: statusFailure,
  spec: `${HALL} 7.7; ${SITE_PHONE}`,
  summary: 'Sends a PIN by SMS (similarCheck: 0 change, 1 add).',
});

export const phoneCodeCheck = defineCall({
  id: 'phone.codeCheck',
  method: 'POST',
  path: '/phone/codecheck/',
  params: 'form',
  request: request({
    'form[phone]': phoneNumber().optional(),
    'form[code]': pin().optional(),
    number: phoneNumber().optional(),
    country: country().optional(),
    code: pin().optional(),
  }).refine(
    (v) =>
      (v['form[phone]'] !== undefined && v['form[code]'] !== undefined) ||
      (v.number !== undefined && v.code !== undefined),
    {
      message: '{form[phone], form[code]} или {number, code, country}',
      path: ['code'],
    },
  ),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${HALL} 7.7; ${SITE_PHONE}`,
  summary: 'Checks the SMS PIN; two readings: {form[phone], form[code]} or {number, code, country}.',
});

/** Phone codes: errCode 212 no phone (add-phone dialog), code 217 PIN already sent (PIN form). */
const pinSendAnswer = z.object({
  status: answerStatus,
  code: z.number().int().optional(),
  errCode: z.number().int().optional(),
  message: z.string().optional(),
  /** Beyond the spec: the account's number the PIN went to (digits), for the check's form[phone]. */
  number: z.string().optional(),
});

export const phonePinSend = defineCall({
  id: 'phone.pinSend',
  method: 'GET',
  changesState: true,
  path: '/phone/pinsend/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: pinSendAnswer,
  failure: (message, code) => ({ status: 'error' as const, message, ...(code !== undefined ? { errCode: code } : {}) }),
  spec: `${HALL} 7.7, 8.6; ${SITE_PHONE}`,
  summary: 'Sends a PIN to the confirmed phone of the user (errCode 212: no phone).',
});

export const phonePinSendBonus = defineCall({
  id: 'phone.pinSendBonus',
  method: 'GET',
  changesState: true,
  path: '/phone/pinsendbonus/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: pinSendAnswer,
  failure: (message, code) => ({ status: 'error' as const, message, ...(code !== undefined ? { errCode: code } : {}) }),
  spec: `${HALL} 7.7, 6, 8.6; ${SITE_PHONE}`,
  summary: 'Bonus payment: sends a PIN (errCode 212 no phone, code 217 already sent); also read from an error body.',
});

export const phonePinCheckBonus = defineCall({
  id: 'phone.pinCheckBonus',
  method: 'POST',
  path: '/phone/pincheckbonus/',
  params: 'form',
  request: request({ 'form[code]': pin() }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${HALL} 7.7; ${SITE_PHONE}`,
  summary: 'Bonus payment: checks the PIN.',
});

export const phoneGetMasks = defineCall({
  id: 'phone.getMasks',
  method: 'GET',
  path: '/phone/getphonemasks/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: phoneMasks,
  failure: () => ({ [DEFAULT_PHONE_COUNTRY]: RU_PHONE_MASK }),
  spec: SITE_PHONE,
  summary: 'Country code → phone input mask.',
});

export const phoneGetCountryCodes = defineCall({
  id: 'phone.getCountryCodes',
  method: 'GET',
  path: '/phone/getcountrycodes/',
  params: 'query',
  request: request({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: SITE_PHONE,
  summary: 'Country options (HTML <option>s); when they cannot be loaded the list falls back to RU +7.',
});

export const phoneCalls = [
  emailValidate,
  emailCodeSend,
  emailCodeCheck,
  phoneValidate,
  phoneValidateReg,
  phoneCodeSend,
  phoneCodeCheck,
  phonePinSend,
  phonePinSendBonus,
  phonePinCheckBonus,
  phoneGetMasks,
  phoneGetCountryCodes,
] as const;
