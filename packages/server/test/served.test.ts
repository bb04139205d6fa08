/**
 * The contract tells the truth: the calls it marks served (SERVED_CALL_IDS) are exactly the
 * calls the server registers, with development tools on; without them, the same less the
 * development calls.
 */
import { allCalls, developmentCalls, SERVED_CALL_IDS } from '@partera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedCallIds } from '../src/http/route.js';
import { buildTestApp } from './support/app.js';
import { openTestDatabase } from './support/databases.js';

describe('the contract’s served calls', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('are the calls a server with development tools registers, no more and no fewer', async () => {
    const { app } = await buildTestApp(db.db, { config: { devTools: true } });
    try {
      expect(servedCallIds(app)).toEqual([...SERVED_CALL_IDS].sort());
    } finally {
      await app.close();
    }
  });

  it('less the development calls without development tools', async () => {
    const { app } = await buildTestApp(db.db, { config: { devTools: false } });
    try {
      const development = new Set(developmentCalls.map((c) => c.id));
      expect(servedCallIds(app)).toEqual([...SERVED_CALL_IDS].filter((id) => !development.has(id)).sort());
    } finally {
      await app.close();
    }
  });

  it('name calls of the contract', () => {
    const ids = new Set(allCalls.map((c) => c.id));
    expect([...SERVED_CALL_IDS].filter((id) => !ids.has(id))).toEqual([]);
  });
});
