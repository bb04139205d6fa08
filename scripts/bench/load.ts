/**
 * The benchmarks' load generator: raw keep-alive sockets and requests written as bytes before
 * the clock starts, so that what a benchmark measures is the server, not the client.
 *
 * Node's http.request costs some 100 µs of the generator's CPU a request (an agent, an outgoing
 * message, header objects, a parser); 5,000 of them in one second took most of a core and made
 * the generator itself the queue the latencies were measured in (requests went out hundreds of
 * milliseconds late, the answers were read late). Here a request is one socket write of bytes
 * prepared in advance and its answer a few scans of the received bytes.
 *
 * Every connection is opened (and has served one request, as a browser's connection has served
 * the hall page) before the clock starts, and carries one request at a time.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

export interface Answer {
  status: number;
  body: string;
  /** From the request's write to the last byte of its answer. */
  ms: number;
}

/** A request as the bytes sent on the wire: method, path, headers and a form or JSON body. */
export function requestBytes(
  url: string,
  method: 'GET' | 'POST',
  pathName: string,
  headers: Record<string, string>,
  body = '',
): Buffer {
  const host = new URL(url).host;
  const lines = [`${method} ${pathName} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (method === 'POST') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/** One keep-alive connection to a server, one request at a time. */
export interface Connection {
  /** Writes the request and resolves with its answer. */
  send(bytes: Buffer): Promise<Answer>;
  close(): void;
}

/** One keep-alive connection to a server as a raw socket, one request at a time. */
export class RawConnection implements Connection {
  private received: Buffer[] = [];
  private size = 0;
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void; t0: number } | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (err: Error) => {
      const p = this.pending;
      this.pending = null;
      p?.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port) }, () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Writes the request and resolves with its answer. */
  send(bytes: Buffer): Promise<Answer> {
    if (this.pending) return Promise.reject(new Error('one request at a time'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, t0: performance.now() };
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.received.push(chunk);
    this.size += chunk.length;
    const all = this.received.length === 1 ? chunk : Buffer.concat(this.received, this.size);
    const headEnd = all.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = all.subarray(0, headEnd).toString('latin1');
    const bodyStart = headEnd + HEAD_END.length;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: Buffer;
    if (length) {
      const end = bodyStart + Number(length[1]);
      if (all.length < end) {
        this.keep(all);
        return;
      }
      body = all.subarray(bodyStart, end);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      if (all.indexOf(CHUNKED_END, bodyStart - 2) < 0) {
        this.keep(all);
        return;
      }
      body = dechunk(all.subarray(bodyStart));
    } else {
      body = Buffer.alloc(0);
    }
    this.received = [];
    this.size = 0;
    const p = this.pending;
    this.pending = null;
    p?.resolve({ status: Number(head.slice(9, 12)), body: body.toString(), ms: performance.now() - p.t0 });
  }

  private keep(all: Buffer): void {
    this.received = [all];
  }
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * The generator the benchmarks used before load.ts: Node's `http.request` over a keep-alive agent
 * of up to 256 sockets per server. Kept so that its figures can be compared with the raw
 * sockets' in one sitting (BENCH_GENERATOR=node-http): each request builds an outgoing message,
 * header objects and a parser on the generator's CPU, the same two cores the servers run on.
 * The prepared bytes are read back into a method, a path, headers and a body.
 */
export class NodeHttpConnection implements Connection {
  private static agents = new Map<string, http.Agent>();

  constructor(private readonly url: string) {}

  send(bytes: Buffer): Promise<Answer> {
    const text = bytes.toString();
    const headEnd = text.indexOf('\r\n\r\n');
    const [first, ...lines] = text.slice(0, headEnd).split('\r\n');
    const [method, pathName] = first!.split(' ');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (name !== 'host' && name !== 'connection') headers[name] = line.slice(colon + 1).trim();
    }
    let agent = NodeHttpConnection.agents.get(this.url);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
      NodeHttpConnection.agents.set(this.url, agent);
    }
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.url}${pathName}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - t0 }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(text.slice(headEnd + 4));
    });
  }

  close(): void {}
}

export type Generator = 'raw' | 'node-http';

/** Which generator the benchmarks use: raw sockets (default), or Node's http (BENCH_GENERATOR=node-http). */
export const generator: Generator = process.env.BENCH_GENERATOR === 'node-http' ? 'node-http' : 'raw';

/**
 * Opens `count` connections to `url`, a few hundred at a time (the server's accept backlog), and
 * lets each serve one request first (any answer will do, here a 404). With the node-http
 * generator the agent opens its sockets itself, on first use.
 */
export async function openConnections(url: string, count: number, kind = generator): Promise<Connection[]> {
  if (kind === 'node-http') return Array.from({ length: count }, () => new NodeHttpConnection(url));
  const warmUp = requestBytes(url, 'GET', '/bench-connection-warm-up', {});
  const connections: Connection[] = [];
  for (let i = 0; i < count; i += 200) {
    const batch = await Promise.all(Array.from({ length: Math.min(200, count - i) }, () => RawConnection.open(url)));
    await Promise.all(batch.map((c) => c.send(warmUp)));
    connections.push(...batch);
  }
  return connections;
}

/**
 * Calls `fire(i)` for i = 0 … count - 1 at i × spanMs / count from now (an open loop: arrivals
 * do not wait for answers) and resolves when every fired promise has. Due requests go out
 * together when the generator's turn comes late; `lateMs` tells by how much the last ones were.
 */
export async function arrivals(
  count: number,
  spanMs: number,
  fire: (i: number) => Promise<void>,
): Promise<{ lateMs: number[] }> {
  const started = performance.now();
  const lateMs: number[] = [];
  const running: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now() - started;
      while (next < count && (next * spanMs) / count <= now) {
        lateMs.push(now - (next * spanMs) / count);
        running.push(fire(next++));
      }
      if (next >= count) return done();
      setTimeout(tick, Math.max(0, (next * spanMs) / count - (performance.now() - started)));
    };
    tick();
  });
  await Promise.all(running);
  return { lateMs };
}

/**
 * Runs `each(i, w)` for i = 0 … count - 1 on `workers` workers at once (a closed loop): worker w
 * takes the next i as soon as its last one is answered. Resolves when all are.
 */
export async function inTurn(count: number, workers: number, each: (i: number, w: number) => Promise<void>) {
  let next = 0;
  const worker = async (w: number) => {
    for (let i = next++; i < count; i = next++) await each(i, w);
  };
  await Promise.all(Array.from({ length: Math.min(workers, count) }, (_, w) => worker(w)));
}

/** The CPU this process used while `work` ran, as a share of one core over its wall time. */
export async function cpuShare<T>(work: () => Promise<T>): Promise<{ result: T; share: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const cpu = process.cpuUsage(cpu0);
  return { result, share: (cpu.user + cpu.system) / 1000 / (performance.now() - t0) };
}

/**
 * BENCH_GENERATOR_CPU=<cpu list> (taskset's syntax, e.g. `1`) pins this process, the load
 * generator, with every thread, to those CPUs, so that its share of the machine is its own and
 * measured (cpuShare); BENCH_SERVER_CPU=<cpu list> pins the server processes it started (call
 * this after starting them). PostgreSQL and Redis stay where the system puts them. Linux only
 * (taskset, /proc). Answers what was pinned, for the report.
 */
export function pinProcesses(): string | null {
  const generator = process.env.BENCH_GENERATOR_CPU;
  const servers = process.env.BENCH_SERVER_CPU;
  const taskset = (cpus: string, pid: number) =>
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  if (generator) taskset(generator, process.pid);
  if (servers) for (const child of childPids(process.pid)) taskset(servers, child);
  const pinned = [
    ...(generator ? [`load generator on CPU ${generator}`] : []),
    ...(servers ? [`server processes on CPU ${servers}`] : []),
  ];
  return pinned.length > 0 ? pinned.join(', ') : null;
}

/** The ids of the processes `pid` started (every thread's children). */
function childPids(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

/**
 * BENCH_PROFILE=<folder>: the environment that makes each server process started with it write
 * a V8 CPU profile (cpu-profile.mjs) into that folder when it is stopped, for Chrome's DevTools
 * or `node --cpu-prof`'s readers. Node refuses --cpu-prof in NODE_OPTIONS, hence the preload.
 */
export function profiledEnv(): Record<string, string> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return {};
  const preload = new URL('./cpu-profile.mjs', import.meta.url).pathname;
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(), BENCH_PROFILE: folder };
}

/**
 * The CPU time (user and system, ms) the server processes this process started have used so
 * far; the difference over a rush divided by its requests is what one request cost them, a
 * figure a busy machine disturbs far less than latencies. Linux only (/proc).
 */
export function serversCpuMs(): number {
  const { user, system } = serversCpuSplitMs();
  return user + system;
}

/**
 * serversCpuMs in its two parts: the processes' own code (user) and the kernel's work for them
 * (system: their sockets' reads and writes, the event loop's polls).
 */
export function serversCpuSplitMs(): { user: number; system: number } {
  return childPids(process.pid).reduce(
    (sum, pid) => {
      const cpu = processCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      return { user: sum.user + cpu.user, system: sum.system + cpu.system };
    },
    { user: 0, system: 0 },
  );
}

/**
 * The CPU time (ms) of every PostgreSQL process on this machine: the backends serving the
 * servers' connections and the database's own background processes. A benchmark's database
 * share, on a machine that runs nothing else on PostgreSQL meanwhile.
 */
export function databaseCpuMs(): number {
  let sum = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!stat.includes(' (postgres) ')) continue;
    const cpu = processCpuMs(stat);
    sum += cpu.user + cpu.system;
  }
  return sum;
}

/** A process's CPU time (ms) from its /proc/<pid>/stat line: its own code's and the kernel's for it. */
function processCpuMs(stat: string): { user: number; system: number } {
  const tick = 1000 / 100; // USER_HZ: 100 on Linux
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
}
