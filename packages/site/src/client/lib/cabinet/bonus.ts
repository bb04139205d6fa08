/**
 * The bonus tab (site-browsing-account.md 2.15 Bonus tab, Loyalty card activation form, Survey
 * block; 4 Gift reservation, Promo code, Loyalty card; 8 Bonus page, Card activation). The server
 * renders the tab (/private/LoadBonusPage/); this module posts its forms and, after a change of the
 * points, loads the tab again with a note of what happened on top.
 */
import { messages, plural, surveyComplete } from '@partera/contract';
import { metaContent, postForm, showFormError, whileBusy } from '../forms.js';
import { sitePath } from '../site-path.js';
import { type CabinetPanel, loadFragment } from './panel.js';

const FRAGMENT = '/private/LoadBonusPage/';
const POINT_FORMS = ['балл', 'балла', 'баллов'] as const;
const FAILED = 'Возникла ошибка. Попробуйте позже.';

const points = (n: number) => `${n.toLocaleString('ru-RU')} ${plural(n, POINT_FORMS)}`;

/** Loads the tab again, then shows `note` above it. */
async function reload(panel: HTMLElement, note: string | null): Promise<void> {
  if (!(await loadFragment(panel, FRAGMENT, messages.bonusPageLoadError))) return;
  enhance(panel);
  if (!note) return;
  const box = document.createElement('p');
  box.className = 'bonus__notice';
  box.setAttribute('role', 'status');
  box.dataset.bonusNotice = '';
  box.textContent = note;
  panel.querySelector('[data-bonus]')?.prepend(box);
}

/** Gift reservation: a confirm dialog, the label 'Резервирование...', then the tab reloads. */
function enhanceGifts(panel: HTMLElement): void {
  const error = panel.querySelector<HTMLElement>('[data-gift-error]');
  for (const button of panel.querySelectorAll<HTMLButtonElement>('[data-gift-id]')) {
    button.addEventListener('click', async () => {
      if (!window.confirm(messages.confirmReserveGift)) return;
      const label = button.textContent;
      button.textContent = messages.giftReserving;
      button.disabled = true;
      try {
        const res = await fetch(
          sitePath(`/private/selectgift/?giftId=${encodeURIComponent(button.dataset.giftId ?? '')}`),
          {
            credentials: 'same-origin',
            headers: { accept: 'application/json', 'x-csrf-token': metaContent(document, 'csrf-token') },
          },
        );
        const answer = (await res.json()) as { status: string; message?: string };
        if (answer.status === 'success') {
          await reload(panel, 'Подарок зарезервирован.');
          return;
        }
        throw new Error(answer.message ?? FAILED);
      } catch (err) {
        button.textContent = label;
        button.disabled = false;
        if (error) {
          error.textContent = err instanceof Error && err.message.length > 0 ? err.message : FAILED;
          error.hidden = false;
        }
      }
    });
  }
}

/** Promo code: accepted shows the points added; not accepted shows why, and another code may be typed. */
function enhancePromo(panel: HTMLElement): void {
  const form = panel.querySelector<HTMLFormElement>('form[data-promo-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="code"]');
  if (!form || !input) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!code) {
      showFormError(form, 'Введите промокод');
      input.focus();
      return;
    }
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      try {
        const answer = await postForm<{ status: string; add?: number; diff?: number; message?: string }>(
          '/private/promocode/',
          new URLSearchParams({ code }),
        );
        if (answer.status === 'success') {
          await reload(panel, `Промокод принят: начислено ${points(answer.diff ?? 0)}.`);
          return;
        }
        showFormError(form, answer.message ?? FAILED);
      } catch {
        showFormError(form, FAILED);
      }
      input.select();
      input.focus();
    });
  });
}

/** Loyalty card: saving is possible only while the rules checkbox is ticked. */
function enhanceCard(panel: HTMLElement): void {
  const form = panel.querySelector<HTMLFormElement>('form[data-card-form]');
  const accept = form?.querySelector<HTMLInputElement>('[data-card-accept]');
  const save = form?.querySelector<HTMLButtonElement>('[data-card-save]');
  if (!form || !accept || !save) return;
  const sync = () => {
    save.disabled = !accept.checked;
  };
  accept.addEventListener('change', sync);
  sync();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!accept.checked) {
      showFormError(form, messages.cardRulesNotAccepted);
      return;
    }
    void whileBusy(save, async () => {
      try {
        const res = await fetch(sitePath('/private/saveCard'), {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-csrf-token': metaContent(document, 'csrf-token'),
          },
          body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        });
        const text = (await res.text()).trim();
        if (text === 'ok') await reload(panel, messages.cardAdded);
        else showFormError(form, text && !text.startsWith('<') ? text : messages.cardActivationError);
      } catch {
        showFormError(form, messages.cardActivationError);
      }
    });
  });
}

/** Survey: the submit button shows only when every group has a choice; the points earned show after. */
function enhanceSurvey(panel: HTMLElement): void {
  const form = panel.querySelector<HTMLFormElement>('form[data-survey-form]');
  const submit = form?.querySelector<HTMLButtonElement>('[data-survey-submit]');
  if (!form || !submit) return;
  const groups = [...form.querySelectorAll<HTMLFieldSetElement>('[data-survey-group]')];
  const sync = () => {
    submit.hidden = !surveyComplete(
      groups.map((g) => [...g.querySelectorAll<HTMLInputElement>('input')].map((i) => i.checked)),
    );
  };
  form.addEventListener('change', sync);
  sync();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.hidden) return;
    void whileBusy(submit, async () => {
      try {
        const answer = await postForm<{ result: boolean; bonus?: { sum: number }; message?: string }>(
          '/user/processSurvey',
          new FormData(form),
        );
        if (!answer.result) {
          showFormError(form, answer.message ?? FAILED);
          return;
        }
        const sum = answer.bonus?.sum ?? 0;
        await reload(panel, sum > 0 ? `Спасибо за ответы! Начислено ${points(sum)}.` : 'Спасибо за ответы!');
      } catch {
        showFormError(form, FAILED);
      }
    });
  });
}

function enhance(panel: HTMLElement): void {
  enhancePromo(panel);
  enhanceGifts(panel);
  enhanceCard(panel);
  enhanceSurvey(panel);
}

export const panel: CabinetPanel = { mount: enhance };
