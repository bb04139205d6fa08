import type { Clock } from '../clock.js';
import type { Database, Queryable } from '../db/index.js';

/**
 * Messages (e-mails, SMS) leave through the outbox table. A message is enqueued inside the
 * transaction that decided to send it, so it exists exactly when that decision was committed;
 * a sender delivers it afterwards (deliverPending): it claims a few due messages for a short
 * lease in one statement, talks to the gateway outside any transaction, and marks each message
 * sent, or due again later, or failed. Any process may deliver (decision 0020).
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
export type OutboxChannel = OutboxMessageInput['channel'];

export interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  status: OutboxStatus;
  orderId: number | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Tries so far (claims by a sender); a message is given up as failed after MAX_ATTEMPTS. */
  attempts: number;
  /** A pending message that failed is not tried again before this time. */
  nextAttemptAt: Date | null;
  /** Why the last try failed: short, and never with a secret (senders keep theirs out). */
  lastError: string | null;
}

interface OutboxRow {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: OutboxAttachment[] | string;
  status: OutboxStatus;
  order_id: number | null;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
}

const COLUMNS =
  'id, channel, recipient, subject, body_text, body_html, attachments, status, order_id, created_at, sent_at, attempts, next_attempt_at, last_error';

function dateOrNull(d: Date | string | null): Date | null {
  return d === null ? null : new Date(d);
}

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
    sentAt: dateOrNull(r.sent_at),
    attempts: r.attempts,
    nextAttemptAt: dateOrNull(r.next_attempt_at),
    lastError: r.last_error,
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

/** Delivers the messages of one channel: an SMTP server, an SMS gateway (senders/). */
export interface MessageSender {
  readonly name: string;
  /**
   * Throws when the message could not be delivered. The error's message is kept as the row's
   * last_error and logged, so it must never carry a secret (an API key, a password, a token).
   */
  send(message: OutboxMessage): Promise<void>;
}

/** The sender of each channel; a channel without one is not delivered, its messages wait. */
export interface MessageSenders {
  email?: MessageSender;
  sms?: MessageSender;
}

/**
 * The development sender delivers nothing: messages stay readable on /dev/outbox/ and are
 * marked sent, as a real sender would mark them.
 */
export const developmentSender: MessageSender = {
  name: 'development',
  async send() {},
};

/** A message is given up (status failed) after this many failed tries. */
export const MAX_ATTEMPTS = 5;
/** How long a claimed message belongs to its sender: longer than any sender's own timeouts. */
export const LEASE_MS = 2 * 60_000;
/** A message whose lease ends sooner than this is not started: it is handed back untried. */
const LEASE_MARGIN_MS = 30_000;
/** Messages of one round sent at the same time. */
const CONCURRENCY = 4;
const ERROR_MAX_CHARS = 300;

/** The pause after the n-th failed try: 1, 2, 4, 8 … minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

/** The error of a failed try as stored in last_error: one short line. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  const line = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > ERROR_MAX_CHARS ? `${line.slice(0, ERROR_MAX_CHARS - 1)}…` : line;
}

export interface DeliveryFailure {
  message: OutboxMessage;
  error: string;
  /** The message is given up (status failed); otherwise it is tried again at nextAttemptAt. */
  final: boolean;
}

export interface DeliverOptions {
  /** Most messages claimed in one round (default 20). */
  limit?: number;
  /** Hears each failed try (the worker logs them). */
  onFailure?: (failure: DeliveryFailure) => void;
}

/**
 * One delivery round. Claims up to `limit` due messages of the channels that have a sender, in
 * one statement and without holding a transaction: each claimed row gets a lease and one more
 * attempt. Then sends them outside any transaction (the embedded database runs one transaction
 * at a time, and a gateway may take seconds), and marks each: sent; or, on a failure, due again
 * after retryDelayMs, with last_error; or failed after MAX_ATTEMPTS. A message whose lease ran
 * out (its process died mid-send) is claimed again. `failed` counts the failed tries of this
 * round, whether they will be retried or not.
 */
