/**
 * The hall page for people who do not use a pointer (issue: the hall, section 3): axe-core finds
 * no serious or critical violation on the hall page in each of its modes (the plan, a seat's
 * tooltip, the section list and best-available tools, the list alternative), and a seat can be
 * put in the basket with the keyboard alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { openClubPerformance } from './helpers.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Serious and critical violations inside the hall widget (the page's own parts have their own tests). */
async function hallViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's devtools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  const found = (await page.evaluate(
    `axe.run(document.querySelector('.pt-hall'), { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('hall: axe finds no serious or critical violation in any mode of the hall page', async ({ page }) => {
  await openClubPerformance(page);
  expect(await hallViolations(page)).toEqual([]);

  // The tools over the plan, opened.
  await page.getByText('Секторы', { exact: true }).click();
  await page.getByText('Лучшие места', { exact: true }).click();
  expect(await hallViolations(page)).toEqual([]);

  // The list alternative, with the standing area's counter open from it.
  await page.getByRole('button', { name: 'Списком' }).click();
  const list = page.locator('.pt-list');
  await expect(list).toBeVisible();
  await list.locator('.pt-list-entrance').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await hallViolations(page)).toEqual([]);
});

test('hall: a seat goes into the basket with the keyboard alone, from the list alternative', async ({ page }) => {
  await openClubPerformance(page);
  // Tab to 'Списком' and open it with Enter.
  const toggle = page.getByRole('button', { name: 'Списком' });
  for (let i = 0; i < 40 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  // On through the list: a closed section opens on Enter, a seat goes into the basket on Enter.
  const active = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el?.closest('.pt-list')) return 'outside';
      if (el.tagName === 'SUMMARY') return (el.parentElement as HTMLDetailsElement).open ? 'open-summary' : 'summary';
      return el.classList.contains('pt-list-place') ? 'place' : 'other';
    });
  for (let i = 0; i < 80 && (await active()) !== 'place'; i++) {
    if ((await active()) === 'summary') await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  }
  expect(await active()).toBe('place');
  const seat = page.locator('.pt-list-place:focus');
  const name = await seat.getAttribute('aria-label');
  await page.keyboard.press('Enter');
  // A seat of one tariff goes straight in (one with several asks for the tariff first).
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible()) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('button', { name: name!, pressed: true })).toBeVisible();
  await expect(page.locator('.pt-sr-only[aria-live]')).toContainText('Добавлено в корзину');
  await expect(page.locator('.hall-basket__count')).toHaveText(/В корзине 1 билет/);
});
