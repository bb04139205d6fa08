import type { ServerConfig } from '../../config.js';
import { developmentSender, type MessageSenders, type OutboxChannel } from '../outbox.js';
import { smsRuSender } from './sms-ru.js';
import { smtpSender } from './smtp.js';

export { smsRuSender } from './sms-ru.js';
export { smtpSender } from './smtp.js';

/** What each channel lacks when no gateway is configured, for the operator's log. */
const UNCONFIGURED: Record<OutboxChannel, string> = {
  email: 'E-mail is not configured (SMTP_URL): e-mails wait in the outbox',
  sms: 'SMS is not configured (SMS_RU_API_ID): SMS wait in the outbox',
};

/**
 * The senders a server runs with: the configured gateways (SMTP, SMS.ru) in any mode; in
 * development (devTools outside production) the development sender covers a channel without a
 * gateway, so its messages are marked sent and read on /dev/outbox/. `unconfigured` lists the
 * lines to log for channels left without a sender: their messages wait, pending.
 */
export function messageSendersOf(config: ServerConfig): { senders: MessageSenders; unconfigured: string[] } {
  const senders: MessageSenders = {};
  if (config.mail)
    senders.email = smtpSender({ ...config.mail, publicUrl: config.publicUrl, langPrefix: config.langPrefix });
  if (config.sms) senders.sms = smsRuSender(config.sms);
  const development = config.devTools && !config.production;
  const unconfigured: string[] = [];
  for (const channel of ['email', 'sms'] as const) {
    if (senders[channel]) continue;
    if (development) senders[channel] = developmentSender;
    else unconfigured.push(UNCONFIGURED[channel]);
  }
  return { senders, unconfigured };
}