export async function deliverPending(
  deps: { db: Database; clock: Clock },
  senders: MessageSenders,
  opts: DeliverOptions = {},
): Promise<{ sent: number; failed: number }> {
  const channels = (Object.keys(senders) as OutboxChannel[]).filter((c) => senders[c] !== undefined);
  if (channels.length === 0) return { sent: 0, failed: 0 };
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  // The sub-select locks the due rows it picks (skipping rows another process is claiming this
  // very moment); the update then leases them. A row re-read after another claim committed no
  // longer matches (PostgreSQL re-checks the condition), so one row is never claimed twice.
  const claimed = await deps.db.query<OutboxRow>(
    `UPDATE outbox SET attempts = attempts + 1, lease_until = $3
      WHERE id IN (
        SELECT id FROM outbox
         WHERE status = 'pending' AND channel = ANY($1::text[])
           AND (next_attempt_at IS NULL OR next_attempt_at <= $2)
           AND (lease_until IS NULL OR lease_until <= $2)
         ORDER BY id
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [channels, now, leaseUntil, opts.limit ?? 20],
  );
  const messages = claimed.rows.map(toMessage).sort((a, b) => a.id - b.id);
  let sent = 0;
  let failed = 0;
  const deliverOne = async (message: OutboxMessage) => {
    // A long round must not start a send its lease may not cover: hand the message back untried.
    if (deps.clock.now().getTime() > leaseUntil.getTime() - LEASE_MARGIN_MS) {
      await deps.db.query(
        `UPDATE outbox SET attempts = attempts - 1, lease_until = NULL
          WHERE id = $1 AND status = 'pending' AND attempts = $2`,
        [message.id, message.attempts],
      );
      return;
    }
    const sender = senders[message.channel]!;
    let error: string | undefined;
    try {
      await sender.send(message);
    } catch (err) {
      error = errorText(err);
    }
    const at = deps.clock.now();
    if (error === undefined) {
      sent++;
      await deps.db.query(
        `UPDATE outbox SET status = 'sent', sent_at = $2, lease_until = NULL, last_error = NULL
          WHERE id = $1 AND status = 'pending'`,
        [message.id, at],
      );
      return;
    }
    failed++;
    const final = message.attempts >= MAX_ATTEMPTS;
    const nextAttemptAt = final ? null : new Date(at.getTime() + retryDelayMs(message.attempts));
    // Only this claim's own row: if the lease ran out and another process claimed the message
    // again (attempts moved on), or it was sent meanwhile, that claim decides.
    await deps.db.query(
      `UPDATE outbox SET status = $3, next_attempt_at = $4, lease_until = NULL, last_error = $5
        WHERE id = $1 AND status = 'pending' AND attempts = $2`,
      [message.id, message.attempts, final ? 'failed' : 'pending', nextAttemptAt, error],
    );
    opts.onFailure?.({ message: { ...message, lastError: error, nextAttemptAt }, error, final });
  };
  let next = 0;
  const lane = async () => {
    while (next < messages.length) await deliverOne(messages[next++]!);
  };
  // Every lane ends before the round does (a database error in one does not leave others behind).
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(CONCURRENCY, messages.length) }, lane));
  const broken = lanes.find((l) => l.status === 'rejected');
  if (broken) throw broken.reason;
  return { sent, failed };
}

/**
 * Runs deliverPending every `intervalMs` until stopped; one round at a time in this process (a
 * tick while a round is still sending is skipped), and other processes may run theirs: the
 * leases keep them apart.
 */
export function startOutboxWorker(
  deps: { db: Database; clock: Clock },
  senders: MessageSenders,
  opts: { intervalMs?: number; onError?: (err: unknown) => void; onFailure?: DeliverOptions['onFailure'] } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const deliver: DeliverOptions = opts.onFailure ? { onFailure: opts.onFailure } : {};
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = deliverPending(deps, senders, deliver)
      .then(
        () => {},
        (err) => opts.onError?.(err),
      )
      .finally(() => {
        running = undefined;
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
