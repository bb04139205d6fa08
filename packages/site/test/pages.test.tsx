import { describe, expect, it } from 'vitest';
import { BasketPage, PAYMENT_FAILED_HOLD_GONE_NOTICE, PAYMENT_FAILED_NOTICE } from '../src/pages/BasketPage.js';
import { HallPage } from '../src/pages/HallPage.js';
import { HomePage } from '../src/pages/HomePage.js';
import { NotFoundPage } from '../src/pages/NotFoundPage.js';
import { OrderCompletePage } from '../src/pages/OrderCompletePage.js';
import { ShowPage } from '../src/pages/ShowPage.js';
import { serializePageData } from '../src/server/document.js';
import { landingPage, notFoundPage, serverErrorPage } from '../src/server/pages.js';
import { type PageRender, renderPage } from '../src/server/render.js';
import { basket, card, chrome, completion, hallPage, renderContext, showPage } from './fixtures.js';
import { linkHref, metaContent, NBSP, visibleText } from './html.js';

const render = <D,>(page: Omit<PageRender<D>, 'title'> & { title?: string }) =>
  renderPage(renderContext, { title: 'Тест | Partera', ...page });

describe('the document', () => {
  const html = render({
    entry: 'home',
    Component: HomePage,
    hydrate: false,
    data: { chrome: chrome(), cityName: 'Москва', timeZone: 'Europe/Moscow', cards: [card()], page: 1, hasMore: false },
    title: 'Афиша: Москва | Partera',
  });

  it('is Russian, responsive, titled and carries the session meta tags of decision 0001', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="ru">/);
    expect(metaContent(html, 'viewport')).toBe('width=device-width, initial-scale=1');
    expect(metaContent(html, 'session-name')).toBe('sid');
    expect(metaContent(html, 'session-id')).toBe('session-id-0123456789abcdef');
    expect(metaContent(html, 'csrf-param')).toBe('_csrf');
    expect(metaContent(html, 'csrf-token')).toBe('csrf-token-xyz');
    expect(html).toContain('<title>Афиша: Москва | Partera</title>');
  });

  it('loads the stylesheet, one entry script and preloads its chunks; no external hosts', () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-HHHHHHHH.css">');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/assets/home-AAAAAAAA.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk-BBBBBBBB.js">');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('is kept per build and language prefix: a document kept for another build or prefix is not sent', () => {
    // The same page and data, rendered first for a site without a client build, then for this
    // one, then under a language prefix: each gets its own document (its own scripts, its own links).
    const page = {
      entry: 'page' as const,
      Component: NotFoundPage,
      hydrate: false,
      data: { chrome: chrome({ path: '/kept-per-build/' }) },
      title: 'Кэш | Partera',
    };
    const noBuild = renderPage(
      { ...renderContext, assets: { manifest: null, files: new Map(), dir: '/nowhere' } },
      page,
    );
    expect(noBuild).not.toContain('<script type="module"');
    expect(renderPage(renderContext, page)).toContain('<script type="module" src="/assets/page-GGGGGGGG.js"></script>');
    expect(renderPage({ ...renderContext, langPrefix: 'en' }, page)).toContain('href="/en/landing/help_faq/"');
    expect(renderPage(renderContext, page)).not.toContain('href="/en/');
  });

  it('sends no page data on pages that do not hydrate', () => {
    expect(html).not.toContain('id="page-data"');
  });

  it('escapes page data so that no value can end its script element', () => {
    const data = { name: '</script><script>alert(1)</script>', line: 'a\u2028b' };
    const json = serializePageData(data);
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('layout', () => {
  const html = render({
    entry: 'page',
    Component: NotFoundPage,
    hydrate: false,
    data: { chrome: chrome({ basketCount: 3, city: { subdomain: 'spb', name: 'Санкт-Петербург' } }) },
  });
  const text = visibleText(html);

  it('has the logo, the city switch and the basket with its ticket count', () => {
    expect(text).toContain('Partera');
    expect(linkHref(html, 'Москва')).toBe('/changesd/www/');
    expect(html).toMatch(/aria-current="true">Санкт-Петербург</);
    expect(linkHref(html, 'Корзина 3 билета')).toBe('/shopcart/');
  });

  it('has the support contacts, hours, the no-fee phrase and the landing links in the footer', () => {
    expect(text).toContain('Свяжитесь с нами');
    expect(linkHref(html, '+7 495 123-45-67')).toBe('tel:+74951234567');
    expect(linkHref(html, 'support@partera.example')).toBe('mailto:support@partera.example');
    expect(text).toContain('Ежедневно 9:00–21:00 по Москве');
    expect(text).toContain('Билеты продаются без комиссии и сервисного сбора');
    expect(linkHref(html, 'Пользовательское соглашение')).toBe('/landing/useragreement/');
    expect(linkHref(html, 'Вопросы и ответы')).toBe('/landing/help_faq/');
    expect(linkHref(html, 'Правила программы кешбэка')).toBe('/landing/cashback_rules/');
  });

  it('carries the session in purchase links when the page came with it in the URL', () => {
    const framed = render({
      entry: 'page',
      Component: NotFoundPage,
      hydrate: false,
      data: { chrome: chrome({ urlSession: { name: 'sid', id: 'abc' } }) },
    });
    expect(linkHref(framed, 'Корзина 0 билетов')).toBe('/shopcart/?sid=abc');
  });
});

describe('home page', () => {
  const cards = [
    card(),
    card({ performanceId: 3, saleState: 'soon', showName: 'Щелкунчик <b>', minPrice: null, ageMark: 0, moreDates: 0 }),
  ];
  const html = render({
    entry: 'home',
    Component: HomePage,
    hydrate: false,
    data: { chrome: chrome(), cityName: 'Москва', timeZone: 'Europe/Moscow', cards, page: 1, hasMore: true },
  });
  const text = visibleText(html);

  it('shows each performance as a poster card with date, venue, price and age mark', () => {
    expect(text).toContain('Афиша: Москва');
    expect(text).toContain('10 марта, вс, 19:00 и ещё 3 даты Анна Каренина Драма · Малый театр');
    expect(text).toContain(`от 1${NBSP}200${NBSP}₽`);
    expect(text).toContain('16+');
    expect(html).toContain('src="/media/poster/1.svg"');
    expect(linkHref(html, 'Купить')).toBe('/performance/2/');
  });

  it('marks performances not yet on sale and escapes show names', () => {
    expect(text).toContain('19:00 Щелкунчик <b> Драма');
    // The cards are the server's fragment (decision 0038): its `html` template escapes by number.
    expect(html).toContain('Щелкунчик &#60;b&#62;');
    expect(text).toContain('Скоро в продаже');
    expect(text).toContain('0+');
  });

  it("offers the next 24 with 'Показать ещё'", () => {
    expect(linkHref(html, 'Показать ещё')).toBe('/?page=2');
  });

  it('says so when the city has nothing on', () => {
    const empty = render({
      entry: 'home',
      Component: HomePage,
      hydrate: false,
      data: { chrome: chrome(), cityName: 'Москва', timeZone: 'Europe/Moscow', cards: [], page: 1, hasMore: false },
    });
    expect(visibleText(empty)).toContain('Скоро здесь появятся новые события');
    expect(empty).not.toContain('Показать ещё');
  });
});

describe('show page', () => {
  const html = render({
    entry: 'show',
    Component: ShowPage,
    hydrate: false,
    data: { chrome: chrome(), page: showPage() },
  });
  const text = visibleText(html);

  it('shows the poster, name, genre, age mark, venue, duration and organizer', () => {
    expect(html).toContain('<h1 class="show-hero__title">Анна Каренина</h1>');
    expect(html).toContain('alt="Афиша: Анна Каренина"');
    expect(text).toContain('Драма 16+');
    expect(text).toContain('Малый театр Театральная пл., 1, м. Охотный Ряд');
    expect(text).toContain('Продолжительность 3 ч');
    expect(text).toContain('Организатор Театральное агентство');
    expect(text).toContain(`от 1${NBSP}200${NBSP}₽ Купить билеты`);
  });

  it('lists the performances with date, time, hall, price and a buy button, or coming soon', () => {
    expect(text).toContain('5 марта вторник 19:00 Основная сцена Скоро в продаже');
    expect(text).toContain(`10 марта воскресенье 19:00 Основная сцена от 1${NBSP}200${NBSP}₽ Купить билеты`);
    expect(html).toMatch(/href="\/performance\/2\/"[^>]*>Купить билеты</);
    expect(html).not.toContain('href="/performance/3/"');
  });

  it('groups the dates by month and marks weekends for the month and weekend filter', () => {
    const page = showPage();
    const april = { ...page.performances[1]!, performanceId: 4, startsAt: '2030-04-02T16:00:00.000Z' };
    const html = render({
      entry: 'show',
      Component: ShowPage,
      hydrate: false,
      data: { chrome: chrome(), page: { ...page, performances: [...page.performances, april] } },
    });
    const text = visibleText(html);
    expect(text).toContain('Все дни Март 2030 Апрель 2030 Только выходные Март 2030 5 марта');
    expect(text).toContain('Апрель 2030 2 апреля вторник');
    expect(html).toMatch(/data-performance-filter="" data-count="3" hidden/);
    // 10 March 2030 is a Sunday.
    expect(html.match(/<li class="performance-row" data-weekend="1">/g)).toHaveLength(1);
  });

  it('escapes the description and lists the cast with roles', () => {
    expect(html).toContain('Спектакль по роману &#60;Толстого&#62;.');
    expect(text).toContain('Второй абзац.');
    expect(text).toContain('Участники АК Анна Каренина Анна АВ Алексей Вронский Вронский');
  });

  it('says sold out and coming soon where it applies', () => {
    const page = showPage();
    const soldOut = render({
      entry: 'show',
      Component: ShowPage,
      hydrate: false,
      data: {
        chrome: chrome(),
        page: {
          ...page,
          performances: page.performances.map((p) => ({ ...p, saleState: 'on_sale' as const, freePlaces: 0 })),
        },
      },
    });
    expect(visibleText(soldOut)).toContain('Билетов нет');
    expect(soldOut).not.toContain('>Купить билеты<');
    const soon = render({
      entry: 'show',
      Component: ShowPage,
      hydrate: false,
      data: { chrome: chrome(), page: { ...page, performances: [page.performances[0]!] } },
    });
    expect(visibleText(soon)).toMatch(/Организатор Театральное агентство Скоро в продаже/);
  });
});

describe('hall page', () => {
  const data = {
    chrome: chrome(),
    hall: hallPage(),
    basket: { ticketCount: 0, basketPrice: 0, cannotCreateOrder: false, cannotCreateOrderCause: '' },
  };

  it('shows the show, date, venue and hall around the seat map mount point, and hydrates', () => {
    const html = render({ entry: 'hall', Component: HallPage, hydrate: true, data });
    const text = visibleText(html);
    expect(text).toContain('Анна Каренина 16+');
    expect(text).toContain('Когда 10 марта, воскресенье, 19:00');
    expect(text).toContain('Где Малый театр, Основная сцена Театральная пл., 1, м. Охотный Ряд');
    expect(text).toContain('Загружаем схему зала…');
    expect(html).toContain('<script type="application/json" id="page-data">');
    const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).hall.config.svgUrl).toBe('/media/hall/1.svg');
  });

  it('shows the buy button only with tickets in the basket', () => {
    const empty = render({ entry: 'hall', Component: HallPage, hydrate: true, data });
    expect(linkHref(empty, 'Купить')).toBeUndefined();
    const full = render({
      entry: 'hall',
      Component: HallPage,
      hydrate: true,
      data: { ...data, basket: { ...data.basket, ticketCount: 2, basketPrice: 2400 } },
    });
    expect(linkHref(full, 'Купить')).toBe('/shopcart/');
    expect(visibleText(full)).toContain(`В корзине 2 билета на сумму 2${NBSP}400${NBSP}₽`);
  });

  it('links the next date instead of the buy button while the basket is empty (2.1)', () => {
    const next = 'http://localhost/performance/5/';
    const withNext = { ...data, hall: hallPage({ nextDateUrl: next }) };
    const empty = render({ entry: 'hall', Component: HallPage, hydrate: true, data: withNext });
    expect(linkHref(empty, 'Следующая дата')).toBe(next);
    const framed = render({
      entry: 'hall',
      Component: HallPage,
      hydrate: true,
      data: { ...withNext, chrome: chrome({ urlSession: { name: 'sid', id: 'S1' } }) },
    });
    expect(linkHref(framed, 'Следующая дата')).toBe(`${next}?sid=S1`);
    const full = render({
      entry: 'hall',
      Component: HallPage,
      hydrate: true,
      data: { ...withNext, basket: { ...data.basket, ticketCount: 1, basketPrice: 1200 } },
    });
    expect(linkHref(full, 'Следующая дата')).toBeUndefined();
    expect(linkHref(full, 'Купить')).toBe('/shopcart/');
    // The last date has none.
    expect(
      linkHref(render({ entry: 'hall', Component: HallPage, hydrate: true, data }), 'Следующая дата'),
    ).toBeUndefined();
  });

  it('asks for tickets from the list of sections when the performance is sold by sections', () => {
    const html = render({
      entry: 'hall',
      Component: HallPage,
      hydrate: true,
      data: { ...data, hall: hallPage({ isOnlySections: true }) },
    });
    expect(visibleText(html)).toContain('Выберите билеты в списке секторов — они появятся в корзине.');
    const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).hall.config.isOnlySections).toBe(true);
  });

  it('says when tickets are not on sale yet', () => {
    const hall = hallPage({ allowPay: false, allowReserve: false });
    const html = render({
      entry: 'hall',
      Component: HallPage,
      hydrate: true,
      data: { ...data, hall: { ...hall, performance: { ...hall.performance, saleState: 'soon' } } },
    });
    expect(visibleText(html)).toContain('Скоро в продаже. Билеты на это событие ещё не продаются.');
  });
});

