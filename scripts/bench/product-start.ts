/**
 * The product's start (server and site pages with the demo loader), as `npm start` runs it,
 * written as a script for `node -e` so that both trees of a BENCH_BASELINE run can run it from
 * their own folder. It prints 'bench: listening' once the server listens.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { openPostgres } from '../../packages/server/src/db/postgres.js';
import { withSearchPath } from '../../packages/server/test/support/databases.js';
import { type ServerProcess, startNodeProcess } from '../../packages/server/test/support/processes.js';

export const PRODUCT_START = `
const { seedDemo } = await import('./packages/server/src/demo.ts');
const { loadConfig, startServer } = await import('./packages/server/src/index.ts');
const { sitePages } = await import('./packages/site/src/server/index.ts');
await startServer({ plugins: [sitePages], config: loadConfig(process.env), demo: seedDemo, log: (l) => console.error(l) });
console.log('bench: listening');
`;

/**
 * The product in production mode with the full demo catalogue, one process, on PostgreSQL in
 * `schema` (made if missing and kept, so later runs skip the seeding) or, without `postgresUrl`,
 * on the embedded PGlite in `dataDir`.
 */
export async function startProduct(opts: {
  port: number;
  cwd?: string;
  postgresUrl?: string;
  schema?: string;
  dataDir?: string;
}): Promise<ServerProcess> {
  let database: Record<string, string>;
  if (opts.postgresUrl) {
    const schema = opts.schema ?? 'bench_product';
    const admin = await openPostgres(opts.postgresUrl);
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.close();
    database = { DATABASE_URL: withSearchPath(opts.postgresUrl, schema) };
  } else {
    if (!opts.dataDir) throw new Error('startProduct: a PGlite run needs its data folder');
    database = { DATABASE_URL: '', DATA_DIR: opts.dataDir };
  }
  return startNodeProcess({
    args: ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', PRODUCT_START],
    cwd: opts.cwd ?? process.cwd(),
    env: {
      NODE_ENV: 'production',
      // Production asks for these on purpose: a real secret, and the demo catalogue to measure.
      SECRET: 'bench-secret-of-at-least-thirty-two-characters',
      DEMO_DATA: 'full',
      PORT: String(opts.port),
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      ...database,
    },
    ready: 'bench: listening',
  });
}

/** What one autocannon load of a page measured. */
export interface PageFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Loads a page as a browser asks for it (compressed answers accepted), 10 connections. */
export async function loadPage(url: string, seconds: number): Promise<PageFigures> {
  const r = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip, deflate' },
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * The CPU time (user and system, µs) the process listening on `port` has used so far, from
 * /proc (Linux): the cost of a page apart from the machine's other load, which makes requests
 * per second meaningless on a shared machine. Clock ticks of 10 ms: measure over many requests.
 */
export function serverCpuMicros(port: number): number {
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU µs of the server per request of `url` over `amount` requests, 10 connections, no cookies. */
export async function cpuPerRequest(url: string, port: number, amount: number): Promise<number> {
  const load = (n: number) =>
    autocannon({ url, connections: 10, amount: n, headers: { 'accept-encoding': 'br, gzip, deflate' } });
  await load(Math.min(200, amount));
  const before = serverCpuMicros(port);
  await load(amount);
  return (serverCpuMicros(port) - before) / amount;
}
