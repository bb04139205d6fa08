import type { Queryable } from '../../db/index.js';
import type { Random } from '../random.js';

/** What every writer of the seed gets: the transaction, "today", its random stream, progress. */
export interface SeedContext {
  tx: Queryable;
  now: Date;
  random: Random;
  progress(step: string): void;
}
