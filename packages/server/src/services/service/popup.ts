import { escapeHtml, type POPUP_MODES } from '@partera/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The generic popup (site-browsing-account.md 2.1 and 7 'Service calls', POST /getPopup/): the
 * page sends the message as HTML and its buttons, the server answers the popup's markup in one of
 * three modes (alert: one 'OK'; basic: the message and a close cross; dialog: the buttons given).
 *
 * The message is HTML that came in a request, so it is cleaned to a small allowlist before it is
 * sent back (text formatting, lists, paragraphs and links to http(s) or this site): whoever
 * composes the request, the answer never carries a script, a handler, a style or a frame.
 */

const MESSAGE_ALLOWLIST: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li', 'span', 'a', 'small'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The message cleaned to the allowlist. */
export function cleanPopupMessage(html: string): string {
  return sanitizeHtml(html, MESSAGE_ALLOWLIST);
}

export interface PopupButton {
  text: string;
  /** What the page does on it (a name it knows: 'close', 'ok', …); never code. */
  action: string;
}

/** The buttons as the page sends them: a list of {text, action?}, or a map from action to text. */
export function popupButtons(raw: unknown): PopupButton[] {
  const name = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
  if (Array.isArray(raw)) {
    return raw.map((b, i) => {
      const o = (b ?? {}) as Record<string, unknown>;
      return { text: name(o.text, 'OK'), action: name(o.action ?? o.id, `button${i + 1}`) };
    });
  }
  if (raw && typeof raw === 'object') {
    return Object.entries(raw as Record<string, unknown>).map(([action, v]) => ({
      text: name(typeof v === 'object' && v ? (v as Record<string, unknown>).text : v, action),
      action,
    }));
  }
  return [];
}

/** The popup's markup for a mode (the page's generic popup styles it). */
export function popupHtml(
  mode: (typeof POPUP_MODES)[number],
  message: string,
  buttons: readonly PopupButton[],
  blockId: string | undefined,
): string {
  const id = blockId ? ` id="${escapeHtml(blockId)}"` : '';
  const body = `<div class="popup__message">${cleanPopupMessage(message)}</div>`;
  const button = (b: PopupButton, primary: boolean) =>
    `<button type="button" class="button${primary ? '' : ' button--outline'}" data-popup-action="${escapeHtml(b.action)}">${escapeHtml(b.text)}</button>`;
  const shown =
    mode === 'alert'
      ? [{ text: 'OK', action: 'close' }]
      : mode === 'dialog'
        ? buttons.length > 0
          ? buttons
          : [{ text: 'Закрыть', action: 'close' }]
        : [];
  const actions = shown.length
    ? `<div class="popup__actions">${shown.map((b, i) => button(b, i === shown.length - 1)).join('')}</div>`
    : '';
  const close =
    mode === 'basic'
      ? '<button type="button" class="popup__close" data-popup-action="close" aria-label="Закрыть">×</button>'
      : '';
  return `<div class="popup popup--${mode}" role="${mode === 'basic' ? 'dialog' : 'alertdialog'}" aria-modal="true"${id}>${close}${body}${actions}</div>`;
}
