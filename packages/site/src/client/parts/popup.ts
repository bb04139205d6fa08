/**
 * The generic popup (site-browsing-account.md 2.1) in the browser: opening and closing the
 * server-rendered ones (pages/popup/Popup.tsx, any `[data-popup-open="{id}"]` button), building
 * new ones with every option of the spec's list (`createPopup`), and the debug dialog on
 * Ctrl+Alt+0. A click on the overlay closes a popup unless its overlay clicks are ignored; the
 * close icon and Escape close it too; the close callback runs once per opening.
 */
import { sitePath } from '../lib/site-path.js';

export interface PopupOptions {
  title: string;
  /** Default shown. */
  header?: boolean;
  /** Default shown (when there is footer content). */
  footer?: boolean;
  /** Default not shown. */
  closeIcon?: boolean;
  headerContent?: Node | string;
  footerContent?: Node | string;
  body: Node | string;
  size?: 'small' | 'medium' | 'large';
  theme?: 'light' | 'accent';
  /** 'none' removes the padding. */
  padding?: 'none';
  ignoreOverlayClick?: boolean;
  className?: string;
  onClose?: () => void;
}

const callbacks = new WeakMap<HTMLDialogElement, () => void>();
let serial = 0;

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  return node;
}

/** Closes a popup (its close callback runs from the dialog's own 'close' event). */
export function closePopup(dialog: HTMLDialogElement): void {
  if (dialog.open) dialog.close();
}

/** Opens a popup as a modal; onClose runs once when it closes, however it is closed. */
export function openPopup(dialog: HTMLDialogElement, options: { onClose?: () => void } = {}): void {
  wire(dialog);
  if (options.onClose) callbacks.set(dialog, options.onClose);
  if (!dialog.open) dialog.showModal();
}

/** Builds a popup with the spec's options, appended to the page; open it with `openPopup`. */
export function createPopup(options: PopupOptions, doc: Document = document): HTMLDialogElement {
  const classes = ['popup', `popup--${options.size ?? 'medium'}`, `popup--${options.theme ?? 'light'}`];
  if (options.padding === 'none') classes.push('popup--flush');
  if (options.className) classes.push(options.className);
  const dialog = el(doc, 'dialog', classes.join(' '));
  dialog.id = `popup-${++serial}`;
  dialog.setAttribute('data-popup', '');
  if (options.ignoreOverlayClick) dialog.setAttribute('data-ignore-overlay', '');
  const title = el(doc, 'h2', options.header === false ? 'visually-hidden' : 'popup__title');
  title.id = `${dialog.id}-title`;
  title.textContent = options.title;
  dialog.setAttribute('aria-labelledby', title.id);
  if (options.header === false) dialog.append(title);
  else {
    const header = el(doc, 'div', 'popup__header');
    header.append(title);
    if (options.headerContent) header.append(options.headerContent);
    if (options.closeIcon) {
      const close = el(doc, 'button', 'popup__close');
      close.type = 'button';
      close.setAttribute('data-popup-close', '');
      close.setAttribute('aria-label', 'Закрыть');
      close.textContent = '×';
      header.append(close);
    }
    dialog.append(header);
  }
  const body = el(doc, 'div', 'popup__body');
  body.append(options.body);
  dialog.append(body);
  if (options.footer !== false && options.footerContent) {
    const footer = el(doc, 'div', 'popup__footer');
    footer.append(options.footerContent);
    dialog.append(footer);
  }
  if (options.onClose) callbacks.set(dialog, options.onClose);
  doc.body.append(dialog);
  wire(dialog);
  return dialog;
}

const wired = new WeakSet<HTMLDialogElement>();

/** The close icon, [data-popup-close] links and buttons, the overlay, and the close callback. */
function wire(dialog: HTMLDialogElement): void {
  if (wired.has(dialog)) return;
  wired.add(dialog);
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-popup-close]')) {
      // A link that closes still goes where it points (the cashback popup's button).
      if (!target.closest('a[href]')) event.preventDefault();
      closePopup(dialog);
      return;
    }
    // A click on the backdrop reaches the dialog itself, outside its box.
    if (target !== dialog || dialog.hasAttribute('data-ignore-overlay')) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) closePopup(dialog);
  });
  // Escape is the browser's 'cancel': an ignored overlay keeps the popup for Escape as well.
  dialog.addEventListener('cancel', (event) => {
    if (dialog.hasAttribute('data-ignore-overlay')) event.preventDefault();
  });
  dialog.addEventListener('close', () => {
    const callback = callbacks.get(dialog);
    callbacks.delete(dialog);
    callback?.();
  });
}

/** Every `[data-popup-open="{id}"]` button opens the popup with that id. */
export function wirePopupOpeners(doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-popup-open]');
    if (!opener) return;
    const dialog = doc.getElementById(opener.dataset.popupOpen ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    openPopup(dialog, { onClose: () => opener.focus() });
  });
}

/** The page's build: its entry script's content-hashed name. */
function buildId(doc: Document): string {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
  return src.split('/').pop()?.replace(/\.js$/, '') || 'без сборки';
}

/** The server's time to the page's first byte: rendering it, as the browser measured. */
function renderMs(win: Window): string {
  const nav = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav ? `${Math.round(nav.responseStart - nav.requestStart)} мс` : '—';
}

/**
 * The debug dialog (spec 2.1: Ctrl+Alt+0; its content is ours): what a visitor reads out to
 * support. The build, the city, the session's short fingerprint (never the session id: it signs
 * the browser in; GET /service/getUserDebugInfo/) and how long the page took the server.
 */
export function debugDialog(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  let dialog: HTMLDialogElement | null = null;
  doc.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey && event.altKey && (event.code === 'Digit0' || event.key === '0'))) return;
    event.preventDefault();
    if (dialog?.open) return;
    const list = el(doc, 'dl', 'debug-dialog__list');
    const row = (term: string, value: string) => {
      const dt = el(doc, 'dt', '');
      dt.textContent = term;
      const dd = el(doc, 'dd', '');
      dd.textContent = value;
      list.append(dt, dd);
      return dd;
    };
    row('Сборка', buildId(doc));
    row('Город', doc.querySelector<HTMLElement>('[data-city-name]')?.dataset.cityName ?? '—');
    const session = row('Сессия', '…');
    row('Страница создана за', renderMs(win));
    dialog?.remove();
    dialog = createPopup({ title: 'Отладочная информация', body: list, closeIcon: true, size: 'small' }, doc);
    openPopup(dialog);
    void fetch(sitePath('/service/getUserDebugInfo/'), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then((r) => r.json() as Promise<{ session?: string | null }>)
      .then((info) => {
        session.textContent = info.session ?? 'новая';
      })
      .catch(() => {
        session.textContent = '—';
      });
  });
}

/** Every page's popups: the openers, the debug dialog and, while unanswered, the region question. */
export function startSitePopups(doc: Document = document): void {
  wirePopupOpeners(doc);
  debugDialog(doc);
  if (doc.getElementById('region-data')) void import('./region.js').then((m) => m.startRegion(doc));
  // The popups' buttons answer from now on (browser tests wait for it).
  doc.documentElement.dataset.popupsReady = '';
}
