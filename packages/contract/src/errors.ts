/**
 * The error catalogue (section 8 of both documents), word for word, in one place, plus the
 * validation, confirmation and success texts the same flows show. Nothing else in the
 * workspace spells these messages: import them from here.
 */
import { plural } from './format/plural.js';

// ---------------------------------------------------------------- Numeric codes

/**
 * Server codes. Seat and basket codes come in `error` when `result` is 0 (hall 8.1), order
 * codes in `error`/`code` of the order answers (hall 8.3), phone codes in `errCode`/`code`
 * (hall 8.6, site 8).
 */
export const ErrorCode = {
  /** 440 — the user must log in: the login popup opens. */
  loginRequired: 440,
  /** 212 — no phone is present: the add-phone dialog opens, a PIN is sent and checked, then retry. */
  noPhone: 212,
  /** 216 — a confirmed phone is needed: phone confirmation flow, then retry. */
  phoneNotConfirmed: 216,
  /** 631 — a confirmed phone is needed for this seat: phone confirmation flow, then retry. */
  phoneConfirmationRequired: 631,
  /** 622 — adding new items to the basket is disabled: alert with the server message. */
  addingDisabled: 622,
  /** 623 — the new ticket conflicts with the basket kind: offer 'Очистить корзину', reset with isBooking=1. */
  basketConflictResetBooking: 623,
  /** 624 — the same conflict the other way: reset with isBooking=0. */
  basketConflictResetNotBooking: 624,
  /** 620 — order error; closing the alert reloads the page. */
  orderReload: 620,
  /** 630 — order error; closing the alert reloads the page. */
  orderReloadAlt: 630,
  /** 638 — order error shown without an alert. */
  orderSilent: 638,
  /** 113 — the order needs a confirmed phone: phone confirmation, then the order is created again. */
  orderPhoneRequired: 113,
  /** 217 — a PIN was already sent: the PIN form is shown. */
  pinAlreadySent: 217,
  /** -1 — network failure (no answer from the server). */
  network: -1,
} as const;
export type ErrorCodeName = keyof typeof ErrorCode;

/** What each code means, for logs and docs. */
export const ERROR_CODE_MEANINGS: Readonly<Record<number, string>> = {
  440: 'login required: the login popup opens',
  212: 'no phone: add a phone, a PIN is sent and checked, then retry',
  216: 'phone confirmation needed, then retry',
  631: 'phone confirmation needed, then retry',
  622: 'adding new items to the basket is disabled',
  623: 'basket kind conflict: offer to clear the basket (reset with isBooking=1)',
  624: 'basket kind conflict: offer to clear the basket (reset with isBooking=0)',
  620: 'order error: closing the alert reloads the page',
  630: 'order error: closing the alert reloads the page',
  638: 'order error: no alert',
  113: 'order needs phone confirmation, then the order is created again',
  217: 'a PIN was already sent: show the PIN form',
  [-1]: 'network failure',
};

/** What the client does on a failed seat or basket call (hall 8.1). */
export type SeatErrorAction =
  | { kind: 'login' }
  | { kind: 'confirmPhone' }
  | { kind: 'resetBasket'; isBooking: 0 | 1 }
  | { kind: 'alert' };

export function seatErrorAction(code: number): SeatErrorAction {
  switch (code) {
    case ErrorCode.loginRequired:
      return { kind: 'login' };
    case ErrorCode.noPhone:
    case ErrorCode.phoneNotConfirmed:
    case ErrorCode.phoneConfirmationRequired:
      return { kind: 'confirmPhone' };
    case ErrorCode.basketConflictResetBooking:
      return { kind: 'resetBasket', isBooking: 1 };
    case ErrorCode.basketConflictResetNotBooking:
      return { kind: 'resetBasket', isBooking: 0 };
    default:
      return { kind: 'alert' };
  }
}

/** What the client does on a failed order call (hall 8.3). */
export type OrderErrorAction =
  | { kind: 'confirmPhone' }
  | { kind: 'silent' }
  | { kind: 'alert'; reloadOnClose: boolean };

