import path from 'node:path';
import { seedDemo } from '../../packages/server/src/demo.js';
import { loadConfig, startServer } from '../../packages/server/src/index.js';
import { sitePages } from '../../packages/site/src/server/index.js';

/**
 * The product as the browser benchmarks measure it: the production server with the site, on
 * PGlite with the full demo catalogue (kept in .data/bench-pglite between runs), at
 * http://127.0.0.1:{port}.
 */
export async function startDemoProduct(port: number) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // Production asks for these on purpose: a real secret, and the demo catalogue to measure.
    SECRET: 'bench-secret-of-at-least-thirty-two-characters',
    DEMO_DATA: 'full',
    PORT: String(port),
    DATA_DIR: path.resolve('.data/bench-pglite'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const server = await startServer({ plugins: [sitePages], config, demo: seedDemo, log: () => {} });
  return { server, origin: config.publicUrl };
}
