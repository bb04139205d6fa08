/**
 * Accounts: who a buyer is, how they sign in, and what is theirs.
 *
 * - users.ts     The account (users table): reading it, login contacts (e-mail, confirmed phone).
 * - passwords.ts argon2id hashes; an unknown contact costs the same time as a wrong password.
 * - sessions.ts  THE rule of a signed-in session: a sessions row bound to the user, reached only
 *                through a fresh session id (rotation at every sign-in).
 * - sign-in.ts   Sign-in, registration (with the personal-data consent) and sign-out.
 * - codes.ts     THE rules of confirmation codes (PINs): lifetime, tries, resend pause, sends
 *                per address; stored as keyed hashes, sent through the outbox.
 * - email.ts     Confirming an account's e-mail with a code.
 * - phones.ts    Confirming an account's phone by SMS code; the bonus payment's PIN.
 * - restore.ts   The password reset by an e-mail code ('Забыли пароль?').
 * - profile.ts   The cabinet's requisites: reading them, the personal info, the password change.
 * - orders.ts    The cabinet's orders tab: the account's orders, newest first, a page at a time.
 */
export {
  type CheckOutcome,
  checkCode,
  codeMessage,
  PIN_RULES,
  type SendOutcome,
  sendCode,
} from './codes.js';
export { checkEmailFor, confirmEmail, sendEmailCode } from './email.js';
export {
  ACCOUNT_ORDERS_DEFAULT_LIMIT,
  ACCOUNT_ORDERS_MAX_LIMIT,
  type AccountOrder,
  type AccountOrderItem,
  type AccountOrderPerformance,
  type AccountOrderStatus,
  type AccountOrdersOptions,
  type AccountOrdersPage,
  type AccountOrderTicket,
  listAccountOrders,
  ORDER_STATUS_TEXT,
} from './orders.js';
export { hashPassword, passwordMatches } from './passwords.js';
export {
  checkPhoneFor,
  checkPurchasePin,
  confirmPhone,
  type PhoneConfirmOutcome,
  sendPhoneCode,
  shownPhone,
} from './phones.js';
export {
  buyersToday,
  changePassword,
  editProfile,
  loginSubjectsOf,
  type PasswordChangeOutcome,
  type ProfileEditOutcome,
  profileOf,
  type WrongPasswordCounter,
} from './profile.js';
export {
  confirmRestore,
  type RestoreConfirmOutcome,
  type RestoreRequestOutcome,
  requestRestore,
  type WrongCodeCounter,
} from './restore.js';
export { accountOfSession, bindSessionToAccount, endOtherSessions } from './sessions.js';
export {
  type AccountDeps,
  type RegistrationOutcome,
  register,
  type SessionMove,
  type SignInOutcome,
  signIn,
  signOut,
} from './sign-in.js';
export { type Account, contactOf, findAccountForLogin, normalizeEmail } from './users.js';
