/**
 * Issue 8, finding 1: a production start seeded the demo catalogue, with the demo telecom
 * partner whose notify secret is published, and ran with the development SECRET.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_SECRET, loadConfig } from '../src/config.js';
import { startServer } from '../src/runtime.js';
import { postgresUrl, withSearchPath } from './support/databases.js';

const STRONG = `${'x'.repeat(16)}production-secret-0123456789`;

describe('finding 1: production needs a real SECRET and never loads demo data unasked', () => {
  it('refuses to start production without SECRET, with the development value or a short one', () => {
    for (const secret of [undefined, '', DEVELOPMENT_SECRET, 'short-secret']) {
      expect(() => loadConfig({ NODE_ENV: 'production', SECRET: secret }), String(secret)).toThrow(ConfigError);
    }
    expect(loadConfig({ NODE_ENV: 'production', SECRET: STRONG }).csrfSecret).toBe(STRONG);
    // Development keeps working without any setting.
    expect(loadConfig({}).csrfSecret).toBe(DEVELOPMENT_SECRET);
  });

  it('loads demo data in development by default, in production only when the operator asks', () => {
    expect(loadConfig({}).demoData).toBe('full');
    expect(loadConfig({ SEED: 'small' }).demoData).toBe('small');
    expect(loadConfig({ NODE_ENV: 'production', SECRET: STRONG }).demoData).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SECRET: STRONG, DEMO_DATA: 'small' }).demoData).toBe('small');
    expect(() => loadConfig({ DEMO_DATA: 'everything' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as a list and trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('issue 9: runs one process per core with PostgreSQL, one with the embedded database, and refuses more there', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', WORKERS: '0' })).toThrow(ConfigError);
  });

  it('issue 9: the admission gate is on by default and off with ADMISSION_RATE=0', () => {
    expect(loadConfig({}).admission).toEqual({ rate: 200, burst: 50 });
    expect(loadConfig({ ADMISSION_RATE: '0' }).admission.rate).toBe(0);
    expect(loadConfig({ ADMISSION_RATE: '50', ADMISSION_BURST: '10' }).admission).toEqual({ rate: 50, burst: 10 });
  });

  it('a production start runs without loading the demo catalogue, even with a demo loader at hand', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'partera-prod-'));
    const schema = `prod_${Date.now().toString(36)}`;
    const env = {
      NODE_ENV: 'production',
      SECRET: STRONG,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(postgresUrl ? { DATABASE_URL: withSearchPath(postgresUrl, schema) } : {}),
    };
    if (postgresUrl) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
    }
    const lines: string[] = [];
    let demoCalls = 0;
    const server = await startServer({
      config: loadConfig(env),
      demo: async () => {
        demoCalls++;
      },
      log: (line) => lines.push(line),
    });
    try {
      const counts = await server.app.deps.db.query<{ partners: number; cities: number }>(
        'SELECT (SELECT count(*) FROM partners)::int AS partners, (SELECT count(*) FROM cities)::int AS cities',
      );
      expect(counts.rows[0]).toEqual({ partners: 0, cities: 0 });
      expect(demoCalls).toBe(0);
      // No development pages in production.
      expect((await server.app.inject({ method: 'GET', url: '/dev/outbox/' })).statusCode).toBe(404);
      // No gateway configured: the operator is told once, and messages wait in the outbox.
      expect(lines.filter((l) => l.includes('not configured'))).toEqual([
        'E-mail is not configured (SMTP_URL): e-mails wait in the outbox',
        'SMS is not configured (SMS_RU_API_ID): SMS wait in the outbox',
      ]);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (postgresUrl) {
        const pg = (await import('pg')).default;
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
    }
  });
});
