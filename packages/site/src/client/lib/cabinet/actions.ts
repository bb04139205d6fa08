/**
 * The promotions tab (site-browsing-account.md 2.15 Promotions, 4 Promotions, 7, 9 reward labels).
 * The cabinet is for signed-in buyers only, so the page's load runs the actualize call (it joins
 * the buyer to the promotions running today; a guest never gets here), then lists the buyer's
 * promotions from ?list, each linking to its detail /private/promotions/?view&id={program_id}.
 */
import { type Promotion, rewardLabel } from '@partera/contract';
import { metaContent } from '../forms.js';
import { sitePath } from '../site-path.js';
import type { CabinetPanel } from './panel.js';

const FAILED = 'Не удалось загрузить акции. Попробуйте позже.';

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(sitePath(url), {
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-csrf-token': metaContent(document, 'csrf-token') },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function promotionItem(p: Promotion): HTMLLIElement {
  const item = el('li', 'promotions__item');
  item.dataset.promotion = String(p.program_id);
  const link = el('a', 'promotions__link', p.name);
  link.href = sitePath(`/private/promotions/?view&id=${p.program_id}`);
  const title = el('h3', 'promotions__name');
  title.append(link);
  item.append(
    el('p', 'promotions__reward', rewardLabel(p.reward_type_code, p.reward_value)),
    title,
    el('p', 'promotions__text', p.description),
  );
  if (p.dt) item.append(el('p', 'promotions__date', `Действует с ${p.dt}`));
  return item;
}

function render(panel: HTMLElement, list: Promotion[]): void {
  const heading = el('h2', 'bonus__title', 'Мои акции');
  if (list.length === 0) {
    panel.replaceChildren(heading, el('p', 'bonus__empty', 'Сейчас нет акций, в которых вы участвуете.'));
    return;
  }
  const ul = el('ul', 'promotions');
  ul.append(...list.map(promotionItem));
  panel.replaceChildren(heading, ul);
}

export const panel: CabinetPanel = {
  async mount(panel) {
    try {
      // The actualize answer is not shown: a failure there still lists what the buyer has.
      await getJson('/private/promotions/?actualize').catch(() => null);
      const answer = await getJson<{ result: boolean; list: Promotion[]; message?: string }>(
        '/private/promotions/?list',
      );
      if (!answer.result) throw new Error(answer.message ?? FAILED);
      render(panel, answer.list);
    } catch {
      const error = el('p', 'form-error', FAILED);
      error.setAttribute('role', 'alert');
      panel.replaceChildren(error);
    }
  },
};
