import {
  DEFAULT_PHONE_COUNTRY,
  ErrorCode,
  escapeHtml,
  formatPhone,
  messages,
  PHONE_COUNTRIES,
  phoneCodeCheck,
  phoneCodeSend,
  phoneGetCountryCodes,
  phoneGetMasks,
  phoneMaskMap,
  phonePinCheckBonus,
  phonePinSend,
  phonePinSendBonus,
  phoneValidate,
  phoneValidateReg,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  type Account,
  checkPhoneFor,
  checkPurchasePin,
  codeMessage,
  confirmPhone,
  type SendOutcome,
  sendPhoneCode,
  shownPhone,
} from '../accounts/index.js';
import { route } from '../http/route.js';
import { FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/**
 * Phone confirmation (site-browsing-account.md 4, 5 Phone and 7; hall-basket-checkout.md 7.7):
 * the country's masks and list, the number's check, an SMS code and its check; the purchase's
 * PIN to the account's own phone (pinsend: errCode 212 when there is none) and the bonus
 * payment's PIN. Everything but the registration check and the country lists needs a signed-in
 * buyer.
 */
export const phoneRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const wrongCodes = new FailureCounter(limiterOf(app), subjectBudgets.codeTarget);
  const error = (message: string) => ({ status: 'error' as const, message });

  route(app, phoneGetMasks, () => phoneMaskMap());

  route(app, phoneGetCountryCodes, () =>
    PHONE_COUNTRIES.map(
      (c) =>
        `<option value="${c.code}" data-mask="${escapeHtml(c.mask)}"${c.code === DEFAULT_PHONE_COUNTRY ? ' selected' : ''}>` +
        `${escapeHtml(c.name)} +${c.dial}</option>`,
    ).join(''),
  );

  route(app, phoneValidate, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const check = await checkPhoneFor(deps.db, account.id, input.number, input.country);
    return check.ok
      ? { status: 'success' as const, number: check.number, country: check.country }
      : error(check.message);
  });

  // Registration: a guest may ask, and learns only whether the number can be used.
  route(app, phoneValidateReg, async (input) => {
    const check = await checkPhoneFor(deps.db, null, input.number, input.country);
    return check.ok
      ? { status: 'success' as const, number: check.number, country: check.country }
      : error(check.message);
  });

  route(app, phoneCodeSend, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const check = await checkPhoneFor(deps.db, account.id, input.number, input.country);
    if (!check.ok) return error(check.message);
    // similarCheck 0 is a change: the new number must differ from the confirmed one; 1 is an add.
    if (account.phoneConfirmed && account.phone === check.number) {
      return error(input.similarCheck === 0 ? messages.phoneSameAsCurrent : messages.phoneAlreadyConfirmed);
    }
    const sent = await sendPhoneCode(deps, { sessionId: req.session.id, userId: account.id }, check.number);
    if (sent.ok) {
      return { status: 'success' as const, message: messages.phoneCodeSent(formatPhone(check.number, check.country)) };
    }
    // A code sent a moment ago still works: the browser goes on to the code (217).
    const code = sent.reason === 'cooldown' ? { code: ErrorCode.pinAlreadySent } : {};
    return { ...error(codeMessage(sent, 'phone')), ...code };
  });

  route(app, phoneCodeCheck, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    // Two readings: {number, code, country} or {form[phone], form[code]} (the account's country).
    const typed = input.number ?? input['form[phone]'] ?? '';
    const code = input.code ?? input['form[code]'] ?? '';
    const check = await checkPhoneFor(deps.db, account.id, typed, input.country ?? account.phoneCountry);
    if (!check.ok) return error(check.message);
    const target = `phone:${check.number}`;
    if (await wrongCodes.refused(target)) return error(messages.codeExhausted);
    const who = { sessionId: req.session.id, userId: account.id };
    const outcome = await confirmPhone(deps, who, check.number, check.country, code);
    if (outcome.ok) return { status: 'success' as const, message: messages.phoneConfirmed };
    if (outcome.reason === 'wrong') await wrongCodes.failed(target);
    return error(codeMessage(outcome, 'phone'));
  });

  /** The answer of a PIN sent to the account's phone: 217 when one was sent a moment ago. */
  const pinAnswer = (sent: SendOutcome, account: Account & { phone: string }) => {
    const number = account.phone;
    if (sent.ok) return { status: 'success' as const, message: messages.phoneCodeSent(shownPhone(account)), number };
    if (sent.reason === 'cooldown') {
      return { status: 'error' as const, code: ErrorCode.pinAlreadySent, message: codeMessage(sent, 'phone'), number };
    }
    return error(codeMessage(sent, 'phone'));
  };
  const noPhone = { status: 'error' as const, errCode: ErrorCode.noPhone, message: messages.noPhoneOnAccount };

  // The purchase's phone check (codes 212, 216, 631): a code to the number on the account, checked
  // with /phone/codecheck/, which confirms it and marks this session.
  route(app, phonePinSend, async (_input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    if (!account.phone) return noPhone;
    const who = { sessionId: req.session.id, userId: account.id };
    return pinAnswer(await sendPhoneCode(deps, who, account.phone), { ...account, phone: account.phone });
  });

  // The bonus payment's PIN: only to a confirmed phone (212 asks for one to be added).
  route(app, phonePinSendBonus, async (_input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    if (!account.phone || !account.phoneConfirmed) return noPhone;
    const who = { sessionId: req.session.id, userId: account.id };
    return pinAnswer(await sendPhoneCode(deps, who, account.phone, 'purchase'), { ...account, phone: account.phone });
  });

  route(app, phonePinCheckBonus, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    if (!account.phone || !account.phoneConfirmed) return error(messages.noPhoneOnAccount);
    const target = `phone:${account.phone}`;
    if (await wrongCodes.refused(target)) return error(messages.codeExhausted);
    const who = { sessionId: req.session.id, userId: account.id };
    const outcome = await checkPurchasePin(deps, who, account.phone, input['form[code]']);
    if (outcome.ok) return { status: 'success' as const, message: messages.pinChecked };
    if (outcome.reason === 'wrong') await wrongCodes.failed(target);
    return error(codeMessage(outcome, 'phone'));
  });
};
