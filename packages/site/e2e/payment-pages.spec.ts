/**
 * The order's payment page beyond the card (decision 0036): SBP by QR code, settled in the
 * sandbox bank's app in another tab while the page polls; the device wallets' availability and
 * the browser wallet's 3-D Secure step in the payment frame. Headless Chromium has no Google Pay
 * behind the Payment Request API, so the wallet test fakes that one browser object (the page's
 * controller, the server and the sandbox bank are the real ones). Screenshots go to /tmp/shots-G/.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openCheckoutWithOneSeat, startGuestPayment } from './helpers.js';

const SHOTS = '/tmp/shots-G';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

/** A guest holds one seat and places the order (card); the bank frame opens. The order's id. */
async function guestOrder(page: Page): Promise<number> {
  await openCheckoutWithOneSeat(page);
  await startGuestPayment(page);
  const bank = page.frameLocator('iframe[name="pt-bank-frame"]');
  const number = await bank
    .getByText(/№\s*\d+/)
    .first()
    .textContent({ timeout: 30_000 });
  return Number(/(\d+)/.exec(number ?? '')![1]);
}

async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test('a buyer pays as a guest by SBP: the QR code, the bank app, and the tickets', async ({ page, context }) => {
  const orderId = await guestOrder(page);
  await page.goto(`/payment/bank/${orderId}/`);
  await expect(page.getByRole('heading', { name: 'Другие способы оплаты' })).toBeVisible();
  // Headless Chromium offers neither wallet: the order page's not-supported texts (8.5, type 1).
  await expect(
    page.getByText(
      'Для совершения оплаты необходимо устройство, поддерживающее Google Pay. Ваше устройство не поддерживает Google Pay.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Для совершения оплаты необходимо устройство, поддерживающее Apple Pay. Ваше устройство не поддерживает Apple Pay.',
    ),
  ).toBeVisible();
  await shot(page, 'bank-page');

  await page.getByRole('button', { name: 'Оплатить через СБП по QR-коду' }).click();
  const qr = page.getByRole('img', { name: 'QR-код для оплаты через СБП' });
  await expect(qr).toBeVisible();
  const mobile = (page.viewportSize()?.width ?? 0) <= 575;
  const appLink = page.getByRole('link', { name: 'Открыть приложение банка' });
  await expect(appLink).toHaveCount(mobile ? 1 : 0);
  await shot(page, 'sbp-qr');

  // What the QR code says: asked again, the same payment's link (one payment per order).
  const payload = mobile
    ? await appLink.getAttribute('href')
    : await page.evaluate(async (id) => {
        const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
        const body = new URLSearchParams({ _csrf: meta('csrf-token') });
        const res = await fetch(`/payment/sbp/${id}/?sid=${meta('session-id')}`, {
          method: 'POST',
          body,
          headers: { 'x-csrf-token': meta('csrf-token'), accept: 'application/json' },
        });
        return (await res.json()).payload as string;
      }, orderId);
  expect(payload).toMatch(/\/sandbox-bank\/sbp\/\?mdOrder=/);

  // The buyer's phone opens the bank's app and pays.
  const phone = await context.newPage();
  await phone.goto(payload!);
  await expect(phone.getByRole('heading', { name: 'Оплата через СБП' })).toBeVisible();
  await shot(phone, 'sbp-bank-app');
  await phone.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(phone.getByText('Оплата прошла успешно')).toBeVisible();
  await phone.close();

  // The page was polling: it opens the paid order by itself.
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Скачать билет:/ })).toHaveCount(1);
  const main = page.locator('#main');
  await expect(main.getByRole('link', { name: 'Частые вопросы' })).toHaveAttribute('href', '/landing/help_faq/');
  await expect(main.getByRole('link', { name: 'Правила программы кешбэка' })).toHaveAttribute(
    'href',
    '/landing/cashback_rules/',
  );
  // The table-booking link opens the restaurant's page with the order's signed token (the
  // restaurant's host answered here: tests reach no outside host).
  await context.route('https://bartello.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Бронирование</title>' }),
  );
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Забронировать столик' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/[?&]token=[\w-]+\.[\w-]+/);
  await tab.close();
  await shot(page, 'complete');
});

test('a buyer pays as a guest with the browser wallet through 3-D Secure in the payment frame', async ({ page }) => {
  // The one faked object: a Payment Request API offering Google Pay, answering a sandbox token
  // for a card without a device cryptogram (PAN_ONLY), which the bank sends through 3-D Secure.
  await page.addInitScript(() => {
    const token = JSON.stringify({
      protocolVersion: 'ECv2',
      signature: 'sandbox',
      signedMessage: JSON.stringify({ paymentMethodDetails: { authMethod: 'PAN_ONLY' } }),
    });
    class FakePaymentRequest {
      async canMakePayment() {
        return true;
      }
      async show() {
        return {
          details: { paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token } } },
          complete: async () => {},
        };
      }
    }
    Object.defineProperty(window, 'PaymentRequest', { value: FakePaymentRequest, configurable: true });
  });
  const orderId = await guestOrder(page);
  await page.goto(`/payment/bank/${orderId}/`);
  await page.getByRole('button', { name: 'Оплатить через Google Pay' }).click();
  const acs = page.frameLocator('iframe[name="pt-acs-frame"]');
  await expect(acs.getByRole('heading', { name: 'Подтверждение покупки' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'wallet-3ds');
  await acs.getByLabel('Код из SMS').fill('12345');
  await acs.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
});
