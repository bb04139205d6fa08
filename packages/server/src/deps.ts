import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/index.js';

/**
 * What the running server gives its services: the database, the clock and the configuration.
 * Services declare the part they use (a `Pick` of this, a few settings of the configuration)
 * and never import the app, so the dependencies run one way: routes → services → database.
 */
export interface ServerDeps {
  db: Database;
  clock: Clock;
  config: ServerConfig;
}
