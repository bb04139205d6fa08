/**
 * The partner registry from the command line (ARCHITECTURE.md, "Embedding"):
 *
 *   npm run partners -- add --name "Театральный портал" --origin https://a.example --origin https://b.example [--cashback 5] [--own-pay-flow [--notify-secret <secret>]] [--hash <existing hash>]
 *   npm run partners -- list
 *
 * `add` prints the partner's hash, which the partner's page sends as sendMyHash:{hash}; with
 * --own-pay-flow, a second line holds the notify secret the partner's back end signs its calls
 * with (generated unless --notify-secret gives one). It is printed this once only: the
 * database keeps it sealed with a key derived from the server's SECRET, so run the command
 * with the server's SECRET in the environment. The database is the server's own:
 * DATABASE_URL, else the PGlite folder DATA_DIR (default .data/pglite in the current folder).
 * Running pages pick a new partner up within seconds.
 */
import { parseArgs } from 'node:util';
import { ConfigError, DEVELOPMENT_SECRET, loadConfig, type ServerConfig } from '../config.js';
import { type Database, openMigratedDatabase } from '../db/index.js';
import {
  listPartners,
  type NewPartner,
  NotifySecretKey,
  type Partner,
  registerPartner,
} from '../services/partners/index.js';

const USAGE = `Usage:
  partners add --name <name> --origin <https://partner.example> [--origin …] [--cashback <percent>] [--own-pay-flow [--notify-secret <secret>]] [--hash <hash>]
  partners list`;

class UsageError extends Error {}

function describe(p: Partner): string {
  const extras = [
    p.cashbackPercent > 0 ? `cashback ${p.cashbackPercent}%` : null,
    p.ownPayFlow ? 'own pay flow' : null,
  ].filter(Boolean);
  return `${p.id}\t${p.hash}\t${p.name}\t${p.allowedOrigins.join(' ')}${extras.length ? `\t${extras.join(', ')}` : ''}`;
}

/** The `add` options, checked before the database is opened. */
function parseAdd(args: string[]): NewPartner {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      cashback: { type: 'string' },
      'own-pay-flow': { type: 'boolean', default: false },
      'notify-secret': { type: 'string' },
      hash: { type: 'string' },
    },
    strict: true,
  });
  if (!values.name) throw new UsageError('--name is required');
  if (!values.origin?.length) throw new UsageError('at least one --origin is required');
  const cashback = values.cashback === undefined ? 0 : Number(values.cashback);
  if (!Number.isInteger(cashback)) throw new UsageError(`--cashback takes a whole percent: ${values.cashback}`);
  if (values['notify-secret'] !== undefined && !values['own-pay-flow']) {
    throw new UsageError('--notify-secret goes with --own-pay-flow');
  }
  return {
    name: values.name,
    origins: values.origin,
    cashbackPercent: cashback,
    ownPayFlow: values['own-pay-flow'],
    hash: values.hash,
    notifySecret: values['notify-secret'],
  };
}

async function add(db: Database, partner: NewPartner, secrets: NotifySecretKey): Promise<boolean> {
  const result = await registerPartner(db, partner, secrets);
  if (!result.ok) {
    console.error(`partners: ${result.message}`);
    return false;
  }
  const { id, name, allowedOrigins, hash } = result.partner;
  console.error(`Registered partner ${id} (${name}): ${allowedOrigins.join(' ')}`);
  // The hash alone on standard output, so that scripts can capture it; the secret on the next line.
  console.log(hash);
  if (result.notifySecret) {
    console.error('The notify secret below is shown this once: hand it to the partner over a safe channel.');
    console.log(result.notifySecret);
  }
  return true;
}

async function list(db: Database): Promise<void> {
  const partners = await listPartners(db);
  if (partners.length === 0) console.error('No partners registered.');
  for (const p of partners) console.log(describe(p));
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'add' && command !== 'list') {
    console.error(USAGE);
    return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
  }
  let partner: NewPartner | undefined;
  try {
    if (command === 'add') partner = parseAdd(rest);
  } catch (err) {
    // parseArgs reports unknown or malformed options as a TypeError with an ERR_PARSE_ARGS code.
    if (!(err instanceof UsageError) && !(err instanceof TypeError && 'code' in err)) throw err;
    console.error(`partners: ${err.message}\n${USAGE}`);
    return 2;
  }
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`partners: ${err.message}`);
    return 2;
  }
  const db = await openMigratedDatabase(config);
  try {
    if (partner?.ownPayFlow && config.csrfSecret === DEVELOPMENT_SECRET) {
      // Sealed with the development value, the secret opens on no server that has its own SECRET.
      console.error('partners: SECRET is not set: the notify secret is sealed for a development server only.');
    }
    // The secret is stored sealed with the server's SECRET: run this with the server's environment.
    if (partner) return (await add(db, partner, NotifySecretKey.fromServerSecret(config.csrfSecret))) ? 0 : 1;
    await list(db);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
