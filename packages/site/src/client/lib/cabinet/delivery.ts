/**
 * The orders page's per-order delivery forms (site-browsing-account.md 2.15 'Order delivery
 * form', 5 first variant, 8 Per-order delivery): the fields are checked in the spec's order
 * (surname, first name, patronymic, metro, address, phone) before anything is sent, the first
 * failing field is marked red (aria-invalid) with its message; the server checks again and answers
 * 'ok' or the text to show ('Ошибка при оформлении доставки' when it cannot be reached). A removal
 * posts the order's id. Either success reloads the page, which then shows the order as it is.
 */
import {
  type DeliveryField,
  deliveryFormFromFields,
  deliveryMessagesA,
  messages,
  validateDeliveryA,
} from '@partera/contract';
import { postFields, whileBusy } from '../forms.js';

/** The field a server message is about, when it is one of the form's checks. */
const FIELD_OF_MESSAGE = new Map<string, DeliveryField>([
  ...Object.entries(deliveryMessagesA).map(([field, text]) => [text, field as DeliveryField] as const),
  ['Выберите станцию метро из списка', 'metro'],
  ['Укажите телефон полностью, с кодом города или оператора', 'phone'],
]);

/** Posts form fields; the answer's text, or the generic message when the server cannot be reached. */
async function post(url: string, body: URLSearchParams): Promise<string> {
  try {
    const res = await postFields(url, body);
    if (res.status >= 500) return messages.deliveryError;
    return (await res.text()).trim() || messages.deliveryError;
  } catch {
    return messages.deliveryError;
  }
}

function showError(host: HTMLElement, message: string | null, field: DeliveryField | null): void {
  for (const box of host.querySelectorAll<HTMLElement>('[data-field]')) {
    const failing = field !== null && box.dataset.field === field;
    box.classList.toggle('field--invalid', failing);
    box.querySelector('input, select')?.setAttribute('aria-invalid', String(failing));
  }
  const error = host.querySelector<HTMLElement>('[data-form-error]');
  if (error) {
    error.textContent = message ?? '';
    error.hidden = !message;
  }
  if (field) host.querySelector<HTMLElement>(`[data-field="${field}"] input, [data-field="${field}"] select`)?.focus();
}

function enhanceForm(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    const failed = validateDeliveryA(deliveryFormFromFields(Object.fromEntries(data)));
    if (failed) {
      showError(form, failed.message, failed.field);
      return;
    }
    showError(form, null, null);
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      const answer = await post('/private/addDelivery', data);
      if (answer === 'ok') window.location.reload();
      else showError(form, answer, FIELD_OF_MESSAGE.get(answer) ?? null);
    });
  });
}

function enhanceRemove(button: HTMLButtonElement): void {
  const host = button.closest<HTMLElement>('.order-delivery') ?? button.parentElement!;
  button.addEventListener('click', () => {
    void whileBusy(button, async () => {
      const answer = await post(
        '/private/delDelivery',
        new URLSearchParams({ IdOrder: button.dataset.deliveryRemove ?? '' }),
      );
      if (answer === 'ok') window.location.reload();
      else showError(host, answer, null);
    });
  });
}

/** Every delivery form and removal button of the page. */
export function enhanceDeliveries(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-delivery-form]')) enhanceForm(form);
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-delivery-remove]')) enhanceRemove(button);
}
