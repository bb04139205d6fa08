/**
 * The floor benchmark's server (floor.ts): the least a hold request can cost on this machine.
 * Node's own http server, and with FLOOR_DB one PostgreSQL round trip per request (a pool of 10,
 * as the product's), answering a small JSON body. No framework, no session, no rule. With
 * FLOOR_BATCH the requests that arrive in one turn of the event loop share one query instead.
 */
import http from 'node:http';
import { createRequire } from 'node:module';

// The server package's pg, the client the product uses.
const pg = createRequire(new URL('../../packages/server/package.json', import.meta.url))('pg');

const pool = process.env.FLOOR_DB ? new pg.Pool({ connectionString: process.env.FLOOR_DB, max: 10 }) : null;
/** The requests of this turn of the event loop waiting for their shared query. */
let waiting = [];
function batched(v) {
  return new Promise((resolve) => {
    waiting.push({ v, resolve });
    if (waiting.length === 1) setImmediate(flush);
  });
}
async function flush() {
  const batch = waiting;
  waiting = [];
  const r = await pool.query('SELECT n + 1 AS n FROM unnest($1::int[]) WITH ORDINALITY AS u(n, i) ORDER BY i', [
    batch.map((b) => b.v),
  ]);
  for (const [i, b] of batch.entries()) b.resolve(r.rows[i].n);
}
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let result = 1;
    if (pool && req.url !== '/bench-connection-warm-up') {
      if (process.env.FLOOR_BATCH) result = (await batched(chunks.length)) > 0 ? 1 : 0;
      else {
        const r = await pool.query('SELECT $1::int + 1 AS n', [chunks.length]);
        result = r.rows[0].n > 0 ? 1 : 0;
      }
    }
    const body = JSON.stringify({ result, message: '' });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.close();
  pool?.end();
  process.exit(0);
});
