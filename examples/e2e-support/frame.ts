import type { FrameLocator, Page } from '@playwright/test';
import { addPlace, CLUB_SHOW, freePlaces, payWithSandboxCard as payInBank } from '../../packages/site/e2e/helpers.js';
import { planReady } from '../../packages/site/e2e/plan.js';

export { CLUB_SHOW };

/** The ticket site inside the partner page (the loader's frame). */
export const siteFrame = (page: Page, container = '[data-partera-widget]'): FrameLocator =>
  page.frameLocator(`${container} iframe`);

/** Where the widgets are: the site's frame in a partner page, or a page that mounts them itself. */
export type WidgetScope = FrameLocator | Page;

/** On a show page in the frame, its first date's hall page: at 575 px the dates are in the 'Даты' tab, opened first. */
export async function openFirstDate(frame: FrameLocator): Promise<void> {
  // The show page first (its tabs): asked while the frame still shows the page before, the tab
  // reads as hidden and the date link found is that page's, gone when the frame navigates.
  await frame.locator('.show-tabs').first().waitFor();
  const mobileTab = frame.locator('.show-tabs__tab--mobile');
  if (await mobileTab.isVisible()) await mobileTab.click();
  await frame.locator('a[href*="/performance/"]:visible').first().click();
}

/** Inside the frame: the show page of the club concert, then its first date's hall plan. */
export async function openClubPerformance(frame: FrameLocator): Promise<void> {
  await frame.getByRole('link', { name: CLUB_SHOW }).first().click();
  await openFirstDate(frame);
  await planReady(frame);
}

/** Puts the first free place of the plan in the basket (a click, or the tooltip's button). */
export async function addFirstFreePlace(frame: WidgetScope): Promise<void> {
  await planReady(frame);
  const [id] = await freePlaces(frame);
  await addPlace(frame, id!);
}

/** The basket's guest form, filled in; the pay button is not pressed yet. */
export async function fillGuestForm(frame: WidgetScope): Promise<void> {
  await frame.getByLabel('E-mail').fill('olga.smirnova@example.ru');
  await frame.getByLabel('Имя').fill('Ольга');
  await frame.getByLabel('Фамилия').fill('Смирнова');
}

/** The sandbox bank's card form inside the checkout (a frame in the frame, or in the React page). */
export async function payWithSandboxCard(scope: WidgetScope, card = '4111 1111 1111 1111'): Promise<void> {
  await payInBank(scope, card, 'OLGA SMIRNOVA');
}
