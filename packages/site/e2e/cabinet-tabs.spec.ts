import { expect, test } from '@playwright/test';
import { registerBuyer } from './helpers.js';

/** The cabinet's tabs as /private/ lists them (orders is a page of its own). */
const HASH_TABS = [
  { name: 'bonus', label: 'Бонусы' },
  { name: 'actions', label: 'Акции' },
  { name: 'review', label: 'Отзывы' },
  { name: 'replace-and-reschedule', label: 'Возврат билетов' },
  { name: 'mts-cash-back', label: 'Кешбэк' },
] as const;

test('account: the cabinet’s tabs follow the hash (#tb_{name} on a desktop, #{name} on a phone), each loading once', async ({
  page,
}, info) => {
  const phone = info.project.name !== 'desktop';
  const email = `e2e.tabs.${info.project.name}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Анна', surname: 'Каренина', back: '/private/' });
  await page.goto('/private/');
  const tabs = page.getByRole('navigation', { name: 'Разделы кабинета' });
  const panel = (name: string) => page.locator(`[data-tab-panel="${name}"]`);
  await expect(panel('profile')).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Профиль' })).toHaveAttribute('aria-current', 'page');

  for (const tab of HASH_TABS) {
    await tabs.getByRole('link', { name: tab.label }).click();
    await expect(page).toHaveURL(new RegExp(`/private/#${phone ? '' : 'tb_'}${tab.name}$`));
    await expect(panel(tab.name)).toBeVisible();
    await expect(panel('profile')).toBeHidden();
    await expect(tabs.getByRole('link', { name: tab.label })).toHaveAttribute('aria-current', 'page');
    // Loaded (a fragment of the server, or the tab's own list): no spinner, no error.
    await expect(panel(tab.name).locator('[data-panel-loading]')).toHaveCount(0);
    await expect(panel(tab.name).getByText(/^Не удалось загрузить/)).toHaveCount(0);
  }

  // Back goes through the tabs the buyer opened; the profile again without a hash tab.
  await page.goBack();
  await expect(panel('replace-and-reschedule')).toBeVisible();
  await tabs.getByRole('link', { name: 'Профиль' }).click();
  await expect(panel('profile')).toBeVisible();

  // A tab's address opens it directly, in either form.
  await page.goto('/private/#tb_review');
  await expect(panel('review')).toBeVisible();
  await page.goto('/private/#bonus');
  await expect(panel('bonus')).toBeVisible();

  // Orders is a page; its hash tabs lead back to /private/.
  await tabs.getByRole('link', { name: 'Заказы' }).click();
  await expect(page).toHaveURL(/\/private\/orders$/);
  await tabs.getByRole('link', { name: 'Акции' }).click();
  await expect(page).toHaveURL(/\/private\/#tb_actions$/);
  await expect(panel('actions')).toBeVisible();
  await page.goto('/private/orders#tb_bonus');
  await expect(page).toHaveURL(/\/private\/#tb_bonus$/);
  await expect(panel('bonus')).toBeVisible();
});
