/**
 * Vitest global setup of the server tests: one migrated PGlite data directory for the whole run.
 * An in-memory PGlite costs about a second to initialise and most of another to migrate; a test
 * database loaded from this dump is ready in about half a second (openTestPglite). The dump sits
 * in the system's temporary folder for the run and is removed after it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/index.js';
import { openPglite } from '../../src/db/pglite.js';
// The name this setup provides and openTestPglite injects (ProvidedContext, declared there).
import type {} from './databases.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'partera-pglite-template-'));
  const dataDir = path.join(folder, 'data');
  const migrated = await openPglite(dataDir);
  await migrate(migrated);
  await migrated.close();
  // Opened again as PGlite itself, with the same extensions, for its dump.
  const pg = new PGlite({ dataDir, extensions: { pg_trgm } });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  rmSync(dataDir, { recursive: true, force: true });
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
