/**
 * The demo room: the generated demo catalogue and the demo partners, kept apart from the
 * product's entry (`@partera/server`). Only `npm start`'s entry and the tests import it, and
 * the server loads it only when the configuration asks for demo data (ServerConfig.demoData).
 */
import type { Database } from './db/index.js';
import { seedDemoBuyer } from './seed/demo-buyer.js';
import { type SeedOptions, type SeedSummary, seedDemo as seedDemoCatalogue } from './seed/index.js';
import { seedRefundsDemo } from './seed/refunds.js';

export { DEMO_BUYER_EMAIL, DEMO_BUYER_PASSWORD } from './seed/demo-buyer.js';
export {
  DEMO_PARTNER,
  DEMO_TELECOM_PARTNER,
  type SeedOptions,
  type SeedScale,
  type SeedSummary,
} from './seed/index.js';
export { seedDemoCatalogue };

/** The demo room's loader: the catalogue, then the demo buyer with its orders and reviews (seed/demo-buyer.ts). */
export async function seedDemo(db: Database, opts: SeedOptions): Promise<SeedSummary> {
  const summary = await seedDemoCatalogue(db, opts);
  await seedDemoBuyer(db, opts.now);
  await seedRefundsDemo(db, opts.now);
  return summary;
}
