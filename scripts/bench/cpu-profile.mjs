/**
 * Preloaded into a benchmark's server process (load.ts profiledEnv): profiles it from its start
 * and writes `<BENCH_PROFILE>/server-<pid>.cpuprofile` when it is asked to stop (SIGTERM), before
 * the server's own handler exits.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const folder = process.env.BENCH_PROFILE;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  process.prependListener('SIGTERM', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(folder, { recursive: true });
      writeFileSync(`${folder}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
