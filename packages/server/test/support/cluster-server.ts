/**
 * The API server on several processes, as the product runs them (runServer, node:cluster), for
 * the fault tests: reads the same environment as api-server.ts plus WORKERS, and prints each
 * worker's 'Worker {pid} is serving'.
 */
import { runServer } from '../../src/cluster.js';
import { loadConfig } from '../../src/config.js';

const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), host: '127.0.0.1' };
await runServer({ config, log: (line) => console.log(line) });
