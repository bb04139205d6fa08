/**
 * Finding 4 (memory and time exhaustion), /uiperformancelog/: one client stored ~17 KB a row at
 * ~190 rows a second. A stored report is now a few KB at most, the call is rate-limited
 * (rate-limits.test.ts), and the table keeps a bounded number of rows of a bounded age.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { readUiReport, recordUiReport } from '../src/services/partners/performance-log.js';
import { buildTestApp, nextClientAddress } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('finding 4: the browser reports’ table stays small', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  it('stores a few KB of a report at most, however large the request', async () => {
    // Every field within the contract's bounds, together 40 KB: the store's budget still holds.
    const fields = new URLSearchParams({ location: `/performance/1/${'x'.repeat(2_000)}` });
    for (let i = 0; i < 20; i++) fields.set(`t${i}`, 'я'.repeat(1_000));
    const r = await app.inject({
      method: 'GET',
      url: `/uiperformancelog/?${fields}`,
      remoteAddress: nextClientAddress(),
      headers: { 'user-agent': `Mozilla/5.0 ${'z'.repeat(10_000)}` },
    });
    expect(r.statusCode).toBe(200);
    const row = await get().db.query<{ bytes: number; payload: { fields: Record<string, string> } }>(
      'SELECT octet_length(payload::text) AS bytes, payload FROM ui_performance_log ORDER BY id DESC LIMIT 1',
    );
    expect(row.rows[0]!.bytes).toBeLessThanOrEqual(5_000);
    expect(row.rows[0]!.payload.fields.location).toMatch(/^\/performance\/1\/x+$/);
  });

  it('drops control characters from what it stores', () => {
    expect(readUiReport({ iframe_msg: 'a\u0000b\u0007c' }).fields.iframe_msg).toBe('a b c');
  });

  it('keeps no report older than maxAgeDays, and at most maxRows of them', async () => {
    const db = get().db;
    const now = new Date();
    const keepAll = { maxRows: 1_000_000, maxAgeDays: 30, trimEvery: 1_000_000 };
    const old = new Date(now.getTime() - 31 * 86_400_000);
    await recordUiReport(db, readUiReport({ iframe_failure: '1', loc: 'old' }), { at: old, userAgent: 'ua' }, keepAll);
    await recordUiReport(
      db,
      readUiReport({ location: '/new/' }),
      { at: now, userAgent: 'ua' },
      {
        ...keepAll,
        trimEvery: 1,
      },
    );
    const oldest = await db.query<{ at: Date }>('SELECT min(created_at) AS at FROM ui_performance_log');
    expect(new Date(oldest.rows[0]!.at).getTime()).toBeGreaterThan(old.getTime());

    const retention = { maxRows: 5, maxAgeDays: 30, trimEvery: 1 };
    for (let i = 0; i < 12; i++) {
      await recordUiReport(db, readUiReport({ location: `/p/${i}/` }), { at: now, userAgent: 'ua' }, retention);
    }
    const rows = await db.query<{ payload: { fields: Record<string, string> } }>(
      'SELECT payload FROM ui_performance_log ORDER BY id',
    );
    expect(rows.rows.map((r) => r.payload.fields.location)).toEqual(['/p/7/', '/p/8/', '/p/9/', '/p/10/', '/p/11/']);
  });
});
