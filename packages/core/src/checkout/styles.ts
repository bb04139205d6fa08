export const checkoutCss = `
.pt-checkout { display: flex; flex-direction: column; gap: 16px; }
.pt-checkout__title { font-size: 24px; margin: 0; }
.pt-choice, .pt-guest { border: 1px solid var(--pt-line); border-radius: var(--pt-radius); padding: 12px 16px 16px; margin: 0; }
.pt-choice__legend { font-weight: 600; padding: 0 4px; }
.pt-choice__option { display: flex; align-items: center; gap: 10px; min-height: 44px; cursor: pointer; }
.pt-choice__option input { width: 20px; height: 20px; accent-color: var(--pt-accent); flex: none; }
.pt-choice__option--off { cursor: default; color: #777; }
.pt-choice__text { display: flex; flex-direction: column; gap: 2px; padding: 6px 0; }
.pt-choice__hint { font-size: 13px; color: #666; }
.pt-choice__note { margin: 4px 0 8px; font-size: 14px; color: #8a5a00; }
.pt-select { width: 100%; background: #fff; }
.pt-steps { display: flex; gap: 8px; list-style: none; margin: 0; padding: 0; counter-reset: step; font-size: 14px; }
.pt-steps__step { flex: 1; padding: 8px 10px; border-bottom: 3px solid var(--pt-line); color: #666; counter-increment: step; }
.pt-steps__step::before { content: counter(step) '. '; }
.pt-steps__step--done { border-color: #8bc34a; }
.pt-steps__step--current { border-color: var(--pt-accent); color: inherit; font-weight: 600; }
.pt-codes { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
.pt-code__row { display: flex; gap: 8px; }
.pt-code__row .pt-field__input { flex: 1; min-width: 0; }
.pt-code__apply { flex: none; }
.pt-code__applied { margin: 0; font-size: 14px; color: #2e7d32; }
.pt-code__remove { background: none; border: 0; padding: 0; font: inherit; text-decoration: underline; cursor: pointer; color: inherit; }
.pt-code__warning { margin: 0; font-size: 14px; color: #8a5a00; }
.pt-field--error .pt-field__label { color: var(--pt-error); }
.pt-totals { margin: 0; display: flex; flex-direction: column; gap: 4px; }
.pt-totals__line { display: flex; justify-content: space-between; gap: 12px; }
.pt-totals__line dd { margin: 0; white-space: nowrap; }
.pt-totals__line--sum { font-weight: 700; font-size: 18px; border-top: 1px solid var(--pt-line); padding-top: 6px; }
.pt-guest__email { grid-column: 1 / -1; margin: 0; font-size: 14px; color: #2e7d32; }
.pt-checkout__links { display: flex; flex-wrap: wrap; gap: 16px; margin: 0; font-size: 14px; }
.pt-guest { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
.pt-field { display: flex; flex-direction: column; gap: 4px; position: relative; }
.pt-field__label { font-size: 14px; color: #555; }
.pt-field__input { font: inherit; min-height: 44px; padding: 8px 12px; border: 1px solid #c9c9c9; border-radius: var(--pt-radius); }
.pt-field__input:focus-visible { outline: 3px solid #2f6fed; outline-offset: 1px; }
.pt-field--error .pt-field__input { border-color: var(--pt-error); box-shadow: 0 0 0 1px var(--pt-error); }
.pt-field__error:empty { display: none; }
.pt-field__error { align-self: flex-start; background: var(--pt-error); color: #fff; font-size: 13px; padding: 4px 8px; border-radius: 4px; position: relative; }
.pt-field__error::before { content: ''; position: absolute; top: -5px; left: 12px; border: 5px solid transparent; border-top: 0; border-bottom-color: var(--pt-error); }
.pt-checkout__status:empty { display: none; }
.pt-checkout__status { margin: 0; padding: 10px 14px; background: #f3f6ff; border-radius: var(--pt-radius); }
.pt-checkout__pay { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
.pt-pay { background: var(--pt-accent); color: var(--pt-accent-text); font-weight: 600; min-width: 240px; }
.pt-pay--inactive, .pt-pay:disabled { background: #bdbdbd; color: #fff; }
.pt-checkout__agreement { margin: 0; font-size: 13px; }
.pt-payment { display: flex; flex-direction: column; gap: 8px; }
.pt-payment__title { font-size: 18px; margin: 0; }
.pt-payment__title:focus { outline: none; }
.pt-payment__bank, .pt-payment__widget { display: block; width: 100%; border: 0; }
.pt-partner-pay { border: 1px solid var(--pt-line); border-radius: var(--pt-radius); padding: 16px; }
.pt-partner-pay p { margin: 0; }
.pt-partner-pay__cashback { font-weight: 600; }
.pt-partner-pay__status:empty { display: none; }
.pt-partner-pay__status { padding: 10px 14px; background: #f3f6ff; border-radius: var(--pt-radius); }
.pt-partner-pay__problem { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
.pt-partner-pay__error { color: var(--pt-error); }
@media (max-width: 575px) {
  .pt-guest { grid-template-columns: 1fr; }
  .pt-steps { font-size: 12px; }
  .pt-checkout__pay { align-items: stretch; }
  .pt-pay { width: 100%; min-width: 0; }
}
`;
