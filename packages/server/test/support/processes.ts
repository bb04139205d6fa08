import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts support/api-server.ts in its own Node process and waits until it listens. */
export function startApiServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startNodeProcess({
    args: ['--conditions=source', '--import', 'tsx', path.join(here, 'api-server.ts')],
    cwd: repoRoot,
    env,
    ready: 'ready',
  });
}

/**
 * Starts a Node process (`args` after the node binary, in `cwd`) and waits until its standard
 * output shows `ready`; its URL is 127.0.0.1 on env.PORT. Stopping sends SIGTERM, then SIGKILL
 * after 5 s. A process that exits before it is ready, or takes a minute, rejects with its output.
 */
export async function startNodeProcess(opts: {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  ready: string;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, opts.args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not start: ${output}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      output += d.toString();
      if (stdout.includes(opts.ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code}: ${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${opts.env.PORT}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