describe('basket page', () => {
  it('leaves the widgets their place and tells when the payment failed', () => {
    const data = { chrome: chrome(), basket: basket({ ticketCount: 1 }), paymentFailed: true, isIframe: false };
    const html = render({ entry: 'basket', Component: BasketPage, hydrate: true, data });
    expect(visibleText(html)).toContain(PAYMENT_FAILED_NOTICE);
    expect(PAYMENT_FAILED_NOTICE).toMatch(/^Оплата не прошла/);
    expect(visibleText(html)).toContain('Загружаем корзину…');
    expect(html).toContain('id="page-data"');
    const calm = render({
      entry: 'basket',
      Component: BasketPage,
      hydrate: true,
      data: { ...data, paymentFailed: false },
    });
    expect(visibleText(calm)).not.toContain('Оплата не прошла');
  });

  it('shows an empty basket without scripts, and says when the hold ran out during payment', () => {
    const data = { chrome: chrome(), basket: basket(), paymentFailed: false, isIframe: false };
    const html = render({ entry: 'basket', Component: BasketPage, hydrate: true, data });
    expect(visibleText(html)).toContain('В корзине нет билетов.');
    const lapsed = render({
      entry: 'basket',
      Component: BasketPage,
      hydrate: true,
      data: { ...data, paymentFailed: true },
    });
    expect(visibleText(lapsed)).toContain(PAYMENT_FAILED_HOLD_GONE_NOTICE);
  });
});

