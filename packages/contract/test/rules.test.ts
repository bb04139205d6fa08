import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  applyVote,
  type BasketModel,
  canAddEntranceGift,
  canAddEntranceTicket,
  canAddSeat,
  canAddSeatGift,
  canApplyGiftCard,
  canApplyPromo,
  canBookmark,
  checkAge,
  clampRating,
  DateParseError,
  deliveryFieldsFromForm,
  deliveryFormFromFields,
  effectiveDelivery,
  effectiveMaxTicketCount,
  giftCardPayError,
  giftsEnabled,
  hallIsClickable,
  isKarmaStop,
  loyaltyPhoneError,
  maskGiftCardNumber,
  moveSelection,
  newAverage,
  oldMapGiftChoices,
  orderCallFor,
  orderIdFromUrl,
  paymentAfterCashbackOff,
  ratingLabel,
  removeEntranceTicket,
  reviewPopupKind,
  roundScore,
  shouldAutocomplete,
  stepEntranceCounter,
  surveyComplete,
  tryCheckAge,
  validateBasketModel,
  validateDeliveryA,
  validateDeliveryB,
  validateEntranceSection,
  validateGuestForm,
  validateHallPageConfig,
  voteOutcome,
  walletGuestPayError,
  walletTokenError,
} from '../src/index.js';

const basket = (places: number, entrance: Array<[sectionId: number, tickets: number]> = []): BasketModel => ({
  places: Array.from({ length: places }, (_, i) => ({ placeId: 100 + i, giftsCount: 0 })),
  freeSectionsTickets: entrance.map(([sectionId, ticketsCount]) => ({ sectionId, ticketsCount, giftsCount: 0 })),
});

describe('ticket limits (5.1)', () => {
  it('allows seats below maxTicketCount', () => {
    expect(canAddSeat(basket(7), { maxTicketCount: 8 })).toEqual({ validated: true });
  });

  it('counts places plus entrance tickets against the default 8', () => {
    expect(canAddSeat(basket(5, [[12, 3]]))).toEqual({ validated: false, cause: 'basket_limit_exceeded', limit: 8 });
    expect(canAddSeat(basket(5, [[12, 2]]))).toEqual({ validated: true });
  });

  it('subtracts the tickets held for other performances', () => {
    expect(canAddSeat(basket(5), { maxTicketCount: 8, ticketInBasketOfOtherPerformances: 3 })).toEqual({
      validated: false,
      cause: 'basket_limit_exceeded',
      limit: 8,
    });
    expect(canAddSeat(basket(4), { maxTicketCount: 8, ticketInBasketOfOtherPerformances: 3 }).validated).toBe(true);
  });

  it('lets a configured limit override 8 only if it is 10 or less', () => {
    expect(effectiveMaxTicketCount(undefined)).toBe(8);
    expect(effectiveMaxTicketCount(10)).toBe(10);
    expect(effectiveMaxTicketCount(4)).toBe(4);
    expect(effectiveMaxTicketCount(11)).toBe(8);
    expect(effectiveMaxTicketCount(50)).toBe(8);
  });

  it('refuses entrance tickets once the section is sold out (no_tickets), then the basket limit', () => {
    expect(canAddEntranceTicket(basket(0, [[12, 3]]), { sectionId: 12, freeTickets: 3 })).toEqual({
      validated: false,
      cause: 'no_tickets',
    });
    expect(canAddEntranceTicket(basket(6, [[12, 2]]), { sectionId: 12, freeTickets: 50 })).toEqual({
      validated: false,
      cause: 'basket_limit_exceeded',
      limit: 8,
    });
    expect(canAddEntranceTicket(basket(0, [[12, 2]]), { sectionId: 12, freeTickets: 50 }).validated).toBe(true);
  });

  it('keeps the entrance counter between 1 and the limit', () => {
    expect(stepEntranceCounter(1, -1)).toEqual({ count: 1, validated: true });
    expect(stepEntranceCounter(8, 1)).toEqual({ count: 8, validated: false, cause: 'basket_limit_exceeded', limit: 8 });
    expect(stepEntranceCounter(10, 1, { configuredMax: 10 })).toMatchObject({ count: 10, limit: 10 });
    expect(stepEntranceCounter(8, 1, { configuredMax: 12 })).toMatchObject({ count: 8, limit: 8 });
    expect(stepEntranceCounter(3, 1, { freeTickets: 3 })).toEqual({ count: 3, validated: false, cause: 'no_tickets' });
    expect(stepEntranceCounter(3, 1, { freeTickets: 10 })).toEqual({ count: 4, validated: true });
  });
});

