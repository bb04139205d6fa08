/**
 * The personal account /private/ (site-browsing-account.md 2.15): the tab named by the hash
 * (#tb_{name} on a desktop, #{name} on a phone; 'orders' is the page /private/orders), and the
 * requisites' sub-forms: opening one hides the requisites block, closing it shows the block again.
 */

import { type CabinetPanel, loadFragment } from './lib/cabinet/panel.js';
import { enhanceDeleteForm, enhanceEmailForm, enhancePasswordForm, enhancePersonalForm } from './lib/cabinet-forms.js';
import { enhancePage } from './lib/enhance.js';
import { routePath, sitePath } from './lib/site-path.js';

enhancePage();
// The orders page's per-order delivery forms.
if (document.querySelector('[data-delivery-form], [data-delivery-remove]'))
  void import('./lib/cabinet/delivery.js').then((m) => m.enhanceDeliveries());

/** The tab a hash names: '#tb_bonus' and '#bonus' both name 'bonus'. */
function tabOfHash(hash: string): string | null {
  const m = /^#(?:tb_)?([a-z-]+)$/.exec(hash);
  return m ? (m[1] ?? null) : null;
}

/** The behaviour of each hash tab, loaded when the tab is first shown. */
const panelModules: Record<string, () => Promise<{ panel: CabinetPanel }>> = {
  bonus: () => import('./lib/cabinet/bonus.js'),
  actions: () => import('./lib/cabinet/actions.js'),
  review: () => import('./lib/cabinet/reviews.js'),
  'replace-and-reschedule': () => import('./lib/cabinet/refunds.js'),
  'mts-cash-back': () => import('./lib/cabinet/cashback.js'),
};

const mounted = new Set<string>();

/** Shows the panel of a tab (the requisites when the hash names none), loading it the first time. */
async function showTab(name: string): Promise<void> {
  const panels = [...document.querySelectorAll<HTMLElement>('[data-tab-panel]')];
  const panel = panels.find((p) => p.dataset.tabPanel === name) ?? panels.find((p) => p.dataset.tabPanel === 'profile');
  if (!panel) return;
  const shown = panel.dataset.tabPanel ?? 'profile';
  for (const p of panels) p.hidden = p !== panel;
  for (const link of document.querySelectorAll<HTMLElement>('[data-tab-link]')) {
    if (link.dataset.tabLink === shown) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (mounted.has(shown)) return;
  mounted.add(shown);
  const { fragment, fragmentFailure } = panel.dataset;
  if (fragment && !(await loadFragment(panel, fragment, fragmentFailure ?? 'Возникла ошибка.'))) {
    mounted.delete(shown);
    return;
  }
  const load = panelModules[shown];
  if (load) await (await load()).panel.mount(panel);
}

function followHash(): void {
  const tab = tabOfHash(window.location.hash);
  if (tab === 'orders') {
    if (routePath(window.location.pathname) !== '/private/orders') window.location.replace(sitePath('/private/orders'));
    return;
  }
  if (routePath(window.location.pathname) === '/private/orders') {
    if (tab) window.location.replace(sitePath(`/private/#tb_${tab}`));
    return;
  }
  void showTab(tab ?? 'profile');
}
followHash();
window.addEventListener('hashchange', followHash);

// A phone (575 px and less) names the tab by #{name}, a desktop by #tb_{name}.
const phone = window.matchMedia('(max-width: 575px)');
for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-tab-link]')) {
  link.addEventListener('click', (event) => {
    const name = link.dataset.tabLink;
    if (!name || name === 'orders' || routePath(window.location.pathname) !== '/private/') return;
    event.preventDefault();
    const hash = phone.matches ? `#${name}` : `#tb_${name}`;
    if (window.location.hash !== hash) window.location.hash = hash;
  });
}

// The wishlist under the requisites (its code loads only where the section is).
const wishlist = document.querySelector<HTMLElement>('[data-wishlist]');
if (wishlist) void import('./lib/wishlist.js').then((m) => m.enhanceWishlist(wishlist));

const requisites = document.querySelector<HTMLElement>('[data-requisites]');

function closeAll(): void {
  for (const form of document.querySelectorAll<HTMLElement>('[data-subform]')) form.hidden = true;
  if (requisites) requisites.hidden = false;
}

/** Opens a sub-form in place of the requisites block. */
function open(name: string): void {
  const form = document.querySelector<HTMLElement>(`[data-subform="${name}"]`);
  if (!form || !requisites) return;
  closeAll();
  requisites.hidden = true;
  form.hidden = false;
  if (name === 'phone') void startPhone(form);
  form.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
}

/** Back to the requisites block, with a note of what changed (or none). */
function done(note: string | null): void {
  closeAll();
  const box = document.querySelector<HTMLElement>('[data-requisites-note]');
  if (box) {
    box.textContent = note ?? '';
    box.hidden = !note;
  }
  requisites?.querySelector<HTMLElement>('h2')?.focus();
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-open]')) {
  button.addEventListener('click', () => open(button.dataset.open ?? ''));
}
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-close]')) {
  button.addEventListener('click', () => done(null));
}

const form = (name: string) => document.querySelector<HTMLFormElement>(`form[data-subform="${name}"]`);
const personal = form('personal');
if (personal) enhancePersonalForm(personal, done);
const password = form('password');
if (password) enhancePasswordForm(password, done);
const email = form('email');
if (email) enhanceEmailForm(email, () => window.location.reload());
const deletion = form('delete');
if (deletion) enhanceDeleteForm(deletion, () => window.location.assign(sitePath('/?account=deleted')));

/** The phone's sub-form is the phone flow's view; a confirmed number reloads the requisites. */
async function startPhone(section: HTMLElement): Promise<void> {
  const host = section.querySelector<HTMLElement>('[data-phone-flow]');
  if (!host) return;
  const { mountPhoneFlow, phoneFlowOf } = await import('./lib/phone-dialog.js');
  const mode = section.dataset.phoneMode === 'change' ? 'change' : 'add';
  mountPhoneFlow(host, phoneFlowOf(mode), {
    current: mode === 'change' ? section.dataset.phoneCurrent : undefined,
    onCancel: () => done(null),
    onDone: () => window.location.reload(),
  });
}
