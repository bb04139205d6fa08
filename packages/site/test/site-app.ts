import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildApp,
  type Database,
  type FastifyInstance,
  type FastifyPluginAsync,
  type LightMyRequestResponse,
  loadConfig,
  openMigratedDatabase,
} from '@partera/server';

export interface SiteApp {
  app: FastifyInstance;
  db: Database;
  /** A GET as a browser (or a test) sends it. */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The API with the site's pages over a fresh PGlite in a temporary folder, filled with `sql`
 * (statements separated by ';' at line ends), the clock frozen at `now`.
 */
export async function openSiteApp(opts: {
  sitePages: FastifyPluginAsync;
  sql: string;
  now: Date;
  /** Settings to change (the admission gate's, say). */
  config?: Partial<ReturnType<typeof loadConfig>>;
}): Promise<SiteApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'partera-site-'));
  const db = await openMigratedDatabase({ databaseUrl: undefined, dataDir: path.join(dir, 'db') });
  for (const statement of opts.sql.split(/;\n/)) if (statement.trim()) await db.query(statement);
  const config = { ...loadConfig({}), databaseUrl: undefined, dataDir: dir, redisUrl: undefined, ...opts.config };
  const app = await buildApp({ db, clock: { now: () => opts.now }, config }, { plugins: [opts.sitePages] });
  return {
    app,
    db,
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
    async close() {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
