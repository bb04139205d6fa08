import { expect, type Page, test } from '@playwright/test';
import { addFirstFreePlace, fillGuestForm, openClubPerformance, siteFrame } from '../../e2e-support/frame.js';
import { FOREIGN_URL, SITE_URL, TELECOM_URL } from '../../playwright.config.js';

/** In the frame: one place in the basket, the guest form filled, pay pressed (spec 4.8). */
async function orderInTheFrame(page: Page, cashback?: number) {
  // The orderToken as the partner page receives it (a DOM event bubbling from the loader's element).
  await page.addInitScript(() => {
    document.addEventListener('partera:order-token', (e) => {
      (window as unknown as { orderToken: string }).orderToken = (e as CustomEvent).detail.token;
    });
  });
  await page.goto(`${TELECOM_URL}/${cashback === undefined ? '' : `?cashback=${cashback}`}`);
  const frame = siteFrame(page);
  await expect(page.locator('[data-partera-widget] iframe')).toBeVisible();
  await openClubPerformance(frame);
  await addFirstFreePlace(frame);
  await frame.locator('a[data-basket-link]').click();
  await expect(frame.getByText(/Итого: 1 билет/)).toBeVisible();
  await frame.locator('input[type="radio"][value="card"]').check();
  const eticket = frame.locator('input[type="radio"][value="eticket"]');
  if ((await eticket.count()) > 0) await eticket.check();
  await fillGuestForm(frame);
  await frame.getByRole('button', { name: /Перейти к оплате|Оплатить/ }).click();
  // No bank: the site hands the order to the partner's own pay flow and waits for it.
  await expect(frame.getByText('Оплатите заказ в приложении Демо-оператор связи')).toBeVisible();
  await expect(frame.locator('iframe[name="pt-bank-frame"]')).toHaveCount(0);
  return frame;
}

test('the telecom partner takes the payment in its own flow and the frame shows the tickets', async ({ page }) => {
  const frame = await orderInTheFrame(page, 7);
  // The partner page got the orderToken and its back end read the order, signed, from our server.
  const wallet = page.locator('#wallet');
  await expect(wallet).toBeVisible();
  await expect(page.locator('#wallet-amount')).toHaveText(/\d[\d\s\u00a0]*(,\d+)?\s?₽/);
  // The cashback of the frame URL's cashback_value (7 %), within the registered 10 %.
  await expect(page.locator('#wallet-cashback')).toContainText('7%');
  await page.locator('#wallet-pay').click();
  await expect(page.locator('#wallet-status')).toHaveText('Оплачено. Билеты откроются в окне продажи.');
  // The site learnt of the payment from the partner's signed call and issued the tickets.
  await expect(frame.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible({ timeout: 20_000 });
  await expect(frame.locator('a[href*="/order/ticket/"]')).toHaveCount(1);
});

test('a payment the buyer declines in the partner app can be tried again', async ({ page }) => {
  const frame = await orderInTheFrame(page);
  await expect(page.locator('#wallet-cashback')).toContainText('10%');
  const firstToken = await page.evaluate(() => document.getElementById('wallet-order')?.textContent);
  await page.locator('#wallet-decline').click();
  await expect(page.locator('#wallet-status')).toHaveText('Оплата отменена. В окне продажи можно попробовать ещё раз.');
  await expect(frame.getByText('Абонент отказался от оплаты в приложении оператора')).toBeVisible({
    timeout: 20_000,
  });
  await frame.getByRole('button', { name: 'Оплатить ещё раз' }).click();
  await expect(page.locator('#wallet-status')).toHaveText('');
  await expect(page.locator('#wallet-order')).toHaveText(firstToken!);
  await page.locator('#wallet-pay').click();
  await expect(frame.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible({ timeout: 20_000 });
});

test('a confirmation without the partner secret is refused', async ({ page, request }) => {
  await orderInTheFrame(page);
  await expect(page.locator('#wallet-pay')).toBeEnabled();
  const orderToken = await page.evaluate(() => (window as unknown as { orderToken: string }).orderToken);
  expect(orderToken).toMatch(/^[0-9a-f-]{36}$/);
  const forged = await request.post(`${SITE_URL}/payment/callback/mts_pay/`, {
    headers: {
      'x-partera-partner': 'demo-telecom-hash',
      'x-partera-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-partera-signature': '0'.repeat(64),
    },
    data: { orderToken, eventId: 'forged-1', status: 'succeeded', amount: '1' },
  });
  expect(forged.status()).toBe(403);
  await page.waitForTimeout(3500);
  await expect(siteFrame(page).getByText('Оплатите заказ в приложении Демо-оператор связи')).toBeVisible();
  await expect(siteFrame(page).getByRole('heading', { name: 'Спасибо за покупку!' })).toHaveCount(0);
});

test('the partner page with a wrong hash is refused, and a third origin cannot fake an orderToken', async ({
  page,
}) => {
  let tokens = 0;
  await page.exposeFunction('countToken', () => {
    tokens += 1;
  });
  await page.addInitScript(() => {
    document.addEventListener('partera:order-token', () => (window as unknown as { countToken(): void }).countToken());
  });
  // The right hash, but a third-origin frame on the page forges the channel's messages.
  await page.goto(`${TELECOM_URL}/?spoof=${encodeURIComponent(FOREIGN_URL)}`);
  await expect(page.locator('[data-partera-widget] iframe')).toBeVisible();
  await page.waitForTimeout(2000);
  expect(tokens).toBe(0);
  await expect(page.locator('#wallet')).toBeHidden();

  // A wrong hash: the site never shows itself on this page.
  await page.goto(`${TELECOM_URL}/?hash=not-the-telecom-hash`);
  await expect(siteFrame(page).locator('body:not(.lite-layout)')).toBeAttached({ timeout: 15_000 });
  await page.waitForTimeout(1500);
  await expect(page.locator('[data-partera-widget] iframe')).toHaveCSS('visibility', 'hidden');
});
