import { describe, expect, it } from 'vitest';
import {
  basketLimitExceeded,
  ERROR_CODE_MEANINGS,
  ErrorCode,
  giftLimitExceeded,
  HALL_ZOOM,
  maxZoomForArea,
  messageOr,
  messages,
  orderErrorAction,
  parseFieldMessage,
  promoPlacementId,
  seatErrorAction,
  supportPhoneMessage,
} from '../src/index.js';

describe('error codes', () => {
  it('lists every code of both documents with a meaning', () => {
    const codes = Object.values(ErrorCode).sort((a, b) => a - b);
    expect(codes).toEqual([-1, 113, 212, 216, 217, 440, 620, 622, 623, 624, 630, 631, 638]);
    for (const c of codes) expect(ERROR_CODE_MEANINGS[c], String(c)).toBeTruthy();
  });

  it('maps seat codes to the client action (hall 8.1)', () => {
    expect(seatErrorAction(440)).toEqual({ kind: 'login' });
    for (const c of [212, 216, 631]) expect(seatErrorAction(c)).toEqual({ kind: 'confirmPhone' });
    expect(seatErrorAction(623)).toEqual({ kind: 'resetBasket', isBooking: 1 });
    expect(seatErrorAction(624)).toEqual({ kind: 'resetBasket', isBooking: 0 });
    expect(seatErrorAction(622)).toEqual({ kind: 'alert' });
    expect(seatErrorAction(999)).toEqual({ kind: 'alert' });
  });

  it('maps order codes (hall 8.3)', () => {
    expect(orderErrorAction(113)).toEqual({ kind: 'confirmPhone' });
    expect(orderErrorAction(638)).toEqual({ kind: 'silent' });
    expect(orderErrorAction(620)).toEqual({ kind: 'alert', reloadOnClose: true });
    expect(orderErrorAction(630)).toEqual({ kind: 'alert', reloadOnClose: true });
    expect(orderErrorAction(1)).toEqual({ kind: 'alert', reloadOnClose: false });
  });
});

describe('messages', () => {
  it('keeps the texts word for word, odd spelling included', () => {
    expect(messages.tariffListNotFound).toBe('Не удалось определить список тарифов дял место');
    expect(messages.orderCreateFailed).toBe('Не удалось создать заказ, попробуйте позже.');
    expect(messages.noTickets).toBe('Закончились свободные билеты');
    expect(messages.dateParseError).toBe('Date string parse error!');
  });

  it('fills the templates', () => {
    expect(basketLimitExceeded(8)).toBe('За один заказ можно купить только 8 билетов');
    expect(giftLimitExceeded(1)).toBe('На один билет можно выбрать не более 1 подарка');
    expect(giftLimitExceeded(5)).toBe('На один билет можно выбрать не более 5 подарков');
    expect(giftLimitExceeded(21)).toBe('На один билет можно выбрать не более 21 подарка');
    expect(supportPhoneMessage('+7 495 1234567')).toBe(
      'Произошла внутренняя ошибка при загрузке схемы зала. Обратитесь в Службу поддержки +7 495 1234567',
    );
    expect(messages.walletUnsupported('Google Pay')).toBe(
      'Ваше устройство или браузер не поддерживает оплату через Google Pay.',
    );
    expect(messages.walletPaymentError('Карта отклонена')).toBe('Ошибка оплаты. Карта отклонена');
    expect(messages.connecting('partner.example')).toBe('Установка соединения с partner.example...');
  });

  it('prefers the server message, else the fallback', () => {
    expect(messageOr('Мест нет', messages.entranceAddError)).toBe('Мест нет');
    expect(messageOr('  ', messages.entranceAddError)).toBe(
      'Ошибка при добавлении билета в корзину. Повторите попытку позже',
    );
    expect(messageOr(undefined, messages.promoNotFound)).toBe('Промокод не найден');
  });

  it("splits 'field::text' password answers", () => {
    expect(parseFieldMessage('new2::Пароли не совпадают')).toEqual({ field: 'new2', text: 'Пароли не совпадают' });
    expect(parseFieldMessage('Ошибка смены пароля')).toEqual({ field: null, text: 'Ошибка смены пароля' });
  });
});

describe('constants', () => {
  it('picks the maximum zoom by SVG area', () => {
    expect(maxZoomForArea(1_000_000)).toBe(10);
    expect(maxZoomForArea(2_250_000)).toBe(10);
    expect(maxZoomForArea(2_250_001)).toBe(15);
    expect(maxZoomForArea(4_000_001)).toBe(20);
    expect(maxZoomForArea(6_250_001)).toBe(25);
    expect(maxZoomForArea(9_000_001)).toBe(35);
    expect(HALL_ZOOM.min).toBe(1);
  });

  it('picks the promo placement by page', () => {
    expect(promoPlacementId('/')).toBe(6813);
    expect(promoPlacementId('/show/gamlet/')).toBe(9815);
  });
});
