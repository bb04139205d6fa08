import { expect, test } from '@playwright/test';
import {
  addFirstFreePlace,
  fillGuestForm,
  openClubPerformance,
  payWithSandboxCard,
  siteFrame,
} from '../../e2e-support/frame.js';
import { FOREIGN_URL, SCRIPT_TAG_URL, SITE_URL } from '../../playwright.config.js';

/** The partner page's event log (index.html writes every loader event there). */
const log = (page: import('@playwright/test').Page) => page.locator('#log');

test('a buyer on the partner page buys a ticket inside the frame, the session travelling in URLs', async ({ page }) => {
  // The site's cookies are SameSite=Lax here (plain http): a browser never sends them to a frame
  // inside another site's page, exactly as where third-party cookies are blocked.
  const cookieHeaders: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(SITE_URL) && r.headers().cookie?.includes('sid=')) cookieHeaders.push(r.url());
  });
  // Every page the frame opens, to check that the buyer keeps one session from start to end.
  const framePages: URL[] = [];
  page.on('framenavigated', (f) => {
    if (f.parentFrame() === page.mainFrame() && f.url().startsWith(SITE_URL)) framePages.push(new URL(f.url()));
  });
  await page.goto(`${SCRIPT_TAG_URL}/`);
  await expect(log(page)).toContainText('ready {}');
  const frame = siteFrame(page);
  // The light layout: no city switch, no full footer; the session travels in the URL.
  await expect(frame.locator('body.lite-layout')).toBeAttached();
  await expect(frame.locator('.city-switch')).toHaveCount(0);
  const iframe = page.locator('[data-partera-widget] iframe');
  await expect(iframe).toBeVisible();
  expect(new URL((await iframe.getAttribute('src'))!).origin).toBe(SITE_URL);

  await openClubPerformance(frame);
  // The show page told the partner page its showId on the way.
  await expect(log(page)).toContainText(/openShowPage \{"showId":\d+\}/);
  await addFirstFreePlace(frame);
  await frame.locator('a[data-basket-link]').click();
  await expect(frame.getByText(/Итого: 1 билет/)).toBeVisible();
  // Embedded mode: no card is chosen for the buyer.
  await expect(frame.locator('input[type="radio"][value="card"]')).not.toBeChecked();
  await frame.locator('input[type="radio"][value="card"]').check();
  const eticket = frame.locator('input[type="radio"][value="eticket"]');
  if ((await eticket.count()) > 0) await eticket.check();
  await fillGuestForm(frame);
  await frame.getByRole('button', { name: /Перейти к оплате|Оплатить/ }).click();
  await payWithSandboxCard(frame);
  await expect(frame.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('a[href*="/order/ticket/"]')).toHaveCount(1);
  await expect(frame.locator('body.lite-layout')).toBeAttached();

  // No request of the frame carried the session cookie: the session parameter did all the work.
  expect(cookieHeaders).toEqual([]);
  // The loader's first page carries no session. The confirmed handshake moved the buyer to a new,
  // framed session (one reload), and placing the order rotated it once more, so that no id seen
  // before the order can follow it: the pages up to the order carry the first, the order's the second.
  expect(framePages[0]!.searchParams.get('iframe_hash')).toBe('demo-partner-hash');
  expect(framePages[0]!.searchParams.get('sid')).toBeNull();
  expect(framePages.length).toBeGreaterThan(4);
  const sessions = [...new Set(framePages.slice(1).map((u) => u.searchParams.get('sid')))];
  expect(sessions).toHaveLength(2);
  for (const sid of sessions) expect(sid).toMatch(/^[\w-]{24}\.[\w-]{22}$/);
  const complete = framePages.filter((u) => u.pathname === '/order/complete/').at(-1);
  expect(complete?.searchParams.get('sid')).toBe(sessions[1]);
});

test('a registered origin with the wrong hash is refused: the site never shows itself', async ({ page }) => {
  await page.goto(`${SCRIPT_TAG_URL}/?hash=not-the-partner-hash`);
  const frame = siteFrame(page);
  // The site got the wrong hash and left the light layout; it never sent showIframe.
  await expect(frame.locator('body')).toBeAttached();
  await expect(frame.locator('body:not(.lite-layout)')).toBeAttached({ timeout: 15_000 });
  await page.waitForTimeout(1500);
  await expect(log(page)).not.toContainText('ready');
  await expect(page.locator('[data-partera-widget] iframe')).toHaveCSS('visibility', 'hidden');
});

test('a page on an unregistered origin cannot frame the site at all', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors|Refused to frame/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`${FOREIGN_URL}/`);
  await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  await expect(log(page)).not.toContainText('ready');
  // The frame holds no page of the site: the browser refused to render it.
  const framed = page.frames().find((f) => f.url().startsWith(SITE_URL));
  expect(framed ? await framed.locator('body.lite-layout').count() : 0).toBe(0);
});

test('messages forged by a third origin are ignored by the loader and by the site', async ({ page }) => {
  // The loader has the wrong hash, and a third-origin frame on the partner page forges 'showIframe'
  // to the loader and 'sendMyHash:<the right hash>' to the site frame, four times a second.
  await page.goto(`${SCRIPT_TAG_URL}/?hash=not-the-partner-hash&spoof=${encodeURIComponent(FOREIGN_URL)}`);
  await expect(page.locator('#spoof')).toBeAttached();
  await page.waitForTimeout(3000);
  await expect(log(page)).not.toContainText('ready');
  await expect(page.locator('[data-partera-widget] iframe')).toHaveCSS('visibility', 'hidden');
  await expect(siteFrame(page).locator('body.lite-layout')).toHaveCount(0);
});

test('a frame nobody answers reloads after 5 s, gives up at 20 s and reports the failure', async ({ page }) => {
  test.setTimeout(60_000);
  const reports: URL[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${SITE_URL}/uiperformancelog/`)) reports.push(new URL(r.url()));
  });
  await page.goto(`${SCRIPT_TAG_URL}/bare.html`);
  const frame = page.frameLocator('#bare');
  await expect(frame.getByRole('status')).toHaveText(/^Установка соединения с localhost:4000\.\.\.$/);
  await expect(frame.getByRole('status')).toHaveText('Повторная установка соединения...', { timeout: 8_000 });
  expect(page.frames().some((f) => /[?&]iframe_retry=\d+/.test(f.url()))).toBe(true);
  await expect(frame.getByRole('status')).toHaveText('Соединение ... установить не удалось', { timeout: 20_000 });
  await expect.poll(() => reports.length).toBe(1);
  expect(reports[0]!.searchParams.get('iframe_failure')).toBe('1');
  expect(reports[0]!.searchParams.get('loc')).toMatch(new RegExp(`^${SITE_URL}/`));
  expect(reports[0]!.searchParams.get('iframe_msg')).toBeTruthy();
});
