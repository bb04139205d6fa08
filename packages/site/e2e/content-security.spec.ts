import { expect, type Page, test } from '@playwright/test';
import { addPlace, freePlaces, openClubPerformance, payWithSandboxCard, startGuestPayment } from './helpers.js';

/** What the browser reports when a policy blocks something, or cannot read a header. */
const REPORT = /Content Security Policy|Refused to|Permissions-Policy|Unrecognized feature/i;
const VIOLATION = 'csp-violation:';

/**
 * Collects every CSP violation of the page and of its frames (the checkout's bank frame): the
 * browser's own console reports, and the securitypolicyviolation events, which an init script
 * (run in every frame, outside the pages' policy) forwards to the console.
 */
async function watchPolicies(page: Page): Promise<string[]> {
  const reports: string[] = [];
  await page.addInitScript((marker) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${marker} ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  }, VIOLATION);
  page.on('console', (m) => {
    const text = m.text();
    if (text.startsWith(VIOLATION) || REPORT.test(text)) reports.push(`${m.location().url}: ${text}`);
  });
  return reports;
}

test('finding 8: the whole guest purchase runs under the pages’ and the bank’s policies without a violation', async ({
  page,
}) => {
  const reports = await watchPolicies(page);
  await openClubPerformance(page);
  const [id] = await freePlaces(page);
  await addPlace(page, id!);

  const answer = await page.goto('/shopcart/');
  expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await startGuestPayment(page, 'csp.check@example.ru');
  // The 3-D Secure card: the bank's form page, its confirmation step and its result page with
  // the script that tells the checkout.
  await payWithSandboxCard(page, '4000 0000 0000 3220');
  const bank = page.frameLocator('iframe[name="pt-bank-frame"]');
  await bank.getByLabel('Код из SMS').fill('12345');
  await bank.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  // The seat map and the checkout injected their styles and ran their scripts: the page works.
  await page.goto('/');
  await expect(page.locator('h1, h2').first()).toBeVisible();

  // Not one report: scripts never get 'unsafe-eval', and the browser bundles' zod does not probe
  // for it (packages/contract/bundling/zod-slim.ts).
  expect(reports).toEqual([]);
});
