/**
 * Issue 8, findings 2 and 3 in a real browser: what a page on another site (FOREIGN_URL, a
 * different site from the ticket site on 127.0.0.1) can make a buyer's browser do to the buyer's
 * session. The attacking pages are served on that origin by Playwright itself.
 */
import { expect, type Page, test } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../packages/site/e2e/chromium.js';
import { planReady } from '../../../packages/site/e2e/plan.js';
import { addFirstFreePlace, CLUB_SHOW } from '../../e2e-support/frame.js';
import { FOREIGN_URL, SITE_URL, TELECOM_URL } from '../../playwright.config.js';

// Here both sites are on this machine, and Chromium would stop another site's page from reaching
// a loopback address at all (Local Network Access). On the internet the attacking page and the
// ticket site are both public and nothing in the browser stops the requests: so here neither.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults',
    ],
  },
});

/** Serves `html` at FOREIGN_URL + path, for this page only. */
async function attackerPage(page: Page, path: string, html: string): Promise<string> {
  const url = `${FOREIGN_URL}${path}`;
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  return url;
}

/** The buyer on the ticket site itself: the club concert's plan, one seat in the basket. */
async function buyerWithOneSeat(page: Page): Promise<string> {
  await page.goto(`${SITE_URL}/`);
  await page.getByRole('link', { name: CLUB_SHOW }).first().click();
  await page.locator('a[href^="/performance/"]').first().click();
  await planReady(page);
  await addFirstFreePlace(page);
  const cookie = (await page.context().cookies(SITE_URL)).find((c) => c.name === 'sid');
  expect(cookie).toMatchObject({ sameSite: 'Lax', httpOnly: true });
  return cookie!.value;
}

/**
 * Waits until the browser is done with a request to `url`: its answer's status, or 'withheld'
 * when the browser kept the answer from the page (a JSON answer to an image, say).
 */
function served(page: Page, url: string): Promise<number | 'withheld'> {
  return new Promise((resolve) => {
    page.on('response', (r) => {
      if (r.url() === url) resolve(r.status());
    });
    page.on('requestfailed', (r) => {
      if (r.url() === url) resolve('withheld');
    });
  });
}

async function basketCount(page: Page): Promise<number> {
  const res = await page.request.get(`${SITE_URL}/shopcart/state/`);
  return (await res.json()).ticketCount;
}

test('finding 3: another site’s image, form and link cannot empty the basket or switch the pay flow', async ({
  page,
}) => {
  const sid = await buyerWithOneSeat(page);
  const url = await attackerPage(
    page,
    '/deselect.html',
    `<!doctype html><title>Котики</title>
     <img id="a" src="${SITE_URL}/hallPlace/DeselectAll/">
     <img id="b" src="${SITE_URL}/spa-api/app/iframe-config/?hash=demo-telecom-hash&cashback_value=100">
     <form id="f" method="post" action="${SITE_URL}/hallPlace/deselect/" target="sink"><input name="cypher" value="1"></form>
     <iframe name="sink"></iframe>
     <a id="go" href="${SITE_URL}/hallPlace/DeselectAll/">Смотреть</a>
     <script>document.getElementById('f').submit()</script>`,
  );
  const reached = Promise.all([
    served(page, `${SITE_URL}/hallPlace/DeselectAll/`),
    served(page, `${SITE_URL}/spa-api/app/iframe-config/?hash=demo-telecom-hash&cashback_value=100`),
    served(page, `${SITE_URL}/hallPlace/deselect/`),
  ]);
  await page.goto(url);
  // The requests did reach the site, with whatever cookie the browser sends along. The images'
  // JSON answers are withheld from the page (nosniff: the browser blocks them), the post is refused.
  const [image, , form] = await reached;
  expect(image).toBe('withheld');
  expect(form).toBe(403);
  // A top-level link carries the Lax cookie, but no CSRF token: refused.
  const [answer] = await Promise.all([page.waitForResponse(`${SITE_URL}/hallPlace/DeselectAll/`), page.click('#go')]);
  expect(answer.status()).toBe(403);
  expect(await basketCount(page)).toBe(1);
  // The session is not in a partner's pay flow: the basket page is the ordinary site.
  await page.goto(`${SITE_URL}/shopcart/`);
  await expect(page.locator('body.lite-layout')).toHaveCount(0);
  expect((await page.context().cookies(SITE_URL)).find((c) => c.name === 'sid')?.value).toBe(sid);
});

test('finding 2: a link with someone else’s session id leaves the buyer in their own session', async ({
  page,
  playwright,
}) => {
  const own = await buyerWithOneSeat(page);
  // The attacker's own session, taken from a page of the site as any visitor can.
  const attacker = await playwright.request.newContext();
  const html = await (await attacker.get(`${SITE_URL}/`)).text();
  const planted = /<meta name="session-id" content="([^"]+)">/.exec(html)?.[1];
  expect(planted).toMatch(/^[\w-]{24}\.[\w-]{22}$/);
  await attacker.dispose();

  const url = await attackerPage(
    page,
    '/fixation.html',
    `<!doctype html><a id="go" href="${SITE_URL}/shopcart/?sid=${planted}">Скидка 50 %</a>`,
  );
  await page.goto(url);
  await page.click('#go');
  await expect(page).toHaveURL(/\/shopcart\//);
  await expect(page.getByText(/Итого: 1 билет/)).toBeVisible();
  expect(await page.locator('meta[name="session-id"]').getAttribute('content')).toBe(own);
  expect((await page.context().cookies(SITE_URL)).find((c) => c.name === 'sid')?.value).toBe(own);
  // The same link in a fresh browser starts a session of its own, never the planted one.
  const fresh = await page.context().browser()!.newContext();
  const other = await fresh.newPage();
  await other.goto(`${SITE_URL}/shopcart/?sid=${planted}`);
  expect(await other.locator('meta[name="session-id"]').getAttribute('content')).not.toBe(planted);
  expect((await fresh.cookies(SITE_URL)).find((c) => c.name === 'sid')?.value).not.toBe(planted);
  await fresh.close();
});

test('finding 1: the telecom partner’s frame is trusted only from its own page', async ({ page }) => {
  // The partner's real page: the frame is confirmed and gets the light layout.
  await page.goto(`${TELECOM_URL}/`);
  const frame = page.frameLocator('[data-partera-widget] iframe');
  await expect(frame.locator('body.lite-layout')).toBeAttached();
  // Another site posting the handshake's result itself (with the partner's hash and origin) is
  // refused: no CSRF token, and its Origin is not the ticket site's.
  const url = await attackerPage(page, '/handshake.html', '<!doctype html><title>x</title>');
  await page.goto(url);
  const [answer] = await Promise.all([
    page.waitForResponse(`${SITE_URL}/spa-api/app/iframe-session/`),
    page.evaluate(
      (site) =>
        fetch(`${site}/spa-api/app/iframe-session/`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          body: new URLSearchParams({ hash: 'demo-telecom-hash', parentOrigin: 'http://localhost:4100' }),
        }).then(
          (res) => res.type,
          // The answer itself is withheld from another site (Cross-Origin-Resource-Policy).
          () => 'withheld',
        ),
      SITE_URL,
    ),
  ]);
  expect(answer.status()).toBe(403);
});
