import { expect, type Page } from '@playwright/test';
import { openFirstDate } from './helpers.js';
import { planReady } from './plan.js';

/**
 * The end of every browsing path of issue 13's proof: from a show page, the first date's hall
 * page, with the show's name in its heading (and the venue's, when given) and its plan drawn.
 * At 575 px the dates are in the 'Даты' tab, which openFirstDate opens first.
 */
export async function reachHallFromShowPage(page: Page, show: string, venue?: string): Promise<void> {
  await expect(page).toHaveURL(/\/show\/[^/]+\/$/);
  await openFirstDate(page);
  await expect(page).toHaveURL(/\/performance\/\d+\/$/);
  await expect(page.locator('h1.hall-head__title')).toContainText(show);
  if (venue) await expect(page.locator('.hall-facts')).toContainText(venue);
  await planReady(page);
}
