/**
 * The checkout's partner methods in the telecom partner's frame (issue 12; hall-basket-checkout.md
 * 2.3, 4.5, 4.11): the carrier cashback (its accumulate and spend choices; an order that
 * accumulates) and a culture-card (Pushkin card) purchase whose terms question goes to the partner page, which
 * asks the buyer. Payment goes through the partner's own pay flow (4.8), as every payment in this frame.
 */
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { addFirstFreePlace, siteFrame } from '../../e2e-support/frame.js';
import { TELECOM_URL } from '../../playwright.config.js';

/** The demo culture-card show (server seed/codes.ts DEMO_PUSHKIN_SHOWS), by its page. */
const PUSHKIN_SHOW_PAGE = '/show/vishnevyy-sad/';
/** The club concert of the other examples' tests (its show page). */
const CLUB_SHOW_PAGE = '/show/gruppa-nochnye-tramvai/';

/** The partner page with the site in its frame; `start` opens the frame on that page. */
async function telecomPage(page: Page, start?: string): Promise<FrameLocator> {
  await page.goto(`${TELECOM_URL}/${start ? `?start=${encodeURIComponent(start)}` : ''}`);
  // The frame shows once the site answered the loader's handshake (a cold start takes a while).
  await expect(page.locator('[data-partera-widget] iframe')).toBeVisible({ timeout: 45_000 });
  return siteFrame(page);
}

/** The guest's contact fields, with what the method asks for (patronymic, phone, birth date). */
async function fillGuest(frame: FrameLocator, who: { email: string; phone: string; birthDate?: string }) {
  const form = frame.getByRole('group', { name: 'Данные покупателя' });
  await form.getByLabel('E-mail').fill(who.email);
  await form.getByLabel('Имя', { exact: true }).fill('Ольга');
  await form.getByLabel('Фамилия').fill('Смирнова');
  const optional = [
    ['Отчество', 'Игоревна'],
    ['Телефон', who.phone],
    ['Дата рождения', who.birthDate ?? ''],
  ] as const;
  for (const [label, value] of optional) {
    const field = form.getByLabel(label);
    if (value && (await field.count()) > 0) await field.fill(value);
  }
  await form.getByLabel('Фамилия').focus();
}

// A purchase through the frame and the partner app is long on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const payButton = (frame: FrameLocator) => frame.getByRole('button', { name: /^(Перейти к оплате|Оплатить)$/ });

/** The partner app's panel pays the order; the frame shows the tickets. */
async function paidInPartnerApp(page: Page, frame: FrameLocator): Promise<void> {
  await expect(frame.getByText('Оплатите заказ в приложении Демо-оператор связи')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#wallet')).toBeVisible();
  await page.locator('#wallet-pay').click();
  await expect(page.locator('#wallet-status')).toHaveText('Оплачено. Билеты откроются в окне продажи.');
  await expect(frame.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible({ timeout: 20_000 });
}

test('the telecom cashback: accumulated on an order paid in the partner app', async ({ page }) => {
  const frame = await telecomPage(page, CLUB_SHOW_PAGE);
  await frame.locator('a[href*="/performance/"]').first().click();
  await addFirstFreePlace(frame);
  await frame.locator('a[data-basket-link]').click();
  await expect(frame.getByText(/Итого: 1 билет/)).toBeVisible();
  const cashback = frame.getByRole('group', { name: 'Кешбэк' });
  await cashback.getByRole('checkbox').check();
  // 4.5: the cashback checkbox offers accumulating and spending.
  await expect(cashback.getByLabel('Списать кешбэк')).toBeVisible();
  await cashback.getByLabel('Накопить кешбэк').check();
  await fillGuest(frame, { email: 'cashback.guest@example.ru', phone: '9161112233' });
  await payButton(frame).click();
  await paidInPartnerApp(page, frame);
});

test('a culture-card purchase: the terms question goes to the partner page, which agrees', async ({ page }) => {
  // The partner page asks the buyer to agree to the terms (4.11, its own confirm dialog).
  let termsAsked = 0;
  page.on('dialog', (dialog) => {
    termsAsked++;
    expect(dialog.message()).toContain('Пушкинской картой');
    void dialog.accept();
  });
  const frame = await telecomPage(page, PUSHKIN_SHOW_PAGE);
  await frame.locator('a[href*="/performance/"]').first().click();
  await addFirstFreePlace(frame);
  await frame.locator('a[data-basket-link]').click();
  await expect(frame.getByText(/Итого: 1 билет/)).toBeVisible();
  const select = frame.getByRole('combobox', { name: 'Способ оплаты' });
  if (await select.isVisible()) await select.selectOption('pushkin_card');
  else await frame.locator('.pt-checkout input[type="radio"][value="pushkin_card"]').check();
  await fillGuest(frame, { email: 'pushkin.buyer@example.ru', phone: '9162223344', birthDate: '2006-03-15' });
  await payButton(frame).click();
  await expect.poll(() => termsAsked).toBe(1);
  await paidInPartnerApp(page, frame);
});
