/**
 * Vitest global setup of the server tests: one migrated PGlite data directory for the whole run.
 * An in-memory PGlite costs about a second to initialise and most of another to migrate; a test
 * database loaded from this dump is ready in about half a second (openTestPglite). The dump sits
 * in the system's temporary folder for the run and is removed after it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/index.js';
import { pgliteDatabase, startPglite } from '../../src/db/pglite.js';
// The name this setup provides and openTestPglite injects (ProvidedContext, declared there).
import type {} from './databases.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const pg = await startPglite(undefined);
  await migrate(pgliteDatabase(pg));
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'partera-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
