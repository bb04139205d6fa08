/**
 * A realistic request (as the browser sends it: query and form values are strings) and a
 * malformed one for every call, keyed by call id. The contract test fails when a call has none.
 */
export interface CallExample {
  valid: unknown;
  invalid: unknown;
}

const S = { sid: 'f3a9c0d2e1', _csrf: 'b64token==' };

export const examples: Record<string, CallExample> = {
  // hall
  'hall.map': {
    valid: { performanceId: '1024', json: '1', all: '1', hot: '0', ...S },
    invalid: { performanceId: 'abc', json: '1' },
  },
  'hall.layout': { valid: { hallId: '3' }, invalid: { hallId: 'x' } },
  'hall.mapHtml': { valid: { performanceId: '1024', hot: '0', ...S }, invalid: { performanceId: '' } },
  'hall.mapSectionHtml': { valid: { performanceId: '1024', sectionId: '7' }, invalid: { performanceId: '1024' } },
  'hall.mapNavImage': { valid: { performanceId: '1024', onlyNavImg: '' }, invalid: { performanceId: '1.5' } },
  'hall.svg': { valid: { hallId: '3' }, invalid: { hallId: 'main' } },
  'hall.seatView': { valid: { placeId: '9120' }, invalid: { placeId: '-1' } },
  'hall.bestPlaceCheck': { valid: { ...S }, invalid: { performanceId: 'x' } },
  'hall.bestAvailable': {
    valid: { ...S, performanceId: 5, count: 4, priceMin: 1000, priceMax: 3000 },
    invalid: { ...S, performanceId: 5, count: 11 },
  },
  'hall.placeSelect': {
    valid: { cypher: '558812', tax: '4', hot: '0', packageId: '2', ...S },
    invalid: { tax: '4' },
  },
  'hall.placeDeselect': { valid: { cypher: '558812', ...S }, invalid: { cypher: '' } },
  'hall.placeSelectGroup': {
    valid: {
      sessionId: 'f3a9c0d2e1',
      places: [
        { cypher: '558812', tax: 4, exclisivePlace: true, baseObjId: 1024 },
        { cypher: '558813', tax: 4 },
      ],
    },
    invalid: { sessionId: 'f3a9c0d2e1', places: [] },
  },
  'hall.placeDeselectGroup': {
    valid: { sessionId: 'f3a9c0d2e1', places: '[{"cypher":"558812"},{"cypher":"558813"}]' },
    invalid: { sessionId: 'f3a9c0d2e1', places: [{ tax: 4 }] },
  },
  'hall.placeSelectExclusive': { valid: { cypher: '558812', baseObjId: '1024' }, invalid: { cypher: '558812' } },
  'hall.placeSelectGifts': {
    valid: { numOfGifts: '2', objId: '1024', placeId: '90017', ...S },
    invalid: { numOfGifts: '2', objId: '1024' },
  },
  'hall.placeDeselectAll': { valid: { ...S }, invalid: null },
  'hall.entranceTicketsAdd': {
    valid: { count: '2', performanceId: '1024', sectionId: '12', taxId: '3', ticketPrice: '1500', ...S },
    invalid: { count: '0', performanceId: '1024', sectionId: '12', taxId: '3', ticketPrice: '1500' },
  },
  'hall.entranceTicketsRemove': {
    valid: { performanceId: '1024', sectionId: '12', ticketPrice: '1500' },
    invalid: { performanceId: '1024', ticketPrice: '1500' },
  },
  'hall.futureTicketAdd': {
    valid: {
      count: '1',
      performanceId: '1024',
      sectionId: '5',
      taxId: '3',
      ticketPrice: '2500.5',
      sectionName: 'Партер',
      fundId: '8',
      organizerId: '41',
    },
    invalid: { count: '1', performanceId: '1024', sectionId: '5', taxId: '3', ticketPrice: 'дорого' },
  },
  'hall.futureTicketRemove': {
    valid: { performanceId: '1024', sectionId: '5', ticketPrice: '2500' },
    invalid: { performanceId: 'x', sectionId: '5', ticketPrice: '2500' },
  },

  // basket
  'basket.resetExclude': { valid: { isBooking: '1', ...S }, invalid: { isBooking: '2' } },
  'basket.packagesDeselect': {
    valid: { cypher: '558812', packagePerformances: ['1024', '1025'] },
    invalid: { packagePerformances: ['1024'] },
  },
  'basket.loadMetroList': { valid: {}, invalid: 'metro' },
  'basket.applyPromo': { valid: { promocode: 'SPRING24', ...S }, invalid: {} },
  'basket.applyGiftCardNoLimits': {
    valid: { ftlsid: 'f3a9c0d2e1', gift_card_number: 'ABCD-1234-EFGH' },
    invalid: { ftlsid: 'f3a9c0d2e1' },
  },
  'basket.applyGiftCard': { valid: { gift_card_number: 'ABCD-1234' }, invalid: {} },
  'basket.applyCashback': { valid: { action: 'spisat_keshbek' }, invalid: { action: 'spend' } },
  'basket.registrationValidateField': {
    valid: { field: 'email', value: 'anna@example.ru' },
    invalid: { field: 'phone', value: '+79161234567' },
  },
  'basket.getTickets': { valid: { ...S }, invalid: 42 },
  'basket.state': { valid: { ...S }, invalid: [] },

  // orders
  'orders.create': {
    valid: {
      payment: 'card',
      delivery: 'eticket',
      payment_card: 'visa',
      gift_card_number: '',
      promocode: '',
      is_package: '0',
      cookies: '_ga=1',
    },
    invalid: { payment: 'barter', delivery: 'eticket' },
  },
  'orders.addDelivery': {
    valid: {
      payment: 'cash',
      delivery: 'courier',
      payment_card: '',
      'delivery[name]': 'Иванова',
      'delivery[firstname]': 'Анна',
      'delivery[patronymic]': 'Петровна',
      'delivery[metro]': '14',
      'delivery[phone]': '+7(916) 123-45-67',
      'delivery[address]': 'ул. Тверская, д. 1, кв. 5',
    },
    invalid: { payment: 'cash', delivery: 'courier', 'delivery[name]': 'Иванова' },
  },
  'orders.createSessionOrder': {
    valid: { pm: 'bonus', dm: 'eticket', pc: '', cookies: '' },
    invalid: { pm: 'bonus' },
  },
  'orders.createAnonymousOrder': {
    valid: {
      email: 'anna@example.ru',
      name: 'Анна',
      surname: 'Иванова',
      pc: 'visa',
      payment: 'card',
      token: 'tok',
      cookies: '',
    },
    invalid: { email: 'anna@example.ru', name: 'Анна', payment: 'card' },
  },
  'orders.anonymousSessionPay': {
    valid: {
      email: 'anna@example.ru',
      name: 'Анна',
      family: 'Иванова',
      payment_card: null,
      method: 'apple_pay',
      token: '{"paymentData":{}}',
      'extra[fingerprint]': 'v1sitor',
    },
    invalid: { email: 'anna@example.ru', name: 'Анна', family: 'Иванова' },
  },
  'orders.giftCardFullProceed': { valid: { order_id: '77001' }, invalid: { orderId: '77001' } },

  // payment
  'payment.session': { valid: { orderId: '77001', token: 'abc' }, invalid: { orderId: 'order-1' } },
  'payment.notifyMts': {
    valid: { url: '/payment/session/77001/', params: { token: 'abc' } },
    invalid: { params: { token: 'abc' } },
  },
  'payment.applePayProceed': {
    valid: { orderId: 77001, token: '{"paymentData":{"version":"EC_v1"}}' },
    invalid: { orderId: 77001, token: 'not json' },
  },
  'payment.applePaySession': {
    valid: { url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' },
    invalid: { url: '' },
  },
  'payment.googlePayProceed': {
    valid: { orderId: '77001', token: '{"signature":"x"}' },
    invalid: { orderId: '77001' },
  },
  'payment.state': { valid: { orderId: '77001', token: 'abc' }, invalid: { orderId: 'order-1' } },
  'payment.sbp': { valid: { orderId: '77001', token: 'abc' }, invalid: { orderId: 'order-1' } },
  'payment.partnerPayOrder': {
    valid: { orderToken: '5b0c6f1e-2d7a-4b8e-9f3c-1a2b3c4d5e6f' },
    invalid: { orderToken: '../../orders/1' },
  },
  'payment.callback': {
    valid: {
      provider: 'sandbox',
      eventId: '5b0c6f1e-2d7a-4b8e-9f3c-1a2b3c4d5e6f',
      mdOrder: 'sbx_7f3a9c0d2e1b',
      orderNumber: '77001',
      operation: 'deposited',
      status: '1',
      amount: '500000',
      checksum: 'a3f1c9e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0',
    },
    invalid: 'mdOrder=sbx_7f3a9c0d2e1b&status=1',
  },
  // The bank's pages read a malformed request as null (their 404 page); only a non-object fails.
  'payment.sandboxBankPage': { valid: { mdOrder: 'sbx_7f3a9c0d2e1b' }, invalid: null },
  'payment.sandboxBankPay': {
    valid: {
      mdOrder: 'sbx_7f3a9c0d2e1b',
      pan: '4111 1111 1111 1111',
      expiry: '12/29',
      cvc: '123',
      holder: 'ANNA IVANOVA',
    },
    invalid: 'pan=4111111111111111',
  },
  'payment.sandboxBankSbp': { valid: { mdOrder: 'sbx_7f3a9c0d2e1b' }, invalid: null },
  'payment.sandboxBankSbpPay': { valid: { mdOrder: 'sbx_7f3a9c0d2e1b', action: 'pay' }, invalid: 'action=pay' },
  'payment.sandboxBankAcs': {
    valid: { MD: 'sbx_7f3a9c0d2e1b', PaReq: 'c2J4XzdmM2E5YzBkMmUxYg.wallet.9f8e7d', TermUrl: '/payment/wallet/term/' },
    invalid: ['MD', 'sbx_7f3a9c0d2e1b'],
  },
  'payment.sandboxBank3ds': {
    valid: { mdOrder: 'sbx_7f3a9c0d2e1b', token: 'c2J4XzdmM2E5YzBkMmUxYg.3ds.9f8e7d', code: '12345' },
    invalid: ['code', '12345'],
  },

  // e-tickets (a malformed code or token reads as null: the answer is 404)
  'tickets.ticketPdf': { valid: { code: 'K7M2X9QF4TNA', token: 'f3a9c0d2e1b4' }, invalid: null },
  'tickets.orderPdf': { valid: { orderId: '77001', token: 'f3a9c0d2e1b4' }, invalid: 77001 },

  // phone and e-mail
  'phone.emailValidate': { valid: { email: 'anna@example.ru' }, invalid: {} },
  'phone.emailCodeSend': {
    valid: { email: 'anna@example.ru', similarCheck: '0', nourl: '1' },
    invalid: { email: 'anna@example.ru', similarCheck: '7' },
  },
  'phone.emailCodeCheck': {
    valid: { 'form[email]': 'anna@example.ru', 'form[code]': '1234', ...S },
    invalid: { 'form[email]': 'anna@example.ru', 'form[code]': '12' },
  },
  'phone.validate': { valid: { number: '9161234567', country: 'RU' }, invalid: { number: '9161234567' } },
  'phone.validateReg': { valid: { number: '9161234567', country: 'RU' }, invalid: { country: 'RU' } },
  'phone.codeSend': {
    valid: { number: '9161234567', country: 'RU', similarCheck: '1' },
    invalid: { number: '9161234567', country: 'RU', similarCheck: 'yes' },
  },
  'phone.codeCheck': {
    valid: { 'form[phone]': '+7 916 1234567', 'form[code]': '0420' },
    invalid: { 'form[phone]': '+7 916 1234567' },
  },
  'phone.pinSend': { valid: { ...S }, invalid: null },
  'phone.pinSendBonus': { valid: {}, invalid: 'pin' },
  'phone.pinCheckBonus': { valid: { 'form[code]': '9876' }, invalid: { 'form[code]': 'abcd' } },
  'phone.getMasks': { valid: {}, invalid: null },
  'phone.getCountryCodes': { valid: {}, invalid: [1] },

  // embedding and service
  'embedding.bartelloAuth': { valid: { orderId: '77001' }, invalid: {} },
  'embedding.iframeConfig': {
    valid: { hash: 'demo-partner-hash', 'lite-layout-exit': '1' },
    invalid: { 'lite-layout-exit': 'maybe' },
  },
  'embedding.iframeSession': {
    valid: {
      hash: 'demo-partner-hash',
      parentOrigin: 'https://partner.example',
      cashback_value: '5',
      start_url: '/performance/1024/',
      ...S,
    },
    invalid: { hash: 'demo-partner-hash', parentOrigin: '' },
  },
  'embedding.widgetSession': { valid: { ...S }, invalid: null },
  'embedding.widgetHall': {
    valid: { performanceId: '1024', packageId: '2', ...S },
    invalid: { performanceId: '1024', packageId: 'x' },
  },
  'embedding.widgetPerformances': { valid: { city: 'spb', limit: '4' }, invalid: { limit: '100' } },
  'service.getPopup': {
    valid: {
      mode: 'dialog',
      msgHtml: '<p>Вы действительно хотите очистить корзину?</p>',
      buttons: '[{"text":"Отмена"},{"text":"Очистить корзину"}]',
      blockId: 'basket-reset',
    },
    invalid: { mode: 'fullscreen', msgHtml: 'x' },
  },
  'service.uiPerformanceLog': {
    valid: { iframe_failure: '1', loc: 'https://partner.example/', iframe_msg: 'timeout' },
    invalid: { loc: ['a', 'b'] },
  },
  'service.userDebugInfo': { valid: { ...S }, invalid: null },
  'service.statSeoLog': { valid: { show: '/img/a.jpg;/img/b.jpg' }, invalid: { click: { x: 1 } } },

  // browsing
  'browsing.promoBanners': { valid: { placementId: '6813' }, invalid: { placementId: 'main' } },
  'browsing.searchAutocomplete': { valid: { text: 'щелк', index: 'all' }, invalid: { index: 'all' } },
  'browsing.searchAutocompleteMore': { valid: { text: 'Гамлет' }, invalid: { text: '' } },
  'browsing.searchPerformanceCount': {
    valid: { text: 'Гамлет', g: '3:5', mnd: '01.03.2025', mxd: '31.03.2025' },
    invalid: { page: 'first' },
  },
  'browsing.searchPlaceCount': { valid: { text: 'театр', page: '2' }, invalid: { page: '2.5' } },
  'browsing.searchPersonCount': { valid: { text: 'Миронов' }, invalid: { text: ['a', 'b'] } },
  'browsing.searchMapData': { valid: { text: 'Гамлет' }, invalid: { page: 'x' } },
  'browsing.showPopular': { valid: { offset: '24' }, invalid: { offset: '-24' } },
  'browsing.showReviews': { valid: { showId: '501' }, invalid: {} },
  'browsing.showSocialCounters': { valid: { url: 'https://partera.example/show/gamlet/' }, invalid: {} },
  'browsing.siteEvent': { valid: { code: 'vkshare', webObjId: '501' }, invalid: { webObjId: '501' } },
  'browsing.showClientRequest': {
    valid: {
      requestFrom: '01.04.2025',
      requestTo: '30.04.2025',
      requestEmail: 'anna@example.ru',
      requestShowId: '501',
    },
    invalid: { requestFrom: '01.04.2025', requestTo: '30.04.2025', requestShowId: '501' },
  },
  'browsing.bookmarkAdd': { valid: { objId: '501' }, invalid: { objId: '0' } },
  'browsing.bookmarkRemove': { valid: { objId: '501' }, invalid: {} },
  'browsing.bookmarkUpdate': { valid: { objId: '501', toNotify: '1' }, invalid: { objId: '501', toNotify: '2' } },
  'browsing.showInfo': { valid: { slug: 'gamlet' }, invalid: { slug: '' } },
  'browsing.showInfoReviews': { valid: { slug: 'gamlet' }, invalid: { slug: '' } },
  'browsing.ogImagePng': { valid: { showId: '501', v: 'a1b2c3' }, invalid: { showId: '0x1f5' } },
  'browsing.showAjax': {
    valid: { slug: 'gamlet', ajax: 'reviews', isMobile: '1' },
    invalid: { slug: 'gamlet', ajax: 'photos' },
  },
  'browsing.posterSvg': { valid: { showId: '501' }, invalid: { showId: '0x1f5' } },
  'browsing.ratingVote': { valid: { voteid: '501', score: '4', s: '' }, invalid: { voteid: '501', score: '9' } },
  'browsing.scheduleRows': {
    valid: {
      placeId: 'all',
      from: '01.03.2025',
      till: '31.03.2025',
      genre: 'all',
      sale: 'insale',
      page: '2',
      ajax: '',
    },
    invalid: { placeId: 'all', from: '01.03.2025', till: '31.03.2025', genre: 'all', sale: 'soon', page: '2' },
  },
  'browsing.buildingsList': { valid: { offset: '0', limit: '12', inRow: '4' }, invalid: { limit: '0' } },
  'browsing.showsList': {
    valid: { offset: '0', g: '3', limit: '12', ontoday: '1', inrow: '4', bid: '17', text: '' },
    invalid: { offset: 'zero' },
  },
  'browsing.recommendationsCheck': { valid: {}, invalid: null },
  'browsing.recommendationsLoadShows': { valid: { genreId: '3', page: '2' }, invalid: { page: '0' } },
  'browsing.recommendationsLoadGenres': { valid: {}, invalid: 'genres' },
  'browsing.boxOfficePoints': { valid: { idm: '14' }, invalid: { idd: 'north' } },

  // account
  'account.loginAjax': {
    valid: { 'LoginForm[contact]': 'anna@example.ru', 'LoginForm[password]': 'secret-1', 'LoginForm[hash]': '', ...S },
    invalid: { 'LoginForm[contact]': 'anna@example.ru' },
  },
  'account.loginForm': {
    valid: { 'LoginForm[contact]': '+79161234567', 'LoginForm[password]': 'secret-1', 'LoginForm[hash]': 'h' },
    invalid: { 'LoginForm[password]': 'secret-1' },
  },
  'account.registrationSubmit': {
    valid: {
      'RegistrationForm[email]': 'anna@example.ru',
      'RegistrationForm[password]': 'secret-1',
      'RegistrationForm[firstname]': 'Анна',
      'RegistrationForm[surname]': 'Иванова',
    },
    invalid: { 'RegistrationForm[email]': 'anna@example.ru', 'RegistrationForm[password]': '1' },
  },
  'account.logout': { valid: { ...S }, invalid: null },
  'account.addDelivery': {
    valid: {
      'delivery[name]': 'Иванова',
      'delivery[firstname]': 'Анна',
      'delivery[patronymic]': 'Петровна',
      'delivery[metro]': '14',
      'delivery[order]': '77001',
      'delivery[address]': 'ул. Тверская, д. 1',
      'delivery[phone]': '+7(916) 123-45-67',
    },
    invalid: { 'delivery[name]': 'Иванова', 'delivery[order]': 'abc' },
  },
  'account.delDelivery': { valid: { IdOrder: '77001' }, invalid: { idOrder: '77001' } },
  'account.edit': {
    valid: {
      'form[firstname]': 'Анна',
      'form[patronymic]': 'Петровна',
      'form[name]': 'Иванова',
      'form[birthday]': '01.01.1980',
    },
    invalid: { 'form[firstname]': 'Анна' },
  },
  'account.passwordChange': {
    valid: { 'pwd[old]': 'old-secret', 'pwd[new]': 'new-secret', 'pwd[new2]': 'new-secret' },
    invalid: { 'pwd[old]': 'old-secret' },
  },
  'account.profile': { valid: { ...S }, invalid: null },
  'account.exportData': { valid: { ...S }, invalid: null },
  'account.delete': { valid: { password: 'long enough 1' }, invalid: { password: 42 } },
  'account.deleteCode': { valid: {}, invalid: null },
  'account.promotionsActualize': { valid: { actualize: '' }, invalid: 'actualize' },
  'account.promotionsList': { valid: { list: '' }, invalid: null },
  'account.loadBonusPage': { valid: {}, invalid: null },
  'account.selectGift': { valid: { giftId: '12' }, invalid: { giftId: 'best' } },
  'account.promocode': { valid: { code: 'BONUS100' }, invalid: { code: '' } },
  'account.saveCard': {
    valid: { 'card[number]': '6001 2345', 'card[accept]': '1' },
    invalid: { 'card[number]': '  ', 'card[accept]': '1' },
  },
  'account.reviewForm': { valid: { idShow: '501' }, invalid: {} },
  'account.reviewAdd': {
    valid: { 'Review[idShow]': '501', 'Review[text]': 'Прекрасный спектакль', 'Review[rating]': '5' },
    invalid: { 'Review[idShow]': '501', 'Review[text]': '', 'Review[rating]': '5' },
  },
  'account.reviewsPage': { valid: {}, invalid: null },
  'account.markAsViewed': { valid: { reviewId: '3001' }, invalid: {} },
  'account.getReviewInfo': { valid: {}, invalid: null },
  'account.processSurvey': {
    valid: { survey: '1', 'answers[1][]': '2', 'answers[2]': '5' },
    invalid: { 'answers[1][]': '2', 'answers[2]': '5' },
  },
  'account.replaces': { valid: {}, invalid: null },
  'account.refundReplaces': { valid: { 'ticketIds[]': ['9001', '9002'] }, invalid: { ticketIds: '' } },
  'account.refundQuote': { valid: { 'ticketIds[]': ['9001'] }, invalid: { 'ticketIds[]': 'abc' } },
  'account.mtsCashback': { valid: {}, invalid: null },
  'account.loyaltySignup': {
    valid: { group: 'spring', phone: '+7(916) 123-45-67' },
    invalid: { group: '', phone: '+7(916) 123-45-67' },
  },
  'account.restoreRequest': { valid: { email: 'anna@example.ru' }, invalid: {} },
  'account.oauthStart': {
    valid: { provider: 'yandex', back: '/show/anna-karenina/' },
    invalid: { provider: 'facebook' },
  },
  'account.oauthCallback': { valid: { provider: 'vk', code: 'c0de', state: 's7a7e' }, invalid: { provider: 'google' } },
  'account.oauthComplete': {
    valid: { email: 'anna@example.ru', consent: '1' },
    invalid: { email: 42 },
  },
  'account.restoreConfirm': {
    valid: { email: 'anna@example.ru', code: '0427', password: 'new secret 1', password2: 'new secret 1' },
    invalid: { email: 'anna@example.ru', code: '42', password: 'new secret 1', password2: 'new secret 1' },
  },

  // development
  'development.outbox': { valid: {}, invalid: null },
  'development.outboxMessage': { valid: { id: '42' }, invalid: 'outbox' },
  'development.outboxAttachment': { valid: { id: '42', n: '0' }, invalid: null },
  'development.clockAdvance': { valid: { minutes: '20' }, invalid: { minutes: 'soon' } },
  'development.clock': { valid: {}, invalid: null },
};
