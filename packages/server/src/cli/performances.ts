/**
 * Performance changes from the command line (the organiser moved or cancelled a performance):
 *
 *   npm run performances -- move <performance id> <new start, ISO 8601 with its offset: 2026-12-20T19:00:00+03:00>
 *   npm run performances -- cancel <performance id>
 *   npm run performances -- open-sales <performance id>
 *
 * Its buyers get an e-mail and can return their tickets for the whole price from the cabinet's
 * 'Возврат билетов' tab; a cancelled performance is closed to sale. Opening the sale of a
 * performance announced as coming tells the buyers who asked to be told. The database is the server's
 * own: DATABASE_URL, else the PGlite folder DATA_DIR. Running servers hear of it within seconds
 * (PostgreSQL); on PGlite, run it while the server is stopped.
 */
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig, type ServerConfig } from '../config.js';
import { openMigratedDatabase } from '../db/index.js';
import { cancelPerformance, movePerformance, openSales } from '../services/catalogue/performance-changes.js';

const USAGE = `Usage:
  performances move <performance id> <new start, e.g. 2026-12-20T19:00:00+03:00>
  performances cancel <performance id>
  performances open-sales <performance id>`;

async function main(argv: string[]): Promise<number> {
  const [command, idText, startText] = argv;
  const id = Number(idText);
  const start = startText === undefined ? null : new Date(startText);
  const valid =
    Number.isInteger(id) &&
    id > 0 &&
    ((command === 'cancel' && argv.length === 2) ||
      (command === 'open-sales' && argv.length === 2) ||
      (command === 'move' && argv.length === 3 && start !== null && !Number.isNaN(start.getTime())));
  if (!valid) {
    console.error(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`performances: ${err.message}`);
    return 2;
  }
  const db = await openMigratedDatabase(config);
  try {
    const deps = { db, clock: systemClock, config };
    if (command === 'open-sales') {
      const opened = await openSales(deps, id);
      if (!opened.ok) {
        console.error(`performances: ${opened.message}`);
        return 1;
      }
      console.error(`Performance ${id} on sale; ${opened.notified} address(es) told.`);
      return 0;
    }
    const outcome = command === 'move' ? await movePerformance(deps, id, start!) : await cancelPerformance(deps, id);
    if (!outcome.ok) {
      console.error(`performances: ${outcome.message}`);
      return 1;
    }
    console.error(
      `Performance ${id} ${command === 'move' ? 'moved' : 'cancelled'}; ${outcome.notified} order(s) notified.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