describe('order complete page', () => {
  const links = {
    tableBookingUrl: 'https://bartello.example/booking/',
    cashbackRegistrationUrl: '/landing/cashback_rules/',
  };

  it('thanks the buyer, lists the tickets with downloads and the e-mail they went to', () => {
    const html = render({
      entry: 'complete',
      Component: OrderCompletePage,
      hydrate: false,
      data: { chrome: chrome(), completion: completion(), timeZone: 'Europe/Moscow', ...links },
    });
    const text = visibleText(html);
    expect(text).toContain('Спасибо за покупку!');
    expect(text).toContain('Заказ № 000041 оплачен. Билеты отправлены на anna@example.com.');
    expect(text).toContain(`Партер, ряд 3, место 7 · 1${NBSP}200${NBSP}₽`);
    expect(html.match(/>Скачать билет</g)).toHaveLength(2);
    expect(html).toContain('href="/order/ticket/T-1.pdf?token=tok"');
    expect(linkHref(html, 'Скачать все билеты')).toBe('/order/tickets/41.pdf?token=tok');
    expect(linkHref(html, 'Зарегистрироваться и получить кешбэк')).toBe('/landing/cashback_rules/');
    expect(linkHref(html, 'Забронировать столик')).toBe('https://bartello.example/booking/');
    expect(html).toContain('data-order-id="41"');
    // The gifts, collected at the venue; the rules and the FAQ (4.12).
    expect(text).toContain('+ 2 подарка к билету — получите на площадке, предъявив билет');
    expect(text).toContain('Кешбэк 5% за билеты');
    expect(linkHref(html, 'Правила программы кешбэка')).toBe('/landing/cashback_rules/');
    expect(linkHref(html, 'Частые вопросы')).toBe('/landing/help_faq/');
    // No cashback registration for an order placed under no cashback partner.
    const plain = render({
      entry: 'complete',
      Component: OrderCompletePage,
      hydrate: false,
      data: {
        chrome: chrome(),
        completion: { ...completion(), cashbackPartner: null },
        timeZone: 'Europe/Moscow',
        ...links,
      },
    });
    expect(plain).not.toContain('Зарегистрироваться и получить кешбэк');
  });

  it('tells a declined payment apart from one being processed', () => {
    const declined = completion({ status: 'new' });
    declined.lastPayment = { status: 'declined', declineReason: 'Недостаточно средств' };
    declined.payAgainUrl = '/payment/bank/41/?token=tok';
    const html = render({
      entry: 'complete',
      Component: OrderCompletePage,
      hydrate: false,
      data: { chrome: chrome(), completion: declined, timeZone: 'Europe/Moscow', ...links },
    });
    expect(visibleText(html)).toContain('Оплата не прошла Заказ № 000041 не оплачен: Недостаточно средств.');
    expect(linkHref(html, 'Вернуться в корзину')).toBe('/shopcart/');
    expect(linkHref(html, 'Оплатить')).toBe('/payment/bank/41/?token=tok');
    expect(linkHref(html, 'Нажимая кнопку "Оплатить", вы принимаете условия пользовательского соглашения.')).toBe(
      '/landing/useragreement/',
    );
    expect(html).not.toContain('Скачать');
    const pending = completion({ status: 'new' });
    pending.lastPayment = { status: 'pending', declineReason: null };
    const processing = render({
      entry: 'complete',
      Component: OrderCompletePage,
      hydrate: false,
      data: { chrome: chrome(), completion: pending, timeZone: 'Europe/Moscow', ...links },
    });
    expect(visibleText(processing)).toContain('Платёж обрабатывается');
    expect(processing).toContain('data-order-state="processing"');
  });

  const venue = { name: 'Малый театр', address: 'Театральная пл., 1' };
  /** Printed tickets handed over this way: no PDFs (the server answers them so). */
  const printed = (c: ReturnType<typeof completion>, handOver: ReturnType<typeof completion>['handOver']) => ({
    ...c,
    tickets: c.tickets.map((t) => ({ ...t, pdfUrl: null })),
    allTicketsPdfUrl: null,
    handOver,
  });
  const atBoxOffice = (payThere: boolean, until: string): ReturnType<typeof completion>['handOver'] => ({
    kind: 'boxOffice',
    payThere,
    venues: [venue],
    until,
    timeZone: 'Europe/Moscow',
  });
  const page = (c: ReturnType<typeof completion>) =>
    render({
      entry: 'complete',
      Component: OrderCompletePage,
      hydrate: false,
      data: { chrome: chrome(), completion: c, timeZone: 'Europe/Moscow', ...links },
    });

  it('offers no PDF for tickets collected at the box office: says where and until when (4.12)', () => {
    const html = page(printed(completion(), atBoxOffice(false, '2030-03-10T16:00:00.000Z')));
    const text = visibleText(html);
    expect(html).not.toContain('Скачать');
    expect(text).toContain('Заказ № 000041 оплачен. Письмо с заказом отправлено на anna@example.com.');
    expect(text).toContain(
      'Билеты ждут вас в кассе площадки «Малый театр»: назовите кассиру номер заказа № 000041 и фамилию покупателя.',
    );
    expect(text).toContain('Получите их до начала мероприятия: 10 марта, вс, 19:00.');
    expect(text).toContain('Малый театр, Театральная пл., 1');
  });

  it('shows a cash booking as placed, to be paid at the box office by its deadline; a courier’s address', () => {
    const booking = printed(completion({ status: 'new', paidAt: null }), atBoxOffice(true, '2030-03-04T09:30:00.000Z'));
    const html = page({ ...booking, tickets: [], lastPayment: null });
    const text = visibleText(html);
    expect(html).toContain('data-order-state="booking"');
    expect(text).toContain('Бронь оформлена');
    expect(text).toContain('Оплатите и получите билеты в кассе площадки «Малый театр» до 04.03.2030 12:30');
    expect(text).not.toContain('Платёж обрабатывается');
    expect(html).not.toContain('Скачать');

    const delivered = page(
      printed(completion(), { kind: 'courier', address: 'ул. Арбат, 1, кв. 2', metroName: 'Арбатская' }),
    );
    expect(visibleText(delivered)).toContain(
      'Курьер привезёт билеты по адресу: ул. Арбат, 1, кв. 2 (м. Арбатская). Перед приездом он позвонит вам.',
    );
    expect(delivered).not.toContain('Скачать');
  });
});

