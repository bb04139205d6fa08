/**
 * What the hall map of the full demo stadium (~86 000 places) costs the server (issue 8,
 * finding 4): bytes on the wire per encoding, time of a first (cold) and a cached answer, ten
 * buyers asking at once, and the server process's memory (resident now and at its peak).
 *
 *   node --conditions=source --import tsx scripts/bench/hall-map.ts
 *   DATABASE_URL=postgres://… node --conditions=source --import tsx scripts/bench/hall-map.ts
 *
 * Loads the full demo catalogue into .data/bench-pglite (or the empty database of DATABASE_URL)
 * when it is not there yet, then runs the API server in a process of its own and asks it over
 * HTTP. Prints the figures and writes them to docs/benchmarks.md (a section per database).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type CompactHallState, deltaDecode } from '../../packages/contract/src/entities/hall-layout.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { openMigratedDatabase } from '../../packages/server/src/db/index.js';
import { seedDemo } from '../../packages/server/src/demo.js';
import { CSRF_PARAM, SESSION_PARAM } from '../../packages/server/src/http/names.js';
import { csrfTokenFor, issueSessionId } from '../../packages/server/src/http/session.js';
import { machine, markdownTable, writeSection } from './report.js';

const PORT = 3292;
const SECRET = 'bench-secret';
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.resolve('.data/bench-pglite');
const databaseUrl = process.env.DATABASE_URL ?? '';

const db = await openMigratedDatabase(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }));
await seedDemo(db, { now: new Date(), scale: 'full' });
const stadium = await db.query<{ id: number; place_count: number; hall_id: number }>(
  `SELECT p.id, h.place_count, h.id AS hall_id FROM performances p JOIN halls h ON h.id = p.hall_id
    WHERE h.kind = 'stadium' AND p.sale_state = 'on_sale' AND p.starts_at > now() ORDER BY p.starts_at LIMIT 1`,
);
const { id: performanceId, place_count: places, hall_id: hallId } = stadium.rows[0]!;
// Free seats spread over the stadium, for the buyers whose maps are their own (one each).
const freeSeats = (
  await db.query<{ id: number }>(
    `SELECT id FROM performance_places WHERE performance_id = $1 AND state = 0 AND hold_session_id IS NULL
      ORDER BY id LIMIT 611 OFFSET 1000`,
    [performanceId],
  )
).rows.map((r) => r.id);
await db.close();

const server = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', path.join(root, 'packages/server/test/support/api-server.ts')],
  {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(PORT), SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// A run that fails does not leave the server holding the port.
process.on('exit', () => server.kill('SIGTERM'));
await new Promise<void>((resolve) =>
  server.stdout!.on('data', (d: Buffer) => String(d).includes('ready') && resolve()),
);

/** The server's resident memory (VmRSS) or its peak (VmHWM), MB. */
function memory(field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field))!;
  return Math.round(Number(/(\d+) kB/.exec(line)![1]) / 1024);
}

interface Answer {
  ms: number;
  bytes: number;
  encoding: string;
}

/** One request, the body counted as it arrives (not decompressed); `session`: a buyer's cookie. */
function ask(
  acceptEncoding: string,
  url = `/hallview/map/${performanceId}/?json=1`,
  session?: string,
): Promise<Answer> {
  return fetchBody(acceptEncoding, url, session).then(({ body, ...a }) => a);
}

