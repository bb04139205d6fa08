/**
 * The demo room: the generated demo catalogue and the demo partners, kept apart from the
 * product's entry (`@partera/server`). Only `npm start`'s entry and the tests import it, and
 * the server loads it only when the configuration asks for demo data (ServerConfig.demoData).
 */
export {
  DEMO_PARTNER,
  DEMO_TELECOM_PARTNER,
  type SeedOptions,
  type SeedScale,
  type SeedSummary,
  seedDemo,
} from './seed/index.js';
