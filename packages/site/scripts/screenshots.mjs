/**
 * Screenshots of the site's pages at the desktop and the 575 px mobile width, for a look at the
 * layout (not a test). Needs a running preview (scripts/dev-preview.ts) and Debian's Chromium.
 *
 *   node packages/site/scripts/screenshots.mjs [baseUrl] [outDir]
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3100';
const out = process.argv[3] ?? 'screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

async function firstHref(page, selector) {
  await page.goto(`${base}/`);
  return page.locator(selector).first().getAttribute('href');
}

const probe = await browser.newPage();
const showUrl = await firstHref(probe, '.poster-card__link');
const hallUrl = await firstHref(probe, '.poster-card__foot a');
await probe.close();

const pages = [
  ['home', '/'],
  ['show', showUrl],
  ['hall', hallUrl],
  ['basket', '/shopcart/'],
  ['basket-failed', '/shopcart/?payment=failed'],
  ['faq', '/landing/help_faq/'],
  ['404', '/no/such/page/'],
];

for (const [width, label] of [
  [1280, 'desktop'],
  [575, 'mobile'],
]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  for (const [name, path] of pages) {
    if (!path) continue;
    if (name === 'basket') await putTicketsInBasket(page, hallUrl);
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: true });
    await page.screenshot({ path: `${out}/${name}-${label}-top.png` });
  }
  if (errors.length) console.log(label, 'browser errors:', errors);
  await context.close();
}
await browser.close();

/** Two tickets of the hall page's performance, through the same calls the seat map makes. */
async function putTicketsInBasket(page, hall) {
  await page.goto(base + hall);
  const answer = await page.evaluate(async (hallPath) => {
    const meta = (n) => document.querySelector(`meta[name="${n}"]`)?.content ?? '';
    const id = hallPath.match(/\/performance\/(\d+)\//)[1];
    const map = await (await fetch(`/hallview/map/${id}/?json=1`)).json();
    const place = map.places.find((p) => p.state === 0);
    const form = (fields) => new URLSearchParams({ ...fields, _csrf: meta('csrf-token') });
    const headers = { 'x-csrf-token': meta('csrf-token') };
    if (place) {
      return (
        await fetch('/hallPlace/select/', {
          method: 'POST',
          headers,
          body: form({ cypher: place.cypher, tax: place.tariff }),
        })
      ).text();
    }
    const section = map.sections.find((s) => s.seatlessSection && s.placeCount > 1);
    const body = form({
      count: 2,
      performanceId: id,
      sectionId: section.sectionId,
      taxId: section.tariffId,
      ticketPrice: section.price,
    });
    return (await fetch('/hallPlace/entranceTicketsAdd/', { method: 'POST', headers, body })).text();
  }, hall);
  console.log('basket:', answer.slice(0, 160));
  await page.goto(base + hall, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${out}/hall-with-tickets-${page.viewportSize().width}.png`, fullPage: true });
}
console.log(`screenshots in ${out}`);
