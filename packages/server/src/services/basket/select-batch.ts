import type { Queryable } from '../../db/index.js';
import type { Routine } from '../../db/routines.js';

/**
 * Seat selects in batches (decision 0056). At a sale's start a process gets hundreds of seat
 * selects within milliseconds; one statement each means hundreds of database round trips, and on
 * two cores the round trips themselves (the client's encoding, the sockets, the server's per-statement
 * work) cost more than the claims. Here the selects that arrive in one turn of the event loop go
 * to the database together, as one statement: `basket_select_place_batch`, which runs each one's
 * own `basket_select_place` in turn, in arrival order per place, so each buyer gets exactly the
 * answer they would have got alone at that moment.
 *
 * What changes for the buyers of one batch is only that their holds commit together:
 * - a place taken by an earlier select of the batch is taken for the later ones (the same rows,
 *   the same rules, in one transaction);
 * - the batches of one performance run one at a time over every process (an advisory lock on the
 *   performance, taken first), so two batches never wait for each other's rows;
 * - a select of a batch waits for a lock at most BATCH_LOCK_WAIT_MS (a buyer's basket lock held
 *   by a stuck request, say), so one select cannot hold up its batch for the database's whole
 *   lock timeout;
 * - if the batch statement fails (that wait, a statement timeout, a deadlock with another kind
 *   of change), each of its selects runs again on its own, so an error is answered to the select
 *   that caused it and the others are not lost.
 * A select alone in its turn runs on its own at once, as before.
 */

/** Advisory-lock namespace of a performance's select batches (the second key is the performance id). */
const SELECT_BATCH_LOCK_SPACE = 727_002;

/** The most selects one batch carries; more wait for the next turn. */
export const MAX_SELECT_BATCH = 100;

/**
 * How long a select of a batch may wait for a lock (a buyer's basket lock, a place row) before
 * the batch gives up and its selects run on their own, each with the database's own lock
 * timeout: one stuck select holds up the others of its batch for at most this long.
 */
export const BATCH_LOCK_WAIT_MS = 500;

/** One select's arguments, in basket_select_place's order (selection.ts selectPlace). */
export type SelectArgs = readonly [
  session: string,
  place: number,
  tariff: number | null,
  client: string,
  now: Date,
  holdMs: number,
  capMax: number,
  capPercent: number,
  unsafe: boolean,
];

const selectBatch: Routine = {
  name: 'basket_select_place_batch',
  sql: `CREATE FUNCTION basket_select_place_batch(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    perf int;
    item record;
    answers jsonb[] := '{}';
  BEGIN
    FOR perf IN
      SELECT DISTINCT pp.performance_id FROM performance_places pp
       WHERE pp.id IN (SELECT (x->>'place')::int FROM jsonb_array_elements(p_items) x)
       ORDER BY 1
    LOOP
      PERFORM pg_advisory_xact_lock(${SELECT_BATCH_LOCK_SPACE}, perf);
    END LOOP;
    PERFORM set_config('lock_timeout', '${BATCH_LOCK_WAIT_MS}ms', true);
    FOR item IN
      SELECT * FROM jsonb_to_recordset(p_items) AS x(
        i int, session text, place int, tariff int, client text, now timestamptz, hold_ms int,
        cap_max int, cap_percent int, unsafe boolean)
       ORDER BY x.place, x.i
    LOOP
      answers[item.i + 1] := basket_select_place(item.session, item.place, item.tariff, item.client, item.now,
        item.hold_ms, item.cap_max, item.cap_percent, item.unsafe);
    END LOOP;
    RETURN to_jsonb(answers);
  END $$`,
};

export const selectBatchRoutines: readonly Routine[] = [selectBatch];

interface Waiting<A> {
  args: SelectArgs;
  resolve: (answer: A) => void;
  reject: (err: unknown) => void;
}

/**
 * Collects the selects of one turn of the event loop and sends them as one batch; `A` is what
 * basket_select_place answers (selection.ts reads it).
 */
export class SelectBatcher<A> {
  private waiting: Waiting<A>[] = [];
  /** A batch is in the database. */
  private sending = false;

  constructor(private readonly db: Queryable) {}

  /** One select on its own: a batch of one, and each select again when a batch failed. */
  private async single(args: SelectArgs): Promise<A> {
    const r = await this.db.query<{ answer: A }>(
      'SELECT basket_select_place($1, $2, $3, $4, $5, $6, $7, $8, $9) AS answer',
      args,
    );
    return r.rows[0]!.answer;
  }

  select(args: SelectArgs): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.waiting.push({ args, resolve, reject });
      if (this.waiting.length === 1 && !this.sending) setImmediate(() => this.flush());
    });
  }

  /**
   * Sends what waits, one batch at a time: the selects that arrive while a batch is in the
   * database wait for it and go in the next (the batches of a performance run one at a time in
   * the database anyway), so the busier the sale, the fuller the batches.
   */
  private flush(): void {
    while (!this.sending && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_SELECT_BATCH);
      // A select alone goes on its own, and holds up no batch while it waits for a lock.
      if (batch.length === 1) {
        this.alone(batch[0]!);
        continue;
      }
      this.sending = true;
      void this.send(batch).finally(() => {
        this.sending = false;
        this.flush();
      });
    }
  }

  private alone(w: Waiting<A>): void {
    this.single(w.args).then(w.resolve, w.reject);
  }

  private async send(batch: Waiting<A>[]): Promise<void> {
    let answers: A[];
    try {
      const items = batch.map(({ args }, i) => {
        const [session, place, tariff, client, now, holdMs, capMax, capPercent, unsafe] = args;
        return {
          i,
          session,
          place,
          tariff,
          client,
          now: now.toISOString(),
          hold_ms: holdMs,
          cap_max: capMax,
          cap_percent: capPercent,
          unsafe,
        };
      });
      const r = await this.db.query<{ answers: A[] }>('SELECT basket_select_place_batch($1::jsonb) AS answers', [
        JSON.stringify(items),
      ]);
      answers = r.rows[0]!.answers;
    } catch {
      // The whole batch was rolled back: each select again on its own, its error its own, while
      // the next batch goes on.
      for (const w of batch) this.alone(w);
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(answers[i]!);
  }
}

const batchers = new WeakMap<object, SelectBatcher<unknown>>();

/** The batcher of a database (one per database handle, so per process). */
export function selectBatcherOf<A>(db: Queryable): SelectBatcher<A> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new SelectBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher as SelectBatcher<A>;
}
