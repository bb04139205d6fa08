import { createTransport } from 'nodemailer';
import { withLangPrefix } from '../../http/lang-prefix.js';
import type { MessageSender, OutboxAttachment, OutboxMessage } from '../outbox.js';
import { fetchFailure, withoutSecrets } from './errors.js';

/**
 * E-mail through an SMTP server (nodemailer). The server and its credentials come as one URL
 * (SMTP_URL: smtp://user:password@host:587, STARTTLS when the server offers it; smtps://…:465 for
 * TLS from the start). A message goes out with its subject, text, HTML and attachments; an
 * attachment stored as a path on this server (a ticket PDF) is fetched from the site's public
 * address at send time, so the e-mail carries the tickets as they are now.
 */
export interface SmtpSenderOptions {
  smtpUrl: string;
  /** The From header: an address, or a name and an address ("Партера <tickets@example.ru>"). */
  from: string;
  /** The site's public origin (PUBLIC_URL): attachment paths are fetched from there only. */
  publicUrl: string;
  /**
   * The site's language prefix (LANG_PREFIX, decision 0054), put on an attachment's path: the
   * site answers a path without it with a redirect, which the fetch refuses to follow.
   */
  langPrefix?: string;
  /** Longest wait for one network step (connect, greeting, a reply, an attachment); default 30 s. */
  timeoutMs?: number;
}

/** Where attachment paths are fetched from: the site's origin, under its language prefix. */
type AttachmentSite = Pick<SmtpSenderOptions, 'publicUrl' | 'langPrefix'>;

/** Largest attachment fetched from the site (a ticket PDF is tens of kilobytes). */
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export function smtpSender(opts: SmtpSenderOptions): MessageSender {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  // Options the URL does not set apply too: the timeouts keep one send well inside the outbox
  // lease (nodemailer would otherwise wait minutes for a silent server).
  const transport = createTransport({
    url: opts.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  const secrets = credentialsOf(opts.smtpUrl);
  return {
    name: 'smtp',
    async send(message: OutboxMessage) {
      const attachments = await Promise.all(message.attachments.map((a) => attachmentContent(a, opts, timeoutMs)));
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.recipient,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments,
        });
      } catch (err) {
        throw new Error(`SMTP: ${withoutSecrets(err instanceof Error ? err.message : String(err), secrets)}`);
      }
    },
  };
}

/** The password in an SMTP URL, as written and decoded, to be kept out of error texts. */
function credentialsOf(smtpUrl: string): string[] {
  const { password } = new URL(smtpUrl);
  return password ? [password, safeDecode(password)] : [];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The address of an attachment path on this server. Only a path counts: an absolute URL, a
 * protocol-relative one (//host) or anything else that would leave the site's origin is refused,
 * so a stored message can never make the server fetch another host.
 */
export function attachmentAddress(site: AttachmentSite, path: string): URL {
  const origin = new URL(site.publicUrl).origin;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    throw new Error('Attachment address is not a path on this site');
  }
  const url = new URL(withLangPrefix(site.langPrefix ?? '', path), origin);
  if (url.origin !== origin) throw new Error('Attachment address is not a path on this site');
  return url;
}

async function attachmentContent(
  a: OutboxAttachment,
  site: AttachmentSite,
  timeoutMs: number,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  if ('contentBase64' in a) {
    return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') };
  }
  // The path may carry an order's access token: no error below repeats it.
  const url = attachmentAddress(site, a.url);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new Error(`Attachment ${a.filename}: ${fetchFailure(err)}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`Attachment ${a.filename}: the site answered ${res.status}`);
  }
  if (Number(res.headers.get('content-length') ?? 0) > MAX_ATTACHMENT_BYTES) {
    await res.body?.cancel();
    throw new Error(`Attachment ${a.filename}: larger than ${MAX_ATTACHMENT_BYTES} bytes`);
  }
  const content = Buffer.from(await res.arrayBuffer());
  if (content.length > MAX_ATTACHMENT_BYTES) {
    throw new Error(`Attachment ${a.filename}: larger than ${MAX_ATTACHMENT_BYTES} bytes`);
  }
  return { filename: a.filename, contentType: a.contentType, content };
}
