/**
 * The box office's cash desk from the command line: a buyer who booked with payment at the box
 * office (cash, by the booking's deadline) pays there, and the cashier marks the order paid:
 *
 *   npm run box-office -- pay <order number> <amount taken in roubles: 1500 or 1500.50>
 *
 * The amount must be the order's total (a typo is refused, not booked). The tickets are issued and
 * e-mailed to the buyer as for an order paid online. The database is the server's own:
 * DATABASE_URL, else the PGlite folder DATA_DIR (on PGlite, run it while the server is stopped).
 */
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig, type ServerConfig } from '../config.js';
import { openMigratedDatabase } from '../db/index.js';
import { kopecksOf, payBookingAtBoxOffice } from '../services/orders/box-office.js';

const USAGE = `Usage:
  box-office pay <order number> <amount taken in roubles, e.g. 1500 or 1500.50>`;

async function main(argv: string[]): Promise<number> {
  const [command, numberText, amountText] = argv;
  const orderId = Number(numberText);
  const amount = amountText === undefined ? null : kopecksOf(amountText);
  if (command !== 'pay' || argv.length !== 3 || !Number.isInteger(orderId) || orderId <= 0 || amount === null) {
    console.error(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`box-office: ${err.message}`);
    return 2;
  }
  const db = await openMigratedDatabase(config);
  try {
    const outcome = await payBookingAtBoxOffice({ db, clock: systemClock, config }, orderId, amount);
    if (!outcome.ok) {
      console.error(`box-office: ${outcome.message}`);
      return 1;
    }
    console.error(`Order ${orderId} paid at the box office; the tickets are on their way to the buyer.`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
