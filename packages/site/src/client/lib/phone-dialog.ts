/**
 * The view of the phone confirmation flow (phone-flow.ts): a form that shows the number step
 * (country, masked number) or the PIN step, inside any element (the cabinet's sub-form) or a
 * dialog (the purchase's check: a seat answered 212, 216 or 631, or an order 113; once the phone
 * is confirmed the dialog closes and the refused action runs again). Loaded on demand.
 */
import {
  applyPhoneMask,
  DEFAULT_PHONE_COUNTRY,
  formatPhone,
  messages,
  phoneMaskPlaceholder,
  RU_PHONE_MASK,
} from '@partera/contract';
import { metaContent, postForm } from './forms.js';
import { PhoneFlow, type PhoneFlowApi, type PhoneFlowState } from './phone-flow.js';
import { sitePath } from './site-path.js';

const api: PhoneFlowApi = {
  post: (url, form) => postForm(url, new URLSearchParams(form)),
  get: async (url) => {
    const res = await fetch(sitePath(url), {
      credentials: 'same-origin',
      headers: { 'x-csrf-token': metaContent(document, 'csrf-token') },
    });
    return res.json();
  },
};

interface Country {
  code: string;
  label: string;
  mask: string;
}

const FALLBACK_COUNTRIES: Country[] = [{ code: DEFAULT_PHONE_COUNTRY, label: 'Россия +7', mask: RU_PHONE_MASK }];

/** The server's country list (HTML options); if it cannot be loaded, RU +7 alone. */
async function loadCountries(doc: Document): Promise<Country[]> {
  try {
    const res = await fetch(sitePath('/phone/getcountrycodes/'), { credentials: 'same-origin' });
    if (!res.ok) return FALLBACK_COUNTRIES;
    const select = doc.createElement('select');
    select.innerHTML = await res.text();
    const list = [...select.options].map((o) => ({
      code: o.value,
      label: o.textContent ?? o.value,
      mask: o.dataset.mask ?? RU_PHONE_MASK,
    }));
    return list.length > 0 ? list : FALLBACK_COUNTRIES;
  } catch {
    return FALLBACK_COUNTRIES;
  }
}

/** '+7(999) 999-99-99' → '+7(___) ___-__-__': the dialing code stays, the slots show as blanks. */
function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props);
  node.append(...children);
  return node;
}

/** One step's form content, with the parts a later state of the same step updates in place. */
interface StepView {
  key: string;
  nodes: Node[];
  error: HTMLElement;
  submit: HTMLButtonElement;
  onSubmit: () => void;
  /** What the buyer typed, carried into the same step built again (another country). */
  typed: () => string;
}

/**
 * Renders the flow into `host` and keeps it current. `onDone` runs once the phone is confirmed;
 * `onCancel` (when given) adds a 'Отмена' button. A state of the same step (busy, an error)
 * updates the form in place, so what the buyer typed stays.
 */
