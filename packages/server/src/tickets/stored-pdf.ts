import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { renderTicketsPdf, type TicketPdfInput } from './pdf.js';

/**
 * Ticket PDFs are built once and stored (table ticket_pdfs): rendering one takes 0.4–0.8 s of
 * the process, and a download link can be opened any number of times.
 *
 * A stored PDF is served while what it was built from is unchanged: the fingerprint covers
 * everything printed (the tickets and their codes, the buyer's name, the venue, the support
 * contacts) and the layout's version. So an order's all-tickets PDF is built again only when
 * its set of issued tickets changes (a ticket returned) or something printed on it does; the
 * caller decides first whether a ticket may be served at all (a returned one is not).
 */

/** Raise when pdf.ts draws tickets differently: every stored PDF is then built again on its next download. */
const LAYOUT_VERSION = 2;

function fingerprint(input: TicketPdfInput): string {
  return createHash('sha256')
    .update(JSON.stringify({ layout: LAYOUT_VERSION, input }))
    .digest('hex');
}

/** Renders in flight in this process: two downloads of the same PDF at once render it once. */
const rendering = new Map<string, Promise<Buffer>>();

/**
 * The PDF of an order's tickets, from the store or rendered and stored. `scope` names which:
 * a ticket's code, or 'order' for all of the order's tickets.
 */
export async function storedTicketsPdf(
  db: Queryable,
  args: { orderId: number; scope: string; input: TicketPdfInput; now: Date },
): Promise<Buffer> {
  const source = fingerprint(args.input);
  const stored = await db.query<{ pdf: Uint8Array; source_sha256: string }>(
    'SELECT pdf, source_sha256 FROM ticket_pdfs WHERE order_id = $1 AND scope = $2',
    [args.orderId, args.scope],
  );
  const row = stored.rows[0];
  if (row && row.source_sha256 === source) return Buffer.from(row.pdf.buffer, row.pdf.byteOffset, row.pdf.byteLength);
  const key = `${args.orderId}:${args.scope}:${source}`;
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderAndStore(db, { ...args, source }).finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function renderAndStore(
  db: Queryable,
  args: { orderId: number; scope: string; input: TicketPdfInput; now: Date; source: string },
): Promise<Buffer> {
  const pdf = await renderTicketsPdf(args.input);
  await db.query(
    `INSERT INTO ticket_pdfs (order_id, scope, ticket_codes, source_sha256, pdf, built_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (order_id, scope) DO UPDATE
       SET ticket_codes = EXCLUDED.ticket_codes, source_sha256 = EXCLUDED.source_sha256,
           pdf = EXCLUDED.pdf, built_at = EXCLUDED.built_at`,
    [args.orderId, args.scope, args.input.tickets.map((t) => t.code), args.source, pdf, args.now],
  );
  return pdf;
}
