import { escapeHtml } from '@partera/contract';
import { absoluteUrl } from '../payments/urls.js';
import { formatDateTime } from '../tickets/format.js';
import { layout, type MailContext, supportText } from './order-mail.js';
import type { OutboxMessageInput } from './outbox.js';

/** 'Билеты в продаже': the e-mail about performances of a show that went on sale. */

export interface OnSalePerformance {
  startsAt: Date;
  timeZone: string;
  buildingName: string;
  hallName: string;
  /** The performance's hall page, from the site's root. */
  path: string;
}

/** Why this address hears about it: a bookmark with notify on, a 'Скоро в продаже' request, or both. */
export interface OnSaleReasons {
  bookmark: boolean;
  request: boolean;
}

const e = escapeHtml;

function dateLine(p: OnSalePerformance): string {
  return `${formatDateTime(p.startsAt, p.timeZone)}, ${p.buildingName}, ${p.hallName}`;
}

function reasonLines(ctx: MailContext, reasons: OnSaleReasons): string[] {
  const lines: string[] = [];
  if (reasons.request) lines.push('Вы оставили заявку «Скоро в продаже» на это шоу: это письмо — ответ на неё.');
  if (reasons.bookmark) {
    lines.push(
      `Шоу в вашем избранном, и вы просили сообщить о начале продаж. Отключить уведомления: ${absoluteUrl(ctx, '/private/#wishlist')}`,
    );
  }
  return lines;
}

export function onSaleEmail(
  ctx: MailContext,
  recipient: string,
  show: { name: string; path: string },
  performances: OnSalePerformance[],
  reasons: OnSaleReasons,
): OutboxMessageInput {
  const showUrl = absoluteUrl(ctx, show.path);
  const dates = performances.map((p) => ({ line: dateLine(p), url: absoluteUrl(ctx, p.path) }));
  const heading = dates.length === 1 ? 'Билеты поступили в продажу' : 'Билеты на новые даты поступили в продажу';
  const text = [
    'Здравствуйте!',
    '',
    `${heading}: «${show.name}».`,
    '',
    ...dates.map((d, i) => `${i + 1}. ${d.line} — ${d.url}`),
    '',
    `Все даты и места: ${showUrl}`,
    '',
    ...reasonLines(ctx, reasons),
    '',
    supportText(ctx),
  ].join('\n');
  const html = layout(`<p>Здравствуйте!</p>
<p>${e(heading)}: <a href="${e(showUrl)}">«${e(show.name)}»</a>.</p>
<ul>${dates.map((d) => `<li><a href="${e(d.url)}">${e(d.line)}</a></li>`).join('')}</ul>
${reasonLines(ctx, reasons)
  .map((line) => `<p style="color:#5b6475;font-size:13px">${e(line)}</p>`)
  .join('\n')}
<p style="color:#5b6475;font-size:13px">${e(supportText(ctx))}</p>`);
  return { channel: 'email', recipient, subject: `Билеты в продаже: «${show.name}»`, text, html };
}