export function mountPhoneFlow(
  host: HTMLElement,
  flow: PhoneFlow,
  opts: {
    intro?: string;
    /** A change of a confirmed number: the number it replaces, shown beside the new one at the code. */
    current?: string;
    onDone: (message: string) => void;
    onCancel?: () => void;
  },
): void {
  const doc = host.ownerDocument;
  let countries = FALLBACK_COUNTRIES;
  let view: StepView | null = null;
  const form = el(doc, 'form', { className: 'auth-form phone-flow', noValidate: true });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    view?.onSubmit();
  });
  host.replaceChildren(form);

  const common = (submitLabel: string) => ({
    error: el(doc, 'p', { className: 'auth-form__error', role: 'alert', hidden: true }),
    submit: el(doc, 'button', { type: 'submit', className: 'button' }, [submitLabel]),
    intro: opts.intro ? [el(doc, 'p', { className: 'phone-flow__intro' }, [opts.intro])] : [],
    cancel: opts.onCancel
      ? [el(doc, 'button', { type: 'button', className: 'button button--outline', onclick: opts.onCancel }, ['Отмена'])]
      : [],
  });
  const field = (label: string, control: HTMLElement) =>
    el(doc, 'label', { className: 'field' }, [el(doc, 'span', { className: 'field__label' }, [label]), control]);

  const numberStep = (state: Extract<PhoneFlowState, { step: 'number' }>, carried: string): StepView => {
    const { error, submit, intro, cancel } = common('Получить код');
    const country = countries.find((c) => c.code === state.country) ?? countries[0]!;
    const select = el(doc, 'select', { name: 'country', className: 'field__input' });
    for (const c of countries) select.append(el(doc, 'option', { value: c.code, selected: c === country }, [c.label]));
    select.addEventListener('change', () => flow.chooseCountry(select.value));
    const number = el(doc, 'input', {
      name: 'number',
      type: 'tel',
      className: 'field__input',
      autocomplete: 'tel',
      placeholder: phoneMaskPlaceholder(country.mask),
      value: carried ? applyPhoneMask(country.mask, carried) : '',
      required: true,
    });
    number.addEventListener('input', () => {
      number.value = applyPhoneMask(country.mask, number.value);
    });
    return {
      key: `number:${country.code}:${countries.length}`,
      nodes: [
        ...intro,
        field('Страна', select),
        field('Номер мобильного телефона', number),
        error,
        el(doc, 'div', { className: 'auth-form__actions' }, [...cancel, submit]),
      ],
      error,
      submit,
      onSubmit: () => void flow.submitNumber(number.value),
      typed: () => number.value,
    };
  };

  const codeStep = (state: Extract<PhoneFlowState, { step: 'code' }>): StepView => {
    const { error, submit, intro, cancel } = common('Подтвердить');
    const code = el(doc, 'input', {
      name: 'code',
      className: 'field__input phone-flow__code',
      inputMode: 'numeric',
      autocomplete: 'one-time-code',
      maxLength: 4,
      required: true,
    });
    const note = el(doc, 'p', { className: 'auth-form__note', role: 'status' }, [state.note]);
    const link = (label: string, onclick: () => void) =>
      el(doc, 'button', { type: 'button', className: 'link-button', onclick }, [label]);
    const change = state.country === null ? [] : [link('Изменить номер', () => flow.editNumber())];
    // Changing a number (site 2.15, step 2): the old and the new number, then the code.
    const numbers = opts.current
      ? [
          el(doc, 'dl', { className: 'phone-flow__numbers' }, [
            el(doc, 'dt', {}, ['Старый номер']),
            el(doc, 'dd', {}, [opts.current]),
            el(doc, 'dt', {}, ['Новый номер']),
            el(doc, 'dd', {}, [formatPhone(state.number, state.country ?? DEFAULT_PHONE_COUNTRY)]),
          ]),
        ]
      : [];
    return {
      key: `code:${state.number}`,
      nodes: [
        ...intro,
        ...numbers,
        note,
        field('Код из SMS', code),
        error,
        el(doc, 'div', { className: 'phone-flow__links' }, [
          link('Отправить код ещё раз', () => void flow.resend()),
          ...change,
        ]),
        el(doc, 'div', { className: 'auth-form__actions' }, [...cancel, submit]),
      ],
      error,
      submit,
      onSubmit: () => void flow.submitCode(code.value),
      typed: () => code.value,
    };
  };

  const render = (state: PhoneFlowState) => {
    if (state.step === 'done') {
      opts.onDone(state.message);
      return;
    }
    const next =
      state.step === 'number' ? numberStep(state, view?.key.startsWith('number') ? view.typed() : '') : codeStep(state);
    if (next.key !== view?.key) {
      view = next;
      form.replaceChildren(...next.nodes);
      form.querySelector<HTMLInputElement>('input')?.focus();
    } else if (state.step === 'code') {
      // A new code was sent: its note changes, the typed code stays.
      const note = form.querySelector('[role="status"]');
      if (note) note.textContent = state.note;
    }
    view.error.textContent = state.error ?? '';
    view.error.hidden = !state.error;
    view.submit.setAttribute('aria-busy', String(state.busy));
  };

  flow.subscribe(render);
  render(flow.state);
  void loadCountries(doc).then((list) => {
    countries = list;
    if (flow.state.step === 'number' && !flow.state.busy) render(flow.state);
  });
}

/** A phone flow over the site's own calls. */
export function phoneFlowOf(mode: 'add' | 'change'): PhoneFlow {
  return new PhoneFlow(api, mode);
}

/**
 * The purchase's check: a dialog that confirms the account's phone (a PIN to the number it has,
 * or a number first), then closes and runs `retry`.
 */
export function confirmPhoneThenRetry(doc: Document, detail: { message: string; retry: () => Promise<void> }): void {
  doc.querySelector('dialog.phone-dialog')?.remove();
  const body = el(doc, 'div');
  const dialog = el(doc, 'dialog', { className: 'auth-dialog phone-dialog' }, [
    el(doc, 'h2', { className: 'auth-dialog__title' }, ['Подтверждение телефона']),
    body,
  ]);
  dialog.setAttribute('aria-label', 'Подтверждение телефона');
  doc.body.append(dialog);
  const flow = phoneFlowOf('add');
  mountPhoneFlow(body, flow, {
    intro: detail.message || messages.noPhoneOnAccount,
    onCancel: () => dialog.close(),
    onDone: () => {
      dialog.close();
      void detail.retry();
    },
  });
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  void flow.startWithAccountPhone();
}
