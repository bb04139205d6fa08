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
 * - oauth/       Sign-in with an outside account (VK ID, Yandex ID): providers.ts describes each
 *                provider, login.ts the redirect, the return, linking and the completion form.
 * - personal-data.ts The buyer's data (152-ФЗ): the export, and the account's deletion (orders kept anonymised).
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
  type Completion,
  type CompletionOutcome,
  completeOutsideAccount,
  completionOf,
  createOutsideLogin,
  OAUTH_LOGIN_LIFETIME_MS,
  type OAuthFinish,
  type OutsideLogin,
} from './oauth/login.js';
export {
  configuredProviders,
  OAUTH_PROVIDER_IDS,
  type OAuthProvider,
  type OAuthProviderId,
  type OutsideUser,
  oauthButtons,
} from './oauth/providers.js';
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
  type AccountDeletionOutcome,
  anonymisedOrderEmail,
  DELETED_ACCOUNT_NAME,
  type DeletionProof,
  deleteAccount,
  exportAccountData,
  exportFileName,
  type PersonalDataConsent,
  type PersonalDataExport,
  personalDataConsentOf,
  sendDeletionCode,
} from './personal-data.js';
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