/** The same, with the body kept. */
function fetchBody(
  acceptEncoding: string,
  url: string,
  session?: string,
  localAddress?: string,
): Promise<Answer & { body: Buffer; status: number }> {
  const started = performance.now();
  const headers: Record<string, string> = { 'accept-encoding': acceptEncoding };
  if (session) headers.cookie = `${SESSION_PARAM}=${session}`;
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${PORT}${url}`, { headers, ...(localAddress ? { localAddress } : {}) }, (res) => {
        let bytes = 0;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          parts.push(c);
        });
        res.on('end', () =>
          resolve({
            ms: Math.round(performance.now() - started),
            bytes,
            body: Buffer.concat(parts),
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
          }),
        );
      })
      .on('error', reject);
  });
}

const rows: string[][] = [];
const row = (label: string, a: Answer) => {
  console.log(`${label.padEnd(34)} ${a.encoding.padEnd(9)} ${(a.bytes / 1e6).toFixed(2).padStart(6)} MB ${a.ms} ms`);
  rows.push([label, a.encoding, (a.bytes / 1e6).toFixed(3), String(a.ms)]);
};
const BROWSER = 'gzip, deflate, br';

console.log(`Hall map of the stadium: performance ${performanceId}, ${places} places.`);
const startMb = memory('VmRSS');
console.log(`Server after start: ${startMb} MB resident.`);
row('first request (browser)', await ask(BROWSER));
row('again (browser)', await ask(BROWSER));
row('gzip only', await ask('gzip'));
row('no compression', await ask('identity'));
// Past the shared map's few seconds of freshness, so that the ten below find no map built.
await new Promise((resolve) => setTimeout(resolve, 3_500));
for (const encoding of [BROWSER, 'identity']) {
  const started = performance.now();
  const ten = await Promise.all(Array.from({ length: 10 }, () => ask(encoding)));
  const label = `ten at once (${encoding === BROWSER ? 'browser' : encoding})`;
  const all = Math.round(performance.now() - started);
  console.log(
    `${label}: all answered in ${all} ms; each ${ten.map((a) => a.ms).join(', ')} ms; ${(ten[0]!.bytes / 1e6).toFixed(2)} MB each`,
  );
  rows.push([`${label}, the slowest`, ten[0]!.encoding, (ten[0]!.bytes / 1e6).toFixed(2), String(all)]);
}
// The canvas plan's answers (decision 0025): the performance's compact state and the hall's layout.
await new Promise((resolve) => setTimeout(resolve, 3_500));
const compactUrl = `/hallview/map/${performanceId}/?json=1&compact=1`;
row('compact map, first (gzip)', await ask('gzip', compactUrl));
row('compact map, again (gzip)', await ask('gzip', compactUrl));
row('compact map, again (browser)', await ask(BROWSER, compactUrl));
const layoutUrl = `/hallview/layout/${hallId}/`;
row('hall layout, first (gzip)', await ask('gzip', layoutUrl));
row('hall layout, again (gzip)', await ask('gzip', layoutUrl));
row('hall layout, again (browser)', await ask(BROWSER, layoutUrl));
// A buyer who holds places gets a compact map of their own (their seats marked as theirs): it
// is built for them on every request, never shared. Each buyer below first selects one seat.
/** A loopback address of its own, as a buyer of their own asks from (loopback answers any 127.x.y.z). */
const someAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
/** A new buyer holding `seat`: their session id. */
async function holder(seat: number): Promise<string> {
  const session = issueSessionId(SECRET);
  // Each buyer from an address of their own (loopback answers any 127.x.y.z): the holds cap
  // per address would otherwise refuse the rush's buyers, and those of earlier runs still held.
  const localAddress = someAddress();
  const body = new URLSearchParams({ cypher: String(seat), [CSRF_PARAM]: csrfTokenFor(session, SECRET) }).toString();
  const answer = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${PORT}/hallPlace/select/`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${SESSION_PARAM}=${session}` },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c;
        });
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (JSON.parse(answer).result !== 1) throw new Error(`seat ${seat} not held: ${answer}`);
  return session;
}
const own = await holder(freeSeats[0]!);
row('own compact map, first (gzip)', await ask('gzip', compactUrl, own));
row('own compact map, again (gzip)', await ask('gzip', compactUrl, own));
row('own compact map, again (browser)', await ask(BROWSER, compactUrl, own));
const holders = await Promise.all(freeSeats.slice(1, 11).map(holder));
{
  const started = performance.now();
  const ten = await Promise.all(holders.map((session) => ask(BROWSER, compactUrl, session)));
  const all = Math.round(performance.now() - started);
  console.log(`ten own compact maps at once: all answered in ${all} ms; each ${ten.map((a) => a.ms).join(', ')} ms`);
  rows.push([
    'ten own compact maps at once, the slowest',
    ten[0]!.encoding,
    (ten[0]!.bytes / 1e6).toFixed(3),
    String(all),
  ]);
}
// During a rush: buyers take seats one after another (every hold has the shared map built again,
// at most once per its own build time), while others keep asking for the compact map. Each
// answer's time, and how long after a hold's answer the shared map first shows that seat taken.
/** The seat codes for sale in a compact answer (gzip). */
function forSale(gzip: Buffer): Set<number> {
  const state = (JSON.parse(gunzipSync(gzip).toString()) as { compact: CompactHallState }).compact;
  const cyphers: number[] = [];
  deltaDecode(state.cypher, cyphers);
  return new Set(cyphers);
}
const RUSH_MS = 15_000;
const RUSH_READERS = 4;
const RUSH_HOLDERS = 2;
const rushSeats = freeSeats.slice(11);
let loadBefore = 0;
const answers: number[] = [];
const seen: number[] = [];
let holds = 0;
/** Answers other than 200 during the rush (none expected). */
let refused = 0;
{
  const until = performance.now() + RUSH_MS;
  loadBefore = os.loadavg()[0] ?? 0;
  // Every answer from an address of its own: many buyers, not one asking hundreds of times.
  const reader = async () => {
    while (performance.now() < until) {
      const a = await fetchBody('gzip', compactUrl, undefined, someAddress());
      if (a.status === 200) answers.push(a.ms);
      else refused++;
    }
  };
  const taker = async () => {
    while (performance.now() < until && rushSeats.length > 0) {
      const seat = rushSeats.shift()!;
      await holder(seat);
      holds++;
      const heldAt = performance.now();
      // Polled until the shared map shows it taken (each poll is an answer like any buyer's).
      for (;;) {
        const a = await fetchBody('gzip', compactUrl, undefined, someAddress());
        if (a.status !== 200) refused++;
        else if (!forSale(a.body).has(seat)) break;
        if (performance.now() - heldAt > 60_000) throw new Error(`seat ${seat} still free after 60 s`);
      }
      seen.push(performance.now() - heldAt);
    }
  };
  await Promise.all([...Array.from({ length: RUSH_READERS }, reader), ...Array.from({ length: RUSH_HOLDERS }, taker)]);
}
const [loadAfter = 0] = os.loadavg();
answers.sort((a, b) => a - b);
seen.sort((a, b) => a - b);
const pct = (v: number[], p: number) => v[Math.min(v.length - 1, Math.floor((v.length * p) / 100))] ?? 0;
const rushAnswers = `p50 ${pct(answers, 50)} / p99 ${pct(answers, 99)} / max ${answers.at(-1) ?? 0}`;
const rushSeen = `p50 ${Math.round(pct(seen, 50))} / max ${Math.round(seen.at(-1) ?? 0)}`;
console.log(
  `rush: ${holds} holds in ${RUSH_MS / 1000} s; ${answers.length} compact answers (${refused} refused) ${rushAnswers} ms; a hold seen ${rushSeen} ms`,
);
rows.push([`during a rush: compact map answers (${answers.length}; ${refused} not 200), ms`, 'gzip', '', rushAnswers]);
rows.push([`during a rush: a hold seen in the shared map (${seen.length}), ms after its answer`, 'gzip', '', rushSeen]);
const nowMb = memory('VmRSS');
const peakMb = memory('VmHWM');
console.log(`Server now ${nowMb} MB resident, peak ${peakMb} MB.`);
console.log(`Machine: ${machine()}.`);
server.kill('SIGTERM');

const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
writeSection(
  `hall-map-${databaseUrl ? 'postgres' : 'pglite'}`,
  `## Hall map of the stadium, ${database}

\`GET /hallview/map/${performanceId}/?json=1\` (${places} places) from the API server in its own
process, the body counted as it arrives (compressed bytes). 'browser' asks for gzip, deflate and
br. The ten at once start just after the shared map's few seconds of freshness ran out, so they
share one build. Before issue 8 the same map was 27.02 MB uncompressed on every request, ten at
once took 11.6–19.2 s each on PGlite (5.4–6.9 s on PostgreSQL) and the process peaked at
1 849 MB (1 972 MB). The canvas plan (decision 0025) asks instead for the compact map
(\`&compact=1\`: the performance's state) and the hall's layout (\`/hallview/layout/${hallId}/\`,
the same for every performance, kept by the browser): those rows are the whole of what the
plan loads. A buyer who holds places of the performance gets a compact map of their own (their
places marked as theirs), built for them on every request: the 'own' rows, each buyer holding one
seat first (at most two such maps are built at once; the others wait their turn).
'During a rush' runs for ${RUSH_MS / 1000} s: ${RUSH_READERS} buyers ask for the compact map again and again while ${RUSH_HOLDERS}
others take seats one after another (${holds} holds), each hold's buyer then asking for the shared
compact map until it shows that seat taken. Every hold has the shared map built again (not
sooner than it has been served for its own build time); the answers meanwhile come from the map
kept (stale while revalidate, decision 0053), never older than 10 s. Before it, every answer
that found the map out of date waited for its build (the 'first' row's time). Load average
(1 min) ${loadBefore.toFixed(1)} before the rush and ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores: on a busy machine every figure here is slower.

${markdownTable(['request', 'encoding', 'MB sent', 'ms'], rows)}

Server memory: ${startMb} MB after start, ${nowMb} MB after the run, peak ${peakMb} MB${databaseUrl ? '' : ' (PGlite runs inside the server process)'}.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Command: \`${databaseUrl ? 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test ' : ''}node --conditions=source --import tsx scripts/bench/hall-map.ts\``,
);
process.exit(0);
