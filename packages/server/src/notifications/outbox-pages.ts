import { escapeHtml } from '@partera/contract';
import { formatDateTime } from '../tickets/format.js';
import type { OutboxMessage, OutboxStatus } from './outbox.js';

/** The development outbox pages: every value is escaped; an e-mail's HTML is shown in a sandboxed frame. */

const e = escapeHtml;

const STATUS: Record<OutboxStatus, string> = { pending: 'ожидает отправки', sent: 'отправлено', failed: 'ошибка' };
const CHANNEL = { email: 'e-mail', sms: 'SMS' } as const;

const STYLE = `
body{margin:0;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2330;background:#f7f8fa}
main{max-width:1000px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 4px}
p.note{color:#667085;margin:0 0 16px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #eaecf0;vertical-align:top}
th{font-size:12px;text-transform:uppercase;color:#667085;font-weight:600}
.status-pending{color:#b54708}.status-sent{color:#067647}.status-failed{color:#b42318}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px 16px;border-radius:8px}
dt{color:#667085}dd{margin:0}
pre{white-space:pre-wrap;background:#fff;padding:12px 16px;border-radius:8px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace}
iframe{width:100%;height:640px;border:1px solid #eaecf0;border-radius:8px;background:#fff}
a{color:#1f57c7}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function when(at: Date): string {
  return formatDateTime(at);
}

/** The status with what a sender has tried so far: the tries, and when a pending message is next tried. */
function statusText(m: OutboxMessage): string {
  const tries = m.attempts > 0 && m.status !== 'sent' ? `, попыток: ${m.attempts}` : '';
  const next = m.status === 'pending' && m.nextAttemptAt ? `, следующая ${when(m.nextAttemptAt)}` : '';
  return `${STATUS[m.status]}${tries}${next}`;
}

export function renderOutboxList(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
<td><a href="/dev/outbox/${m.id}">${m.id}</a></td>
<td>${e(when(m.createdAt))}</td>
<td>${e(CHANNEL[m.channel])}</td>
<td>${e(m.recipient)}</td>
<td><a href="/dev/outbox/${m.id}">${e(m.subject || (m.channel === 'sms' ? m.text : '(без темы)'))}</a></td>
<td class="status-${m.status}">${e(statusText(m))}</td>
</tr>`,
    )
    .join('\n');
  const body = `<h1>Исходящие сообщения</h1>
<p class="note">Письма и SMS, которые сервер отправил бы покупателям. Страница для разработки; время московское.</p>
${
  messages.length === 0
    ? '<p>Сообщений пока нет.</p>'
    : `<table>
<thead><tr><th>№</th><th>Время</th><th>Канал</th><th>Получатель</th><th>Тема</th><th>Статус</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}`;
  return page('Исходящие сообщения', body);
}

export function renderOutboxMessage(m: OutboxMessage | null): string {
  if (!m) return page('Сообщение не найдено', '<p>Сообщение не найдено. <a href="/dev/outbox/">Все сообщения</a></p>');
  const attachments = m.attachments
    .map(
      (a, n) =>
        `<li><a href="/dev/outbox/${m.id}/attachments/${n}">${e(a.filename)}</a> <span class="note">(${e(a.contentType)})</span></li>`,
    )
    .join('\n');
  const body = `<p><a href="/dev/outbox/">← Все сообщения</a></p>
<h1>${e(m.subject || '(без темы)')}</h1>
<dl>
<dt>Получатель</dt><dd>${e(m.recipient)} (${e(CHANNEL[m.channel])})</dd>
<dt>Создано</dt><dd>${e(when(m.createdAt))}</dd>
<dt>Статус</dt><dd class="status-${m.status}">${e(statusText(m))}${m.sentAt ? `, ${e(when(m.sentAt))}` : ''}</dd>
${m.lastError ? `<dt>Ошибка</dt><dd>${e(m.lastError)}</dd>` : ''}
${m.orderId !== null ? `<dt>Заказ</dt><dd>№ ${m.orderId}</dd>` : ''}
</dl>
${attachments ? `<h2>Вложения</h2><ul>${attachments}</ul>` : ''}
${m.html ? `<h2>Письмо</h2><iframe sandbox title="HTML-версия письма" srcdoc="${e(m.html)}"></iframe>` : ''}
<h2>Текст</h2>
<pre>${e(m.text)}</pre>`;
  return page(m.subject || 'Сообщение', body);
}
