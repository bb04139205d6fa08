/**
 * The personal account /private/ (site-browsing-account.md 2.15): the tab named by the hash
 * (#tb_{name} on a desktop, #{name} on a phone; 'orders' is the page /private/orders), and the
 * requisites' sub-forms: opening one hides the requisites block, closing it shows the block again.
 */
import { enhanceDeleteForm, enhanceEmailForm, enhancePasswordForm, enhancePersonalForm } from './lib/cabinet-forms.js';
import { enhancePage } from './lib/enhance.js';

enhancePage();

/** The tab a hash names: '#tb_orders' and '#orders' both name 'orders'. */
function tabOfHash(hash: string): string | null {
  const m = /^#(?:tb_)?([a-z-]+)$/.exec(hash);
  return m ? (m[1] ?? null) : null;
}

function followHash(): void {
  const tab = tabOfHash(window.location.hash);
  if (tab === 'orders' && window.location.pathname !== '/private/orders') window.location.replace('/private/orders');
}
followHash();
window.addEventListener('hashchange', followHash);

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
if (deletion) enhanceDeleteForm(deletion, () => window.location.assign('/?account=deleted'));

/** The phone's sub-form is the phone flow's view; a confirmed number reloads the requisites. */
async function startPhone(section: HTMLElement): Promise<void> {
  const host = section.querySelector<HTMLElement>('[data-phone-flow]');
  if (!host) return;
  const { mountPhoneFlow, phoneFlowOf } = await import('./lib/phone-dialog.js');
  const mode = section.dataset.phoneMode === 'change' ? 'change' : 'add';
  mountPhoneFlow(host, phoneFlowOf(mode), { onCancel: () => done(null), onDone: () => window.location.reload() });
}
