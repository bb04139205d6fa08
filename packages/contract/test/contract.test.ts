import { describe, expect, it } from 'vitest';
import {
  allCalls,
  basketState,
  callAreas,
  createAnonymousOrder,
  devOutboxAttachment,
  devOutboxMessage,
  googlePayProceed,
  hallMap,
  hallMapHtml,
  hallMapNavImage,
  hallPlaceSelect,
  hallPlaceSelectGroup,
  hallSvg,
  orderTicketsPdf,
  paymentCallback,
  pickCall,
  posterSvg,
  promotionsActualize,
  promotionsList,
  routeGroups,
  sandboxBank3ds,
  sandboxBankPage,
  sandboxBankPay,
  ticketPdf,
} from '../src/index.js';
import { examples } from './examples.js';

const routeId = (c: (typeof allCalls)[number]) =>
  `${c.method} ${c.path}${c.queryFlag ? ` ?${c.queryFlag.name}${c.queryFlag.value ? `=${c.queryFlag.value}` : ''}` : ''}`;

describe('the call list', () => {
  it('covers both documents with about a hundred calls', () => {
    expect(allCalls.length).toBeGreaterThanOrEqual(100);
    expect(callAreas.map((a) => a.area)).toEqual([
      'hall',
      'basket',
      'orders',
      'payment',
      'tickets',
      'phone',
      'embedding',
      'service',
      'browsing',
      'account',
      'development',
    ]);
  });

  it('has unique ids and unique method + path (+ query flag)', () => {
    const ids = allCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = allCalls.map(routeId);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('gives every call a spec reference and a summary', () => {
    for (const c of allCalls) {
      expect(c.spec, c.id).toMatch(/(hall-basket-checkout|site-browsing-account)\.md|decision 0001/);
      expect(c.summary.length, c.id).toBeGreaterThan(10);
      expect(c.path.startsWith('/'), c.id).toBe(true);
    }
  });

  it('keeps the spec’s paths and odd spellings', () => {
    const paths = new Set(allCalls.map((c) => `${c.method} ${c.path}`));
    for (const p of [
      'GET /hallview/map/:performanceId/',
      'POST /hallPlace/selectGroup/:sessionId',
      'GET /hallPlace/DeselectAll/',
      'POST /shopcart/applygiftcardnolimits/',
      'GET /order/GiftCardFullProceed/',
      'POST /payment/session/:orderId/',
      'GET /FlackTwister/:placementId/',
      'POST /login/ajaxauth/',
      'POST /private/addDelivery',
      'POST /user/processSurvey',
      'GET /schedule/place-:placeId/:from/:till/genre-:genre/:sale/page-:page/',
    ]) {
      expect(paths.has(p), p).toBe(true);
    }
    const group = hallPlaceSelectGroup.request.parse({
      sessionId: 's',
      places: [{ cypher: '1', tax: '2', exclisivePlace: 'true', baseObjId: '3' }],
    });
    expect(group.places[0]).toMatchObject({ cypher: '1', tax: 2, exclisivePlace: true, baseObjId: 3 });
  });

  it('marks extensions and the concrete choice for the payment url', () => {
    expect(basketState.extension).toBe(true);
    expect(basketState.path).toBe('/shopcart/state/');
    expect(allCalls.find((c) => c.id === 'payment.session')?.summary).toMatch(/Concrete path/);
  });
});

describe.each(allCalls.map((c) => [c.id, c] as const))('%s', (id, call) => {
  const example = examples[id];

  it('has an example', () => {
    expect(example, `add an example for ${id} to test/examples.ts`).toBeDefined();
  });

  it('accepts a realistic request and rejects a malformed one', () => {
    if (!example) return;
    const ok = call.request.safeParse(example.valid);
    expect(ok.success, ok.success ? '' : JSON.stringify(ok.error.issues)).toBe(true);
    // A call built with malformedAsNull reads a request it refuses as null.
    expect(ok.data, 'the example is read as malformed').not.toBeNull();
    expect(call.request.safeParse(example.invalid).success).toBe(false);
  });

  it('never fails on the session, CSRF and other extra fields', () => {
    if (!example || typeof example.valid !== 'object' || example.valid === null) return;
    const withExtras = {
      ...(example.valid as object),
      sid: 'abc',
      _csrf: 'tok',
      hot: '1',
      cookies: 'a=b',
      extra1: 'x',
    };
    expect(call.request.safeParse(withExtras).success).toBe(true);
  });

  it('builds a failure that parses with its own answer schema', () => {
    const failure = call.failure('Сервер вернул ошибку, попробуйте позже', 622);
    const parsed = call.response.safeParse(failure);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    expect(call.response.safeParse(call.failure('Ошибка')).success).toBe(true);
  });
});

describe('answers', () => {
  it('parses the JSON hall map of spec 3.2/3.3', () => {
    const answer = {
      places: [
        {
          id: 90017,
          state: 0,
          isPackagePlace: false,
          color: '#e53935',
          countTax: 2,
          type: 'place',
          section: { id: 7, name: 'Партер' },
          row: '3',
          place: '14',
          price: 1500,
          tariff: 4,
          group: 0,
          cypher: '558812',
          hasgifts: true,
          availableGifts: 5,
          taxes: { '4': { name: 'Полный', price: 1500 }, '5': { name: 'Льготный', price: 750.5 } },
          description: 'Партер, ряд 3, место 14',
          privileged: 'default',
        },
      ],
      legend: [{ c: '#e53935', p: 1500 }],
      anyPremiumTicketFound: { premium: 'false' },
      cannotCreateOrder: false,
      sections: [
        {
          sectionName: 'Танцпол',
          placeCount: 120,
          sectionId: 12,
          price: 2500,
          tariffId: 3,
          fundId: 8,
          seatlessSection: true,
        },
      ],
    };
    expect(hallMap.response.parse(answer).places[0]?.taxes['5']?.price).toBe(750.5);
    expect(hallMap.response.safeParse({ ...answer, anyPremiumTicketFound: { premium: true } }).success).toBe(false);
  });

  it('gives selection calls the failure {result: 0, error: code, message}', () => {
    expect(hallPlaceSelect.failure('Закончились свободные билеты', 622)).toEqual({
      result: 0,
      error: 622,
      message: 'Закончились свободные билеты',
    });
    expect(hallPlaceSelect.failure('Ошибка во время добавления в корзину')).toEqual({
      result: 0,
      error: 0,
      message: 'Ошибка во время добавления в корзину',
    });
  });

  it('reads the browser wallet answer given as a JSON string', () => {
    const text = JSON.stringify({
      error: 0,
      url: '',
      data: { data: { acsUrl: 'https://acs', orderId: '1', paReq: 'p', termUrl: 't' } },
    });
    expect(googlePayProceed.response.parse(text)).toMatchObject({
      error: 0,
      data: { data: { acsUrl: 'https://acs' } },
    });
  });

  it('accepts both readings of the anonymous order', () => {
    const a = createAnonymousOrder.request.safeParse({
      email: 'a@b.ru',
      name: 'Анна',
      surname: 'Иванова',
      pc: null,
      payment: 'pushkin_card',
      patronymic: 'Петровна',
      phone: '+7(916) 123-45-67',
      pushkinCardInfo: '{"cardNumber":"9643"}',
    });
    expect(a.success).toBe(true);
    const b = createAnonymousOrder.request.safeParse({
      email: 'a@b.ru',
      name: 'Анна',
      family: 'Иванова',
      payment_card: 'visa',
      pm: 'card',
    });
    expect(b.success).toBe(true);
  });
});

describe('calls whose server answers a malformed request itself', () => {
  it('read a refused request as null, a well-formed one as itself', () => {
    const code = 'K7M2X9QF4TNA';
    expect(ticketPdf.request.parse({ code, token: 'f3a9' })).toMatchObject({ code, token: 'f3a9' });
    expect(ticketPdf.request.parse({ code })).toMatchObject({ code });
    for (const bad of [
      { code: 'abc' },
      { code: 'K7M2X9QF4TN0' },
      { code, token: 'x'.repeat(201) },
      { code, token: ['a', 'b'] },
    ]) {
      expect(ticketPdf.request.parse(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(orderTicketsPdf.request.parse({ orderId: '0' })).toBeNull();
    expect(sandboxBankPage.request.parse({})).toBeNull();
    expect(sandboxBankPay.request.parse({ mdOrder: 'sbx_1' })).toMatchObject({
      pan: '',
      expiry: '',
      cvc: '',
      holder: '',
    });
    expect(sandboxBankPay.request.parse({ mdOrder: 'sbx_1', pan: '4'.repeat(41) })).toBeNull();
    expect(sandboxBank3ds.request.parse({ mdOrder: 'sbx_1', code: '12345' })).toBeNull();
    expect(devOutboxMessage.request.parse({ id: 'abc' })).toBeNull();
    expect(devOutboxAttachment.request.parse({ id: '42', n: '-1' })).toBeNull();
    expect(ticketPdf.request.safeParse('K7M2X9QF4TNA').success).toBe(false);
  });

  it('ignore the session parameters they never read, even repeated ones', () => {
    const repeated = { sid: ['a', 'b'], _csrf: ['c', 'd'] };
    expect(ticketPdf.request.parse({ code: 'K7M2X9QF4TNA', ...repeated })).not.toBeNull();
    expect(sandboxBankPage.request.parse({ mdOrder: 'sbx_1', ...repeated })).not.toBeNull();
    expect(posterSvg.request.safeParse({ showId: '7', ...repeated }).success).toBe(true);
  });

  it('takes no field of an acquirer’s notification', () => {
    expect(paymentCallback.request.safeParse({ provider: 7, sid: {}, _csrf: [] }).success).toBe(true);
  });
});

describe('media file names', () => {
  it('take a database id in digits only', () => {
    const showId = (v: string) => posterSvg.request.safeParse({ showId: v });
    expect(showId('05').data?.showId).toBe(5);
    expect(showId('2147483647').data?.showId).toBe(2147483647);
    for (const bad of ['0', '-1', '+5', ' 5', '1.5', '1e3', '0x10', '2147483648', '99999999999', '']) {
      expect(showId(bad).success, bad).toBe(false);
    }
    expect(hallSvg.request.safeParse({ hallId: 'main' }).success).toBe(false);
  });

  it('answer errors as JSON {error, message}', () => {
    expect(posterSvg.failure('Афиша не найдена', 404)).toEqual({ error: 'not_found', message: 'Афиша не найдена' });
    expect(hallSvg.failure('Неверный адрес', 400)).toEqual({ error: 'bad_request', message: 'Неверный адрес' });
  });
});

describe('routes shared by several calls', () => {
  const groups = routeGroups(allCalls);

  it('dispatches the hall map by ?json=1 and ?onlyNavImg, the HTML map otherwise', () => {
    const group = groups.get('GET /hallview/map/:performanceId/') ?? [];
    expect(group.map((c) => c.id).sort()).toEqual(['hall.map', 'hall.mapHtml', 'hall.mapNavImage']);
    expect(pickCall(group, { json: '1', all: '1' })).toBe(hallMap);
    expect(pickCall(group, { onlyNavImg: '' })).toBe(hallMapNavImage);
    expect(pickCall(group, { hot: '0' })).toBe(hallMapHtml);
    expect(pickCall(group, { json: '0' })).toBe(hallMapHtml);
  });

  it('dispatches promotions by ?actualize and ?list and has no fallback there', () => {
    const group = groups.get('GET /private/promotions/') ?? [];
    expect(pickCall(group, { list: '' })).toBe(promotionsList);
    expect(pickCall(group, { actualize: '' })).toBe(promotionsActualize);
    expect(pickCall(group, { view: '', id: '3' })).toBeUndefined();
  });

  it('has exactly one fallback at most per route', () => {
    for (const [key, group] of groups) {
      expect(group.filter((c) => !c.queryFlag).length, key).toBeLessThanOrEqual(1);
    }
  });
});
