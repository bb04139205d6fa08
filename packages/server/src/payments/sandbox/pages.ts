import { escapeHtml } from '@partera/contract';
import { contentSecurityPolicy } from '../../http/security-headers.js';
import { formatBankAmount } from '../../tickets/format.js';
import type { BankPayment, BankStep } from './bank.js';
import { type CardField, groupCardNumber, TEST_CARDS, THREE_DS_CODE } from './cards.js';
import { SANDBOX_3DS_PATH, SANDBOX_PAY_PATH, SANDBOX_SBP_PATH } from './provider.js';

/** The shop the sandbox bank collects for. */
export const MERCHANT = 'Partera';

const e = escapeHtml;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f2f4f7;color:#1d2330;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:440px;margin:0 auto;padding:20px 16px}
.bank{display:flex;align-items:center;justify-content:space-between;margin-bottom:14px}
.bank b{font-size:17px;letter-spacing:.2px}
.badge{background:#fff4d6;color:#7a5600;border-radius:10px;padding:2px 8px;font-size:12px}
.panel{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.1);padding:18px;margin-bottom:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dt{color:#667085}dd{margin:0;text-align:right}
.amount{font-size:20px;font-weight:600}
label{display:block;font-size:13px;color:#475467;margin:12px 0 4px}
input{width:100%;border:1px solid #d0d5dd;border-radius:8px;padding:10px 12px;font:inherit;background:#fff}
input:focus{outline:2px solid #2e6be6;outline-offset:0;border-color:#2e6be6}
input[aria-invalid=true]{border-color:#d92d20}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.field-error{color:#d92d20;font-size:13px;margin-top:4px}
.alert{background:#fef3f2;color:#b42318;border-radius:8px;padding:10px 12px;margin-bottom:4px}
.ok{background:#ecfdf3;color:#067647}
button{width:100%;margin-top:18px;border:0;border-radius:8px;background:#2e6be6;color:#fff;font:inherit;font-weight:600;padding:12px;cursor:pointer}
button:hover{background:#1f57c7}
button.secondary{background:#eef2fb;color:#1f57c7;margin-top:10px}
.cards h2{font-size:14px;margin:0 0 8px}
.cards ul{list-style:none;margin:0;padding:0}
.cards li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-top:1px solid #eaecf0;font-size:13px}
.cards li:first-child{border-top:0}
.cards code{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
.cards button{width:auto;margin:0;padding:2px 8px;background:#eef2fb;color:#1f57c7;font-weight:500;font-size:12px}
.hint{color:#667085;font-size:13px;margin:8px 0 0}
.code{font:600 22px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:4px}
.step-title{font-size:17px;margin:0 0 6px}
.step-text{margin:0}
a{color:#1f57c7}
`;

/**
 * The bank page's Content-Security-Policy: its one inline style sheet and (form and result
 * pages) its one inline script carry this answer's nonce, and nothing else runs; nothing loads
 * but the browser's own favicon request; forms post only to the bank itself; frame-ancestors as
 * given (the shop and its registered partners, whose pages hold the checkout that frames the bank).
 */
export function bankPagePolicy(nonce: string, frameAncestors: string): string {
  const own = contentSecurityPolicy({
    'default-src': ["'none'"],
    'script-src': [`'nonce-${nonce}'`],
    'style-src': [`'nonce-${nonce}'`],
    'img-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
  });
  return `${own}; ${frameAncestors}`;
}

/** How long the result page waits for the checkout before following its own return link. */
export const RETURN_LINK_FALLBACK_MS = 1500;

function page(nonce: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style nonce="${e(nonce)}">${STYLE}</style>
</head>
<body>
<main>
<div class="bank"><b>Тестовый банк</b><span class="badge">Тестовый режим</span></div>
${body}
</main>
${script ? `<script nonce="${e(nonce)}">${script}</script>` : ''}
</body>
</html>`;
}

function summary(payment: BankPayment): string {
  return `<section class="panel" aria-label="Платёж">
<dl>
<dt>Магазин</dt><dd>${e(MERCHANT)}</dd>
<dt>Заказ</dt><dd>№&nbsp;${e(payment.orderNumber)}</dd>
<dt>Сумма</dt><dd class="amount">${e(formatBankAmount(payment.amount))}</dd>
</dl>
</section>`;
}

function field(
  name: CardField,
  label: string,
  attrs: string,
  value: string | undefined,
  errors: Partial<Record<string, string>>,
): string {
  const error = errors[name];
  const id = `card-${name}`;
  return `<div>
<label for="${id}">${e(label)}</label>
<input id="${id}" name="${name}" ${attrs} value="${e(value ?? '')}"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? `<div class="field-error" id="${id}-error">${e(error)}</div>` : ''}
</div>`;
}

/** Formats the card number in groups of four and the expiry as ММ/ГГ while typing; fills test cards. */
const FORM_SCRIPT = `
(function(){
  var pan=document.getElementById('card-pan'), exp=document.getElementById('card-expiry');
  function group(v){return v.replace(/\\D/g,'').slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ');}
  pan.addEventListener('input',function(){pan.value=group(pan.value);});
  exp.addEventListener('input',function(){var d=exp.value.replace(/\\D/g,'').slice(0,4);exp.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d;});
  document.querySelectorAll('[data-card]').forEach(function(b){b.addEventListener('click',function(){
    pan.value=group(b.getAttribute('data-card'));
    var now=new Date();exp.value=('0'+(now.getMonth()+1)).slice(-2)+'/'+String((now.getFullYear()+3)%100);
    document.getElementById('card-cvc').value='123';
    var h=document.getElementById('card-holder'); if(!h.value) h.value='TEST CARDHOLDER';
    document.querySelector('form button[type=submit]').focus();
  });});
})();`;

function cardForm(step: Extract<BankStep, { step: 'form' }>, nonce: string): string {
  const { payment, values, errors } = step;
  const cards = TEST_CARDS.map(
    (c) =>
      `<li><span><code>${e(groupCardNumber(c.number))}</code><br>${e(c.label)}</span><button type="button" data-card="${e(c.number)}" aria-label="Подставить карту ${e(groupCardNumber(c.number))}">Подставить</button></li>`,
  ).join('\n');
  const body = `${summary(payment)}
<form class="panel" method="post" action="${SANDBOX_PAY_PATH}" novalidate>
${errors.form ? `<div class="alert" role="alert">${e(errors.form)}</div>` : ''}
<input type="hidden" name="mdOrder" value="${e(payment.id)}">
${field('pan', 'Номер карты', 'inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23" required', values.pan, errors)}
<div class="pair">
${field('expiry', 'Срок действия', 'inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" maxlength="5" required', values.expiry, errors)}
${field('cvc', 'CVC', 'type="password" inputmode="numeric" autocomplete="cc-csc" placeholder="•••" maxlength="3" required', '', errors)}
</div>
${field('holder', 'Владелец карты', 'autocomplete="cc-name" placeholder="IVAN PETROV" maxlength="26" autocapitalize="characters" spellcheck="false" required', values.holder, errors)}
<button type="submit">Оплатить ${e(formatBankAmount(payment.amount))}</button>
</form>
<section class="panel cards" aria-labelledby="test-cards">
<h2 id="test-cards">Тестовые карты</h2>
<ul>
${cards}
</ul>
<p class="hint">Срок действия — любая будущая дата, CVC — любые три цифры, имя владельца — латиницей. Настоящие карты здесь не принимаются, деньги не списываются.</p>
</section>`;
  return page(nonce, `Оплата заказа № ${payment.orderNumber}`, body, FORM_SCRIPT);
}

function threeDs(step: Extract<BankStep, { step: '3ds' }>, nonce: string): string {
  const { payment } = step;
  const body = `${summary(payment)}
<form class="panel" method="post" action="${SANDBOX_3DS_PATH}">
<h1 class="step-title">Подтверждение покупки</h1>
<p class="step-text">Банк отправил одноразовый код в SMS на телефон владельца карты${step.last4 ? ` •••• ${e(step.last4)}` : ''}.</p>
<p class="hint">В тестовом банке код показан здесь: <span class="code">${e(THREE_DS_CODE)}</span></p>
${step.error ? `<div class="alert" role="alert">${e(step.error)}</div>` : ''}
<input type="hidden" name="mdOrder" value="${e(payment.id)}">
<input type="hidden" name="token" value="${e(step.token)}">
<label for="otp">Код из SMS</label>
<input id="otp" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required autofocus>
<button type="submit">Подтвердить</button>
</form>`;
  return page(nonce, 'Подтверждение покупки — 3-D Secure', body);
}

/**
 * The result page. The bank page runs inside the checkout's frame, so the buyer is sent back
 * by navigating that frame's parent (the checkout page), not the frame itself: `_parent` is
 * the checkout both on our own site and when the site is framed by a partner, where `_top`
 * would take the partner's whole page away.
 */
function done(step: Extract<BankStep, { step: 'done' }>, nonce: string): string {
  const success = step.result === 'succeeded';
  const message = success ? 'Оплата прошла успешно' : `Оплата не прошла: ${step.reason ?? 'операция отклонена'}`;
  const notice = step.notified
    ? ''
    : '<p class="hint">Банк не смог сразу уведомить магазин о результате. Если заказ не отображается как оплаченный, обратитесь в службу поддержки.</p>';
  const body = `${summary(step.payment)}
<section class="panel">
<div class="alert${success ? ' ok' : ''}" role="status">${e(message)}</div>
${notice}
<p><a id="return" href="${e(step.returnUrl)}" target="_parent">Вернуться в магазин</a></p>
</section>`;
  return page(nonce, message, body, step.notified ? returnScript(success, step.returnUrl) : '');
}

/** Inline script data: JSON with '<' escaped, so no value can close the script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Spec 4.9: the bank frame tells the checkout the outcome ('provider-pay-success' or
 * 'provider-pay-error', with the return URL), addressed to the shop's origin only. The checkout
 * then opens the URL with the buyer's session parameter, which a framed checkout needs (no
 * cookies reach a partner's frame). A page without a listening checkout (the bank page opened on
 * its own) is sent back by its return link a moment later.
 */
function returnScript(success: boolean, returnUrl: string): string {
  const message = { type: success ? 'provider-pay-success' : 'provider-pay-error', returnUrl };
  return `try{parent.postMessage(${scriptJson(message)},${scriptJson(new URL(returnUrl).origin)})}catch(e){}
setTimeout(function(){document.getElementById('return').click()},${RETURN_LINK_FALLBACK_MS});`;
}

/** The bank app's screen for an SBP payment: what its QR code opens on the buyer's phone. */
function sbp(step: Extract<BankStep, { step: 'sbp' }>, nonce: string): string {
  const { payment } = step;
  const body = `${summary(payment)}
<form class="panel" method="post" action="${SANDBOX_SBP_PATH}">
<h1 class="step-title">Оплата через СБП</h1>
<p class="step-text">Подтвердите перевод по QR-коду магазину ${e(MERCHANT)}. В тестовом банке деньги не списываются.</p>
<input type="hidden" name="mdOrder" value="${e(payment.id)}">
<button type="submit" name="action" value="pay">Оплатить ${e(formatBankAmount(payment.amount))}</button>
<button type="submit" name="action" value="decline" class="secondary">Отклонить</button>
</form>`;
  return page(nonce, 'Оплата через СБП', body);
}

function closed(step: Extract<BankStep, { step: 'closed' }>, nonce: string): string {
  const paid = step.payment.status === 'succeeded' || step.payment.status === 'refunded';
  const url = paid ? step.payment.returnUrls.successUrl : step.payment.returnUrls.failUrl;
  const body = `${summary(step.payment)}
<section class="panel">
<div class="alert${paid ? ' ok' : ''}" role="status">${paid ? 'Этот платёж уже выполнен' : 'Этот платёж уже обработан. Чтобы оплатить заказ, начните оплату заново.'}</div>
<p><a href="${e(url)}" target="_parent">Вернуться в магазин</a></p>
</section>`;
  return page(nonce, 'Платёж уже обработан', body);
}

function missing(nonce: string): string {
  return page(
    nonce,
    'Платёж не найден',
    '<section class="panel"><div class="alert" role="alert">Платёж не найден. Вернитесь в магазин и начните оплату заново.</div></section>',
  );
}

/** The page of a step; `nonce` is the answer's (bankPagePolicy). */
export function renderBankStep(step: BankStep, nonce: string): { status: number; html: string } {
  switch (step.step) {
    case 'missing':
      return { status: 404, html: missing(nonce) };
    case 'closed':
      return { status: 200, html: closed(step, nonce) };
    case 'form':
      return { status: Object.keys(step.errors).length > 0 ? 422 : 200, html: cardForm(step, nonce) };
    case '3ds':
      return { status: 200, html: threeDs(step, nonce) };
    case 'sbp':
      return { status: 200, html: sbp(step, nonce) };
    case 'done':
      return { status: 200, html: done(step, nonce) };
  }
}