describe('landing pages, 404 and 500', () => {
  const ctx = { chrome: chrome({ path: '/landing/help_faq/' }), deps: { config: { holdMinutes: 15 } } } as never;

  it('has the user agreement, the FAQ and the cashback rules in Russian', () => {
    const agreement = visibleText(renderPage(renderContext, landingPage(ctx, 'useragreement')));
    expect(agreement).toContain('Пользовательское соглашение');
    expect(agreement).toContain('Возврат билетов');
    const faq = renderPage(renderContext, landingPage(ctx, 'help_faq'));
    expect(visibleText(faq)).toContain('Выбранные места бронируются на 15 минут.');
    expect(faq).toContain('aria-current="page">Вопросы и ответы');
    const cashback = visibleText(renderPage(renderContext, landingPage(ctx, 'cashback_rules')));
    expect(cashback).toContain('Билеты на все мероприятия с кешбэком 5%!');
    expect(cashback).toContain('Купить билет с Кешбэком');
    expect(renderPage(renderContext, landingPage(ctx, 'cashback_rules'))).toContain(
      '<title>Правила программы кешбэка | Partera</title>',
    );
  });

  it('has a Russian 404 page with a way home', () => {
    const html = renderPage(renderContext, notFoundPage(ctx));
    expect(visibleText(html)).toContain('Страница не найдена');
    expect(linkHref(html, 'На главную')).toBe('/');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(visibleText(renderPage(renderContext, { ...notFoundPage(ctx), Component: NotFoundPage }))).toContain('404');
  });

  it('has a 500 page that needs no database', () => {
    const html = renderPage(renderContext, serverErrorPage('+7 495 000-00-00'));
    expect(visibleText(html)).toContain('Что-то пошло не так');
    expect(visibleText(html)).toContain('+7 495 000-00-00');
  });
});
