import { expect, type Page, test } from '@playwright/test';
import { planReady } from '../../../packages/site/e2e/plan.js';
import { addFirstFreePlace, CLUB_SHOW, fillGuestForm, payWithSandboxCard } from '../../e2e-support/frame.js';
import { FOREIGN_REACT_HOST_URL, REACT_HOST_URL, SITE_URL } from '../../playwright.config.js';

/** From the app's list of performances, the club concert's seat map, basket and checkout. */
async function openClubConcert(page: Page): Promise<void> {
  await page.goto(`${REACT_HOST_URL}/`);
  await page.getByRole('link', { name: CLUB_SHOW }).click();
  await expect(page).toHaveURL(/\?performance=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: CLUB_SHOW })).toBeVisible();
  await planReady(page);
}

/** The checkout of one seat: the guest form filled in and the pay button pressed, the bank's card form shown. */
async function checkOutOneSeat(page: Page): Promise<void> {
  await addFirstFreePlace(page);
  // The seat map's basket-state event refreshed the basket and the checkout beside it.
  await expect(page.getByText(/Итого: 1 билет/)).toBeVisible();
  await expect(page.locator('input[type="radio"][value="card"]')).toBeChecked();
  await fillGuestForm(page);
  await page.getByRole('button', { name: /Перейти к оплате|Оплатить/ }).click();
  await expect(page.frameLocator('iframe[name="pt-bank-frame"]').getByLabel('Номер карты')).toBeVisible();
}

test('a buyer on the React app buys a ticket through the widgets, calling the site across origins', async ({
  page,
}) => {
  // Every call of the widgets to the site, to check that the session travels in URLs, never in a cookie.
  const siteCalls: { url: URL; cookie: string | undefined }[] = [];
  page.on('request', (r) => {
    // The widgets' calls from the React app's page (the site's own pages, after the bank, make theirs).
    const fromApp = r.frame() === page.mainFrame() && new URL(r.frame().url()).origin === REACT_HOST_URL;
    if (r.url().startsWith(SITE_URL) && fromApp && r.resourceType() === 'fetch') {
      siteCalls.push({ url: new URL(r.url()), cookie: r.headers().cookie });
    }
  });
  await openClubConcert(page);
  expect(new URL(page.url()).origin).toBe(REACT_HOST_URL);
  await checkOutOneSeat(page);
  await payWithSandboxCard(page);

  // The bank sends the buyer to the site's page of the paid order.
  await expect(page).toHaveURL(new RegExp(`^${SITE_URL}/order/complete/`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(page.locator('a[href*="/order/ticket/"]')).toHaveCount(1);

  const paths = siteCalls.map((c) => c.url.pathname);
  for (const path of ['/spa-api/app/widget-session/', '/hallPlace/select/', '/order/createAnonymousOrder/']) {
    expect(paths).toContain(path);
  }
  expect(siteCalls.filter((c) => c.cookie !== undefined)).toEqual([]);
  // One session up to the order: the one the site handed out (and kept for the tab, so the
  // performance's page asked for it again with its sid). Placing the order rotated it, and every
  // call after the order carries the new one. The hall plan is a public file, and so is the hall's
  // layout the canvas plan draws from (decision 0025): that one is asked without any session.
  const layoutCalls = siteCalls.filter((c) => c.url.pathname.startsWith('/hallview/layout/'));
  expect(layoutCalls.length).toBeGreaterThan(0);
  expect(layoutCalls.filter((c) => c.url.searchParams.has('sid'))).toEqual([]);
  const calls = siteCalls
    .slice(1)
    .filter((c) => !c.url.pathname.startsWith('/media/') && !c.url.pathname.startsWith('/hallview/layout/'));
  const orderAt = calls.findIndex((c) => c.url.pathname === '/order/createAnonymousOrder/');
  const before = new Set(calls.slice(0, orderAt + 1).map((c) => c.url.searchParams.get('sid')));
  const after = new Set(calls.slice(orderAt + 1).map((c) => c.url.searchParams.get('sid')));
  expect([...before]).toHaveLength(1);
  expect([...after]).toHaveLength(1);
  expect([...after][0]).not.toBe([...before][0]);
  for (const sid of [...before, ...after]) expect(sid).toMatch(/^[\w-]{24}\.[\w-]{22}$/);
});

test('the same app on an unregistered origin gets no session: the browser refuses the answer', async ({ page }) => {
  const refused: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(`${SITE_URL}/spa-api/app/widget-session/`)) refused.push(r.failure()?.errorText ?? '');
  });
  await page.goto(`${FOREIGN_REACT_HOST_URL}/`);
  await expect(page.getByRole('alert')).toHaveText(
    'Продажа билетов сейчас недоступна: не удалось подключиться к сайту билетов. Попробуйте обновить страницу позже.',
  );
  expect(refused).toHaveLength(1);
  await expect(page.getByRole('link', { name: CLUB_SHOW })).toHaveCount(0);
  // Nor may it go around the session call: the widgets' own calls are refused to it as well.
  const read = await page.evaluate(
    (url) =>
      fetch(url).then(
        () => 'read',
        () => 'refused',
      ),
    `${SITE_URL}/shopcart/state/`,
  );
  expect(read).toBe('refused');
});

test("a third origin's forged bank message does not complete the payment", async ({ page }) => {
  await openClubConcert(page);
  // The same page with a frame of a third origin that posts 'provider-pay-success' four times a second.
  await page.goto(`${page.url()}&spoof=${encodeURIComponent(FOREIGN_REACT_HOST_URL)}`);
  await planReady(page);
  await page.evaluate((spoofOrigin) => {
    const seen = window as unknown as { forged: number };
    seen.forged = 0;
    window.addEventListener('message', (event) => {
      if (event.origin === spoofOrigin) seen.forged += 1;
    });
  }, FOREIGN_REACT_HOST_URL);
  await checkOutOneSeat(page);

  // The forgeries reach the page while the checkout waits for the bank frame's word…
  await expect.poll(() => page.evaluate(() => (window as unknown as { forged: number }).forged)).toBeGreaterThan(8);
  await page.waitForTimeout(1500);
  // …and change nothing: no success page, the bank's form still waiting for the card.
  expect(new URL(page.url()).origin).toBe(REACT_HOST_URL);
  await expect(page.frameLocator('iframe[name="pt-bank-frame"]').getByLabel('Номер карты')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Оплата банковской картой' })).toBeVisible();
});