export function orderErrorAction(code: number): OrderErrorAction {
  if (code === ErrorCode.orderPhoneRequired) return { kind: 'confirmPhone' };
  if (code === ErrorCode.orderSilent) return { kind: 'silent' };
  return { kind: 'alert', reloadOnClose: code === ErrorCode.orderReload || code === ErrorCode.orderReloadAlt };
}

// ---------------------------------------------------------------- Messages

/** Plural of 'подарок' after 'не более N': 1 подарка, 2 подарков, 5 подарков, 21 подарка. */
const GIFT_LIMIT_FORMS = ['подарка', 'подарков', 'подарков'] as const;

export const messages = {
  // hall 8.1 dialog buttons
  cancel: 'Отмена',
  clearBasket: 'Очистить корзину',

  // hall 8.2 hall and ticket messages
  serverError: 'Сервер вернул ошибку, попробуйте позже',
  addToBasketError: 'Ошибка во время добавления в корзину',
  ticketAddFailed: 'Не удалось добавить билет в корзину',
  ticketRemoveFailed: 'Не удалось удалить билет из корзины',
  tariffNotFound: 'Не удалось определить тариф для данного билета',
  /** Spelled 'дял' as in the original. */
  tariffListNotFound: 'Не удалось определить список тарифов дял место',
  hallMapLoadError: 'Возникла ошибка при загрузке схемы зала. Попробуйте позже.',
  hallMapInternalError: (supportPhone: string) =>
    `Произошла внутренняя ошибка при загрузке схемы зала. Обратитесь в Службу поддержки ${supportPhone}`,
  placeInfoLoadError: 'Возникла ошибка при загрузки информации по данному месту.',
  entranceAddError: 'Ошибка при добавлении билета в корзину. Повторите попытку позже',
  giftAddError: 'Ошибка при добавлении подарка в корзину. Повторите попытку позже',
  basketLimitExceeded: (limit: number) => `За один заказ можно купить только ${limit} билетов`,
  noTickets: 'Закончились свободные билеты',
  giftLimitExceeded: (n: number) => `На один билет можно выбрать не более ${n} ${plural(n, GIFT_LIMIT_FORMS)}`,
  bestPlacesTitle: 'Бронирование лучших мест',
  confirmDeleteTicket: 'Вы действительно хотите удалить этот билет?',
  confirmClearBasket: 'Вы действительно хотите очистить корзину?',
  oldBrowser: 'К сожалению, для отображения схемы зала требуется более новая версия браузера.',

  // hall 8.3 order creation
  orderCreateFailed: 'Не удалось создать заказ, попробуйте позже.',
  deliveryError: 'Ошибка при оформлении доставки',

  // hall 8.4 promo code and gift card
  promoNotFound: 'Промокод не найден',
  giftCardApplied: 'Подарочная карта успешно применена',
  /** Form variant; the balance as the caller formats it (roubles). */
  giftCardWillApply: (balance: string | number) => `Будет применена подарочная карта с балансом ${balance} руб.`,
  giftCardPayFailed: 'Не удалось оплатить заказ, попробуйте позже.',
  giftCardNumberEmpty: 'Пожалуйста введите номер подарочной карты.',

  // hall 8.5 payment
  applePayError: 'Непредвиденная ошибка оплаты.',
  walletUnsupported: (wallet: string) => `Ваше устройство или браузер не поддерживает оплату через ${wallet}.`,
  walletUnsupportedButton: (wallet: string) =>
    `Для совершения оплаты необходимо устройство, поддерживающее ${wallet}. Ваше устройство не поддерживает ${wallet}.`,
  walletNetworkError: 'Произошла непредвиденная ошибка в процессе оплаты.',
  walletPaymentError: (message: string) => `Ошибка оплаты. ${message}`,
  walletEmptyToken: 'Произошла ошибка в процессе оплаты.',
  unknownPayType: 'Неизвестный тип оплаты!',

  // hall 8.6 and site 8 phone
  phoneCheckError: 'Ошибка при проверке телефона',
  pinCheckError: 'Ошибка при проверке PIN',
  phoneNumberCheckError: 'Ошибка проверки номера телефона',
  phoneValidationError: 'Возникла ошибка при валидации номера телефона.',
  phoneValidationErrorShort: 'Ошибка при валидации номера',
  codeSendError: 'Возникла ошибка при отправке кода подтверждения.',
  pinSendError: 'Ошибка при отправке PIN',
  pinCheckServerError: 'Ошибка сервера при проверке PIN',

  // hall 8.7 and 2.5 embedding
  connecting: (host: string) => `Установка соединения с ${host}...`,
  reconnecting: 'Повторная установка соединения...',
  connectionFailed: 'Соединение ... установить не удалось',
  redirecting: (host: string) => `Переадресация на ${host}...`,

  // hall 5.5, 5.6 guest checkout
  fillAllFields: 'Необходимо заполнить все поля',
  walletGuestFormInvalid: 'Пожалуйста, заполните поля: имя, фамилия и e-mail.',

  // site 8 login, e-mail, profile, password
  loginServerError: 'Ошибка сервера, попробуйте позже.',
  emailCheckError: 'Ошибка проверки email',
  emailValidationError: 'Ошибка при валидации email',
  profileChangeError: 'Ошибка изменения данных',
  profileChangeErrorAlt: 'Ошибка при изменении данных',
  passwordChangeError: 'Ошибка смены пароля',
  passwordChangeErrorAlt: 'Ошибка при смене пароля',

  // site 8 bonus page, card, refund, cashback
  bonusPageLoadError: 'Не удалось загрузить страницу с информацией о бонусах. Попробуйте позже.',
  cardActivationError: 'Ошибка при активации карты',
  cardRulesNotAccepted: 'Нужно подтвердить прочтение правил!',
  refundFailed: 'Не удалось вернуть билеты. Попробуйте позже.',
  refundTicketIdsInvalid: 'Неверное значение параметра ticketIds',
  cashbackTabLoadError: 'Не удалось загрузить страницу с информацией о ... Cashback. Попробуйте позже.',

  // site 8 form display and other
  formDisplayError: 'Возникла ошибка отображения формы.',
  genericError: 'Возникла ошибка.',
  dateParseError: 'Date string parse error!',
  loyaltyPhoneInvalid: 'Неверно введен номер телефона',

  // site 8 success and confirmation texts, site 4
  cardAdded: 'Ваша карта добавлена',
  dataUpdated: 'Данные обновлены',
  passwordChanged: 'Пароль изменен',
  confirmReserveGift: 'Вы действительно хотите зарезервировать этот подарок?',
  giftReserving: 'Резервирование...',
  notifyRequestAlreadySent: 'Вы уже отправили заявку для этого шоу.',

  // Signing in and registration (not shown in the spec: our own texts)
  loginFailed: 'Неверный e-mail, телефон или пароль',
  loginContactEmpty: 'Укажите e-mail или телефон',
  loginPasswordEmpty: 'Укажите пароль',
  loginTooManyAttempts: 'Слишком много попыток входа. Попробуйте через несколько минут или восстановите пароль.',
  emailInvalid: 'Введите e-mail в виде name@example.ru',
  emailTaken: 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль.',
  passwordTooShort: (min: number) => `Пароль должен быть не короче ${min} символов`,
  passwordTooLong: (max: number) => `Пароль должен быть не длиннее ${max} символов`,
  nameRequired: 'Укажите имя',
  surnameRequired: 'Укажите фамилию',
  consentRequired: 'Нужно согласие на обработку персональных данных',
  restoreCodeSent: 'Если такой e-mail зарегистрирован, мы отправили на него код для смены пароля.',
  restoreCodeWrong: 'Неверный или устаревший код',
  restoreCodeFormat: 'Введите 4 цифры кода из письма',
  restorePasswordSet: 'Пароль изменён, вы вошли в аккаунт',
  oauthFailed: 'Не удалось войти через внешний аккаунт. Попробуйте ещё раз или войдите по e-mail и паролю.',
  oauthDenied: 'Вход отменён: доступ к данным аккаунта не предоставлен.',
  oauthExpired: 'Вход через внешний аккаунт устарел. Нажмите кнопку входа ещё раз.',
  oauthCompleted: 'Готово: аккаунт настроен',

  // The cabinet's personal info and password change (site 2.15, 5; our own texts beside the spec's)
  surnameInvalid: 'Проверьте фамилию: допустимы буквы, пробел, дефис, точка и апостроф',
  firstnameInvalid: 'Проверьте имя: допустимы буквы, пробел, дефис, точка и апостроф',
  patronymicInvalid: 'Проверьте отчество: допустимы буквы, пробел, дефис, точка и апостроф',
  birthDateInvalid: 'Укажите дату рождения в виде дд.мм.гггг',
  birthDateOutOfRange: 'Дата рождения должна быть не раньше 01.01.1900 и не позже сегодняшнего дня',
  passwordOldEmpty: 'Укажите текущий пароль',
  passwordOldWrong: 'Неверный текущий пароль',
  passwordsDiffer: 'Пароли не совпадают',
  passwordSameAsOld: 'Новый пароль должен отличаться от текущего',
  passwordTooManyAttempts: 'Слишком много неверных попыток. Попробуйте через несколько минут или восстановите пароль.',
  accountDeleted: 'Аккаунт удалён',
  accountDeleteError: 'Не удалось удалить аккаунт. Попробуйте позже.',
  /** An account without a password (VK ID, Yandex ID) confirms its deletion with a code. */
  deletionCodeSent: 'Код для удаления отправлен. Введите его, чтобы удалить аккаунт.',
  deletionCodeEmpty: 'Введите код подтверждения',
  deletionByPassword: 'Удаление аккаунта подтверждается паролем',
  deletionNoContact: 'Нет подтверждённого e-mail или телефона для кода. Напишите в поддержку, и мы удалим аккаунт.',

  // Confirmation codes (PINs) by e-mail and SMS (our own texts beside the spec's)
  loginRequired: 'Войдите, чтобы продолжить',
  emailBelongsToAnother: 'Этот e-mail привязан к другому аккаунту',
  emailCodeSent: (email: string) => `Мы отправили код подтверждения на ${email}. Он действует 10 минут.`,
  codeCooldown: (seconds: number) => `Код уже отправлен. Новый можно запросить через ${seconds} с.`,
  codeSendLimit: 'На этот адрес уже отправлено много кодов. Попробуйте через час.',
  phoneCodeSendLimit: 'На этот номер уже отправлено много кодов. Попробуйте через час.',
  /** The site's hourly cap on SMS codes is reached (SMS pumping is bounded by it). */
  smsBudgetSpent: 'Сейчас мы не можем отправить SMS. Попробуйте через несколько минут.',
  codeWrong: (left: number) => `Неверный код. Осталось попыток: ${left}`,
  codeExpired: 'Срок действия кода истёк. Запросите новый код.',
  codeExhausted: 'Слишком много неверных попыток. Запросите новый код.',
  codeNotSent: 'Сначала запросите код подтверждения.',
  emailConfirmed: 'E-mail подтверждён',
  phoneEmpty: 'Укажите номер телефона',
  phoneCountryUnknown: 'Выберите страну из списка',
  phoneInvalid: (country: string, dial: string) => `Проверьте номер: нужен мобильный номер (${country}, +${dial})`,
  phoneBelongsToAnother: 'Этот номер подтверждён в другом аккаунте',
  phoneSameAsCurrent: 'Это ваш текущий номер',
  phoneAlreadyConfirmed: 'Этот номер уже подтверждён',
  phoneCodeSent: (phone: string) => `Мы отправили SMS с кодом на ${phone}. Код действует 10 минут.`,
  phoneConfirmed: 'Телефон подтверждён',
  pinChecked: 'Код подтверждён',
  pinFormat: 'Введите 4 цифры кода из SMS',
  noPhoneOnAccount: 'Добавьте номер телефона, чтобы продолжить',
  phoneConfirmToBuy: 'Подтвердите номер телефона, чтобы выбрать билеты на это мероприятие',
  phoneCheckToBuy: 'Билеты на это мероприятие продаются после подтверждения телефона кодом из SMS',

  // Gifts per ticket and package mode (hall 2.2, 4.3, 5.2; our own texts beside the spec's gift limit)
  giftsNotOffered: 'К этому билету подарки не предлагаются',
  giftsLeft: (n: number) =>
    n > 0 ? `Подарков на это мероприятие осталось: ${n}` : 'Подарки на это мероприятие закончились',
  giftTicketMissing: 'Сначала добавьте билет в корзину, затем выберите подарки',
  packageForeign: 'Это мероприятие не входит в абонемент',
  packageLimit: (n: number) =>
    `В абонементе на каждое мероприятие можно выбрать не более ${n} ${plural(n, ['билета', 'билетов', 'билетов'])}`,
  /** `name`: the package's own name ('Абонемент «Три вечера в театре»'). */
  packageIncomplete: (name: string, perPerformance: number, performances: number) =>
    `${name} оформляется целиком: выберите по ${perPerformance} ${plural(perPerformance, ['билету', 'билета', 'билетов'])} на каждое из ${performances} ${plural(performances, ['мероприятия', 'мероприятий', 'мероприятий'])} абонемента`,

  // Seat sets, best available and the booking-only basket (hall 4.1, 6, 8.1; our own texts)
  bookingAmongPurchases:
    'Билеты на это мероприятие можно только забронировать и оплатить в кассе, а в корзине есть билеты для оплаты онлайн. Бронь и покупка оформляются разными заказами: очистите корзину от билетов для оплаты, чтобы добавить этот билет.',
  purchaseAmongBookings:
    'В корзине есть забронированные билеты с оплатой в кассе, а этот билет оплачивается онлайн. Бронь и покупка оформляются разными заказами: очистите корзину от брони, чтобы добавить этот билет.',
  notExclusivePlace: 'Это место продаётся без пары',
  bestSeatsNotFound: (count: number) =>
    count === 1
      ? 'Не удалось найти свободное место в выбранном диапазоне цен'
      : `Не удалось найти ${count} ${plural(count, ['свободное место', 'свободных места', 'свободных мест'])} рядом в одном ряду в выбранном диапазоне цен`,
  saleClosed: 'Продажа билетов на это мероприятие закрыта',
  performanceNotFound: 'Мероприятие не найдено',
  sessionOutdated: 'Сессия устарела, обновите страницу',
} as const;

