/**
 * Shared look of the widgets. Plain CSS strings (no build step, no CSS-in-JS runtime); every
 * class starts with 'pt-' so a host page's styles and ours do not meet. Colours are custom
 * properties a host may override.
 */
export const uiCss = `
.pt-widget, .pt-widget * { box-sizing: border-box; }
.pt-widget {
  --pt-accent: #d6002a; --pt-accent-text: #fff; --pt-muted: #9a9a9a; --pt-line: #e3e3e3;
  --pt-error: #c40021; --pt-success: #1b7f3b; --pt-radius: 6px;
  font: 16px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1f1f1f;
}
.pt-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.pt-link { color: var(--pt-accent); }
.pt-button { font: inherit; cursor: pointer; border-radius: var(--pt-radius); padding: 10px 18px; border: 1px solid transparent; min-height: 44px; }
.pt-button:focus-visible, .pt-ticket__remove:focus-visible, .pt-toast__close:focus-visible { outline: 3px solid #2f6fed; outline-offset: 2px; }
.pt-button--primary { background: var(--pt-accent); color: var(--pt-accent-text); }
.pt-button--secondary { background: #fff; color: #1f1f1f; border-color: var(--pt-line); }
.pt-button--link { background: none; color: var(--pt-accent); text-decoration: underline; padding: 6px 0; min-height: 0; }
.pt-button:disabled { cursor: default; opacity: .7; }
.pt-overlay { position: fixed; inset: 0; z-index: 1000; display: flex; align-items: center; justify-content: center; background: rgba(0, 0, 0, .45); padding: 16px; }
.pt-dialog { background: #fff; border-radius: var(--pt-radius); max-width: 440px; width: 100%; padding: 24px; box-shadow: 0 12px 40px rgba(0, 0, 0, .25); }
.pt-dialog:focus { outline: none; }
.pt-dialog__title { font-size: 20px; margin: 0 0 12px; }
.pt-dialog__body p { margin: 0 0 20px; }
.pt-dialog__actions { display: flex; gap: 12px; justify-content: flex-end; flex-wrap: wrap; }
.pt-toasts { position: fixed; right: 16px; bottom: 16px; z-index: 1001; display: flex; flex-direction: column; gap: 8px; max-width: calc(100vw - 32px); }
.pt-toast { display: flex; align-items: flex-start; gap: 12px; padding: 12px 16px; border-radius: var(--pt-radius); color: #fff; box-shadow: 0 6px 20px rgba(0, 0, 0, .2); }
.pt-toast--error { background: var(--pt-error); }
.pt-toast--success { background: var(--pt-success); }
.pt-toast__close { background: none; border: 0; color: inherit; font-size: 20px; line-height: 1; cursor: pointer; padding: 0 4px; }
@media (max-width: 575px) {
  .pt-dialog { padding: 20px 16px; }
  .pt-dialog__actions .pt-button { flex: 1 1 auto; }
  .pt-toasts { left: 16px; right: 16px; }
}
`;

/** Adds a style sheet to the document once per id (mounting twice does not duplicate it). */
export function injectCss(id: string, css: string, doc: Document = document): void {
  if (doc.querySelector(`style[data-pt-style="${id}"]`)) return;
  const style = doc.createElement('style');
  style.setAttribute('data-pt-style', id);
  style.textContent = css;
  doc.head.appendChild(style);
}