describe('gifts (5.2)', () => {
  it('allows a seat gift only while giftsCount < maxGiftCountPerTicket', () => {
    expect(canAddSeatGift(4, 5)).toEqual({ validated: true });
    expect(canAddSeatGift(5, 5)).toEqual({ validated: false, cause: 'gift_limit_exceeded', limit: 5 });
    expect(canAddSeatGift(5)).toMatchObject({ validated: false });
  });

  it('bounds entrance gifts by maximum × tickets', () => {
    expect(canAddEntranceGift({ ticketsCount: 2, giftsCount: 9 }, 5).validated).toBe(true);
    expect(canAddEntranceGift({ ticketsCount: 2, giftsCount: 10 }, 5)).toEqual({
      validated: false,
      cause: 'gift_limit_exceeded',
      limit: 5,
    });
  });

  it('caps the gifts when an entrance ticket is removed', () => {
    expect(removeEntranceTicket({ sectionId: 12, ticketsCount: 3, giftsCount: 12 }, 5)).toEqual({
      sectionId: 12,
      ticketsCount: 2,
      giftsCount: 10,
    });
    expect(removeEntranceTicket({ ticketsCount: 3, giftsCount: 4 }, 5)).toEqual({ ticketsCount: 2, giftsCount: 4 });
  });

  it('hides gifts at 0 and caps the older choice at 5 and the available gifts', () => {
    expect(giftsEnabled(0)).toBe(false);
    expect(giftsEnabled(5)).toBe(true);
    expect(oldMapGiftChoices(3)).toEqual([0, 1, 2, 3]);
    expect(oldMapGiftChoices(9)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('hall data (5.3, 3.4, 3.6)', () => {
  const config = { hallBasisId: 3, svgUrl: '/media/hall/3.svg', performanceId: 1024, maxTicketCount: 8 };

  it('requires hallBasisId, svgUrl, performanceId and maxTicketCount', () => {
    expect(validateHallPageConfig(config).ok).toBe(true);
    const missing = validateHallPageConfig({ hallBasisId: 3, performanceId: 1024 });
    expect(missing).toEqual({ ok: false, problems: ['svgUrl', 'maxTicketCount'] });
  });

  it('requires integer ids and counts in the basket model', () => {
    expect(validateBasketModel(basket(2, [[12, 1]])).ok).toBe(true);
    expect(validateBasketModel({ places: [{ placeId: 1.5, giftsCount: 0 }], freeSectionsTickets: [] }).ok).toBe(false);
  });

  it('requires a name and integer freeTickets and price of an entrance section', () => {
    expect(validateEntranceSection({ freeTickets: 120, name: 'Танцпол', price: 2500, tariff: 3 }).ok).toBe(true);
    expect(validateEntranceSection({ freeTickets: 120, name: '', price: 2500, tariff: 3 }).ok).toBe(false);
    expect(validateEntranceSection({ freeTickets: 1.5, name: 'Танцпол', price: 2500, tariff: 3 }).ok).toBe(false);
  });

  it('makes seats clickable only when reserving or paying is allowed', () => {
    expect(hallIsClickable({ allowReserve: false, allowPay: false })).toBe(false);
    expect(hallIsClickable({ allowPay: true })).toBe(true);
  });
});

describe('delivery form (5.4)', () => {
  const full = {
    surname: 'Иванова',
    firstname: 'Анна',
    patronymic: 'Петровна',
    metro: 14,
    address: 'ул. Тверская, 1',
    phone: '+7(916) 123-45-67',
  };

  it('variant A checks surname, first name, patronymic, metro, address, phone in order', () => {
    expect(validateDeliveryA(full)).toBeNull();
    expect(validateDeliveryA({})).toEqual({ field: 'surname', message: 'Укажите Фамилию' });
    expect(validateDeliveryA({ ...full, firstname: ' ', phone: '' })).toEqual({
      field: 'firstname',
      message: 'Укажите Имя',
    });
    expect(validateDeliveryA({ ...full, patronymic: '' })?.message).toBe('Укажите Отчество');
    expect(validateDeliveryA({ ...full, metro: '', address: '' })).toEqual({
      field: 'metro',
      message: 'Укажите станцию метро',
    });
    expect(validateDeliveryA({ ...full, address: '', phone: '' })?.message).toBe('Укажите адрес');
    expect(validateDeliveryA({ ...full, phone: '' })?.message).toBe('Укажите телефон');
  });

  it('variant B checks name, surname, patronymic, phone ≥ 7, metro ≥ 1, address in order', () => {
    expect(validateDeliveryB(full)).toBeNull();
    expect(validateDeliveryB({})).toEqual({ field: 'firstname', message: 'Укажите имя' });
    expect(validateDeliveryB({ ...full, surname: '', patronymic: '' })?.message).toBe('Укажите фамилию');
    expect(validateDeliveryB({ ...full, patronymic: '' })?.message).toBe('Укажите отчество');
    expect(validateDeliveryB({ ...full, phone: '123456', metro: 0 })).toEqual({
      field: 'phone',
      message: 'Укажите телефон',
    });
    expect(validateDeliveryB({ ...full, phone: '1234567', metro: 0 })).toEqual({
      field: 'metro',
      message: 'Укажите ближайшую станцию метро',
    });
    expect(validateDeliveryB({ ...full, address: '' })?.message).toBe('Укажите адрес');
  });

  it('variant A and B differ in order: an empty first name and surname fail differently', () => {
    const form = { ...full, surname: '', firstname: '' };
    expect(validateDeliveryA(form)?.field).toBe('surname');
    expect(validateDeliveryB(form)?.field).toBe('firstname');
  });

  it('maps delivery[name] to the surname both ways', () => {
    const fields = deliveryFieldsFromForm(full);
    expect(fields['delivery[name]']).toBe('Иванова');
    expect(fields['delivery[metro]']).toBe('14');
    expect(deliveryFormFromFields(fields)).toMatchObject({ surname: 'Иванова', firstname: 'Анна', metro: '14' });
  });
});

describe('guest form (5.5)', () => {
  const ok = { email: 'anna@example.ru', name: 'Анна', surname: 'Иванова', payment: 'card' as const };

  it('passes with e-mail, first name and surname for card payment', () => {
    expect(validateGuestForm(ok)).toEqual({ valid: true, invalid: [], toast: null });
  });

  it('marks every failing field and shows the toast', () => {
    expect(validateGuestForm({ ...ok, email: 'anna@', name: '   ' })).toEqual({
      valid: false,
      invalid: ['email', 'name'],
      toast: 'Необходимо заполнить все поля',
    });
  });

  it('requires patronymic and a complete phone for non-card methods', () => {
    const pushkin = { ...ok, payment: 'pushkin_card' as const };
    expect(validateGuestForm(pushkin).invalid).toEqual(['patronymic', 'phone']);
    expect(validateGuestForm({ ...pushkin, patronymic: 'Петровна', phone: '+7(916) 123-45-6_' }).invalid).toEqual([
      'phone',
    ]);
    expect(validateGuestForm({ ...pushkin, patronymic: 'Петровна', phone: '+7(916) 123-45-67' }).valid).toBe(true);
  });

  it('asks wallet payers to fill the form', () => {
    expect(walletGuestPayError({ ...ok, email: '' })).toBe('Пожалуйста, заполните поля: имя, фамилия и e-mail.');
    expect(walletGuestPayError(ok)).toBeNull();
  });
});

describe('codes and cards (5.6)', () => {
  it("masks gift card numbers as '****' plus up to 7 '-****' groups", () => {
    expect(maskGiftCardNumber('abcd12345')).toBe('abcd-1234-5');
    expect(maskGiftCardNumber('x'.repeat(40))).toBe(Array.from({ length: 8 }, () => 'xxxx').join('-'));
  });

  it('enables gift card and promo apply from 4 characters', () => {
    expect(canApplyGiftCard('')).toBe(false);
    expect(canApplyGiftCard('abc')).toBe(false);
    expect(canApplyGiftCard('abcd')).toBe(true);
    expect(canApplyPromo('SPR')).toBe(false);
    expect(canApplyPromo('SPRI')).toBe(true);
  });

  it('says what is wrong with an empty card number or wallet token', () => {
    expect(giftCardPayError('')).toBe('Пожалуйста введите номер подарочной карты.');
    expect(giftCardPayError('abcd')).toBeNull();
    expect(walletTokenError('')).toBe('Произошла ошибка в процессе оплаты.');
    expect(walletTokenError('tok')).toBeNull();
  });
});

describe('age check', () => {
  const today = new Date(2025, 5, 15);

  it('counts full years, minus one before this year’s birthday', () => {
    expect(ageInYears(new Date(2000, 5, 15), today)).toBe(25);
    expect(ageInYears(new Date(2000, 5, 16), today)).toBe(24);
  });

  it('passes only when the age is below maxAge', () => {
    expect(checkAge({ maxAge: 18, birthDateString: '16.06.2007' }, today)).toBe(true);
    expect(checkAge({ maxAge: 18, birthDateString: '15.06.2007' }, today)).toBe(false);
  });

  it("rejects dates that do not round-trip with 'Date string parse error!'", () => {
    expect(() => checkAge({ maxAge: 30, birthDateString: '31.02.2000' }, today)).toThrow('Date string parse error!');
    expect(() => checkAge({ maxAge: 30, birthDateString: '2000-01-01' }, today)).toThrow(DateParseError);
    expect(tryCheckAge({ maxAge: 30, birthDateString: '31.02.2000' }, today)).toEqual({
      ok: false,
      error: 'Date string parse error!',
    });
    expect(tryCheckAge({ maxAge: 30, birthDateString: '29.02.2000' }, today)).toEqual({
      ok: true,
      passes: true,
      age: 25,
    });
  });
});

describe('rating vote', () => {
  it('clamps between 0 and the star count and rounds to a whole star', () => {
    expect(clampRating(7)).toBe(5);
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(3, { max: 10 })).toBe(3);
    expect(roundScore(3.6)).toBe(4);
    expect(roundScore(3.4)).toBe(3);
    expect(roundScore(9)).toBe(5);
  });

  it('computes the new average as round((avg × votes + score) / (votes + 1))', () => {
    expect(newAverage(4, 3, 5)).toBe(4);
    expect(newAverage(3, 1, 5)).toBe(4);
    expect(newAverage(0, 0, 2)).toBe(2);
    expect(applyVote({ val: 3, votes: 1 }, 4.7)).toEqual({ val: 4, votes: 2, score: 5 });
  });

  it("rolls back when the status is not 'OK'", () => {
    const voted = applyVote({ val: 3, votes: 1 }, 5);
    expect(voteOutcome({ val: 3, votes: 1 }, voted, { status: 'OK' })).toMatchObject({
      val: 4,
      votes: 2,
      accepted: true,
    });
    expect(voteOutcome({ val: 3, votes: 1 }, voted, { status: 'ERROR', msg: 'Вы уже голосовали' })).toEqual({
      val: 3,
      votes: 1,
      accepted: false,
      message: 'Вы уже голосовали',
    });
  });

  it('labels stars and picks the review popup', () => {
    expect(ratingLabel(1)).toBe('Плохо');
    expect(ratingLabel(5)).toBe('Великолепно');
    expect(reviewPopupKind(4)).toBe('good');
    expect(reviewPopupKind(3)).toBe('bad');
    expect(reviewPopupKind(null)).toBe('bad');
  });
});

describe('search', () => {
  it('autocompletes above 2 characters, or numeric text of exactly 2', () => {
    expect(shouldAutocomplete('ще')).toBe(false);
    expect(shouldAutocomplete('щел')).toBe(true);
    expect(shouldAutocomplete('12')).toBe(true);
    expect(shouldAutocomplete('1')).toBe(false);
    expect(shouldAutocomplete('1a')).toBe(false);
  });

  it('wraps the arrow selection', () => {
    expect(moveSelection(-1, 1, 3)).toBe(0);
    expect(moveSelection(2, 1, 3)).toBe(0);
    expect(moveSelection(0, -1, 3)).toBe(2);
  });
});

describe('payment and delivery choice (4.5, 4.7)', () => {
  it('maps self delivery by payment', () => {
    expect(effectiveDelivery('self', 'cash')).toBe('booking_cash');
    expect(effectiveDelivery('self', 'card')).toBe('booking_card');
    expect(effectiveDelivery('self', 'bonus')).toBe('booking_card');
    expect(effectiveDelivery('eticket', 'cash')).toBe('eticket');
  });

  it('restores the previous payment after cashback, else card', () => {
    expect(paymentAfterCashbackOff('bonus')).toBe('bonus');
    expect(paymentAfterCashbackOff(null)).toBe('card');
  });

  it('turns karmaStop on only for non-guest, non-direct users', () => {
    expect(isKarmaStop({ hasKarmaStop: true, userIsGuest: false, userIsDirect: false })).toBe(true);
    expect(isKarmaStop({ hasKarmaStop: true, userIsGuest: true, userIsDirect: false })).toBe(false);
    expect(isKarmaStop({ hasKarmaStop: true, userIsGuest: false, userIsDirect: true })).toBe(false);
  });

  it('routes courier orders through add-delivery and reads the order id from the url', () => {
    expect(orderCallFor('courier')).toBe('orderAddDelivery');
    expect(orderCallFor('eticket')).toBe('orderCreate');
    expect(orderIdFromUrl('https://partera.example/payment/bank/77001/?sid=1')).toBe('77001');
    expect(orderIdFromUrl('/payment/bank/77001/')).toBe('77001');
  });
});

describe('account', () => {
  it('checks the loyalty phone, card rules, surveys and bookmarks', () => {
    expect(loyaltyPhoneError('+7(916) 123-45-67')).toBeNull();
    expect(loyaltyPhoneError('89161234567')).toBe('Неверно введен номер телефона');
    expect(surveyComplete([[false, true], [true]])).toBe(true);
    expect(surveyComplete([[false, false], [true]])).toBe(false);
    expect(canBookmark(0)).toBe(false);
    expect(canBookmark(501)).toBe(true);
  });
});
