import type { Clock } from '../clock.js';
import type { Database, Queryable } from '../db/index.js';

/**
 * Messages (e-mails, SMS) leave through the outbox table. A message is enqueued inside the
 * transaction that decided to send it, so it exists exactly when that decision was committed;
 * a sender delivers it afterwards. Any process may deliver: rows are taken with SKIP LOCKED.
 */

/**
 * An attachment carries its bytes (contentBase64) or the address on this server that renders
 * it again (url, e.g. a ticket PDF): tickets are not rendered inside the payment transaction,
 * and the e-mail always attaches the tickets as they are now.
 */
export type OutboxAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; url: string };

export interface OutboxMessageInput {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  text: string;
  html?: string | null;
  attachments?: OutboxAttachment[];
  orderId?: number | null;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  status: OutboxStatus;
  orderId: number | null;
  createdAt: Date;
  sentAt: Date | null;
}

interface OutboxRow {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: OutboxAttachment[] | string;
  status: OutboxStatus;
  order_id: number | null;
  created_at: Date;
  sent_at: Date | null;
}

const COLUMNS =
  'id, channel, recipient, subject, body_text, body_html, attachments, status, order_id, created_at, sent_at';

function toMessage(r: OutboxRow): OutboxMessage {
  return {
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    text: r.body_text,
    html: r.body_html,
    attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments,
    status: r.status,
    orderId: r.order_id,
    createdAt: new Date(r.created_at),
    sentAt: r.sent_at === null ? null : new Date(r.sent_at),
  };
}

/** Adds a message to the outbox, inside the caller's transaction. */
export async function enqueue(tx: Queryable, message: OutboxMessageInput, now: Date): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO outbox (channel, recipient, subject, body_text, body_html, attachments, order_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) RETURNING id`,
    [
      message.channel,
      message.recipient,
      message.subject ?? '',
      message.text,
      message.html ?? null,
      JSON.stringify(message.attachments ?? []),
      message.orderId ?? null,
      now,
    ],
  );
  return r.rows[0]!.id;
}

/** Newest first. */
export async function listMessages(
  q: Queryable,
  opts: { limit?: number; orderId?: number } = {},
): Promise<OutboxMessage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const r =
    opts.orderId === undefined
      ? await q.query<OutboxRow>(`SELECT ${COLUMNS} FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1`, [limit])
      : await q.query<OutboxRow>(
          `SELECT ${COLUMNS} FROM outbox WHERE order_id = $2 ORDER BY created_at DESC, id DESC LIMIT $1`,
          [limit, opts.orderId],
        );
  return r.rows.map(toMessage);
}

export async function getMessage(q: Queryable, id: number): Promise<OutboxMessage | null> {
  const r = await q.query<OutboxRow>(`SELECT ${COLUMNS} FROM outbox WHERE id = $1`, [id]);
  return r.rows[0] ? toMessage(r.rows[0]) : null;
}

/** Delivers messages. Production adapters (SMTP, an SMS gateway) implement this. */
export interface MessageSender {
  readonly name: string;
  /** Throws when the message could not be delivered. */
  send(message: OutboxMessage): Promise<void>;
}

/**
 * The development sender delivers nothing: messages stay readable on /dev/outbox/ and are
 * marked sent, as a real sender would mark them.
 */
export const developmentSender: MessageSender = {
  name: 'development',
  async send() {},
};

/**
 * Sends up to `limit` pending messages, oldest first. Each is marked sent or failed in the same
 * transaction that locked it, so two processes never send one message twice.
 */
export async function deliverPending(
  deps: { db: Database; clock: Clock },
  sender: MessageSender,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  // A cheap look first: an idle outbox never opens a transaction (PGlite runs one at a time).
  const any = await deps.db.query(`SELECT 1 FROM outbox WHERE status = 'pending' LIMIT 1`);
  if (any.rows.length === 0) return { sent: 0, failed: 0 };
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM outbox WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    let sent = 0;
    let failed = 0;
    for (const row of r.rows) {
      const ok = await sender.send(toMessage(row)).then(
        () => true,
        () => false,
      );
      await tx.query(`UPDATE outbox SET status = $2, sent_at = $3 WHERE id = $1`, [
        row.id,
        ok ? 'sent' : 'failed',
        ok ? deps.clock.now() : null,
      ]);
      if (ok) sent++;
      else failed++;
    }
    return { sent, failed };
  });
}

/** Runs deliverPending every `intervalMs` until stopped; one run at a time. */
export function startOutboxWorker(
  deps: { db: Database; clock: Clock },
  sender: MessageSender,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      await deliverPending(deps, sender).catch((err) => opts.onError?.(err));
    });
  }, opts.intervalMs ?? 2000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