/** Support-phone message of a hall map internal error (hall 8.2). */
export const supportPhoneMessage = messages.hallMapInternalError;
export const basketLimitExceeded = messages.basketLimitExceeded;
export const giftLimitExceeded = messages.giftLimitExceeded;

/** Delivery form messages, variant A (hall 5.4 A; site 5 first variant). */
export const deliveryMessagesA = {
  surname: 'Укажите Фамилию',
  firstname: 'Укажите Имя',
  patronymic: 'Укажите Отчество',
  metro: 'Укажите станцию метро',
  address: 'Укажите адрес',
  phone: 'Укажите телефон',
} as const;

/** Delivery form messages, variant B (hall 5.4 B; site 5 second variant). */
export const deliveryMessagesB = {
  firstname: 'Укажите имя',
  surname: 'Укажите фамилию',
  patronymic: 'Укажите отчество',
  phone: 'Укажите телефон',
  metro: 'Укажите ближайшую станцию метро',
  address: 'Укажите адрес',
} as const;

/**
 * The message a client shows for a failed call: the server's message when present, else
 * the catalogue's fallback (hall 8.2: 'server message, else …').
 */
export function messageOr(serverMessage: string | null | undefined, fallback: string): string {
  const text = serverMessage?.trim();
  return text ? text : fallback;
}

/**
 * Password-change answers come as 'field::text' (field old, new or new2); anything else is a
 * general error (site 5).
 */
export function parseFieldMessage(
  message: string,
): { field: 'old' | 'new' | 'new2'; text: string } | { field: null; text: string } {
  const m = /^(old|new2|new)::([\s\S]*)$/.exec(message);
  if (m) return { field: m[1] as 'old' | 'new' | 'new2', text: m[2] ?? '' };
  return { field: null, text: message };
}

/** The server's side of parseFieldMessage: 'old::Неверный текущий пароль'. */
export function fieldMessage(field: 'old' | 'new' | 'new2', text: string): string {
  return `${field}::${text}`;
}
