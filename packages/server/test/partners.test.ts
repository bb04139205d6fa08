import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../src/db/index.js';
import { openMigratedDatabase } from '../src/db/index.js';
import {
  createPartnerOriginsCache,
  findPartnerByHash,
  findPayingPartner,
  listPartners,
  NotifySecretKey,
  normalizeOrigin,
  registerPartner,
} from '../src/services/partners/index.js';
import { databaseKinds, describeEachDatabase, openTestPostgres, postgresUrl } from './support/databases.js';

describe('normalizeOrigin', () => {
  it('keeps scheme, host and port as the browser reports them, and refuses anything else', () => {
    expect(normalizeOrigin('https://Partner.Example/')).toBe('https://partner.example');
    expect(normalizeOrigin('http://localhost:4000')).toBe('http://localhost:4000');
    expect(normalizeOrigin('https://partner.example:443')).toBe('https://partner.example');
    for (const bad of [
      'partner.example',
      'ftp://partner.example',
      'https://partner.example/shop',
      'https://partner.example/?a=1',
      'https://user:pw@partner.example',
      "https://partner.example; script-src 'unsafe-inline'",
      '*',
    ]) {
      expect(normalizeOrigin(bad), bad).toBeNull();
    }
  });
});

/** The sealing key of a server whose SECRET is this (the registry stores partner secrets sealed). */
const SERVER_SECRET = 'partners-test-secret';
const secrets = NotifySecretKey.fromServerSecret(SERVER_SECRET);

describeEachDatabase('the partner registry', (get) => {
  it('registers a partner with normalised origins and a fresh hash', async () => {
    const a = await registerPartner(
      get().db,
      {
        name: ' Театральный портал ',
        origins: ['https://Tickets.Partner.example/', 'https://tickets.partner.example', 'http://127.0.0.1:4000'],
        cashbackPercent: 5,
        ownPayFlow: true,
      },
      secrets,
    );
    const b = await registerPartner(get().db, { name: 'Второй', origins: ['https://second.example'] });
    if (!a.ok || !b.ok) throw new Error('registration failed');
    expect(a.partner).toMatchObject({
      name: 'Театральный портал',
      allowedOrigins: ['https://tickets.partner.example', 'http://127.0.0.1:4000'],
      cashbackPercent: 5,
      ownPayFlow: true,
    });
    expect(a.partner.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.partner.hash).not.toBe(a.partner.hash);
    expect(b.partner).toMatchObject({ cashbackPercent: 0, ownPayFlow: false });
    expect(await findPartnerByHash(get().db, a.partner.hash)).toEqual(a.partner);
    expect(await findPartnerByHash(get().db, 'no-such-partner-hash')).toBeNull();
    expect((await listPartners(get().db)).map((p) => p.name)).toEqual(['Театральный портал', 'Второй']);
  });

  it('keeps a hash already used in the field, once', async () => {
    const first = await registerPartner(get().db, {
      name: 'Старый партнёр',
      origins: ['https://old.example'],
      hash: 'legacy-hash-0001',
    });
    expect(first.ok && first.partner.hash).toBe('legacy-hash-0001');
    const again = await registerPartner(get().db, {
      name: 'Другой',
      origins: ['https://x.example'],
      hash: 'legacy-hash-0001',
    });
    expect(again).toEqual({ ok: false, message: 'Another partner already has this hash' });
    expect((await findPartnerByHash(get().db, 'legacy-hash-0001'))?.name).toBe('Старый партнёр');
  });

  it('gives a partner with its own pay flow a notify secret, once, and only such a partner', async () => {
    const generated = await registerPartner(
      get().db,
      {
        name: 'Оператор',
        origins: ['https://operator.example'],
        ownPayFlow: true,
      },
      secrets,
    );
    const chosen = await registerPartner(
      get().db,
      {
        name: 'Оператор-2',
        origins: ['https://operator2.example'],
        ownPayFlow: true,
        notifySecret: 'chosen-notify-secret',
      },
      secrets,
    );
    const plain = await registerPartner(get().db, { name: 'Без оплаты', origins: ['https://plain.example'] });
    if (!generated.ok || !chosen.ok || !plain.ok) throw new Error('registration failed');
    expect(generated.notifySecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(chosen.notifySecret).toBe('chosen-notify-secret');
    expect(plain.notifySecret).toBeNull();
    // The registry's ordinary reads never carry the secret.
    expect(await findPartnerByHash(get().db, generated.partner.hash)).toEqual(generated.partner);
    expect(await findPayingPartner(get().db, generated.partner.hash, secrets)).toEqual({
      partner: generated.partner,
      notifySecret: generated.notifySecret,
    });
    expect(await findPayingPartner(get().db, plain.partner.hash, secrets)).toBeNull();

    const before = (await listPartners(get().db)).length;
    const refused = await Promise.all([
      registerPartner(get().db, { name: 'A', origins: ['https://a.example'], notifySecret: 'chosen-notify-secret' }),
      registerPartner(
        get().db,
        { name: 'A', origins: ['https://a.example'], ownPayFlow: true, notifySecret: 'short' },
        secrets,
      ),
      registerPartner(
        get().db,
        { name: 'A', origins: ['https://a.example'], ownPayFlow: true, notifySecret: 'has spaces in the secret' },
        secrets,
      ),
    ]);
    expect(refused.map((r) => r.ok)).toEqual([false, false, false]);
    expect(await listPartners(get().db)).toHaveLength(before);
  });

  it('refuses a registration without a name or origins, with a bad origin, cashback or hash, and stores nothing', async () => {
    const before = (await listPartners(get().db)).length;
    const refusals = await Promise.all([
      registerPartner(get().db, { name: '  ', origins: ['https://a.example'] }),
      registerPartner(get().db, { name: 'A', origins: [] }),
      registerPartner(get().db, { name: 'A', origins: ['https://a.example', 'https://a.example/path'] }),
      registerPartner(get().db, { name: 'A', origins: ['https://a.example'], cashbackPercent: 101 }),
      registerPartner(get().db, { name: 'A', origins: ['https://a.example'], cashbackPercent: 2.5 }),
      registerPartner(get().db, { name: 'A', origins: ['https://a.example'], hash: 'short' }),
      registerPartner(get().db, { name: 'A', origins: ['https://a.example'], hash: 'has spaces in it' }),
    ]);
    for (const r of refusals) expect(r.ok).toBe(false);
    expect(refusals[2]).toEqual({ ok: false, message: 'Not an origin (scheme://host[:port]): https://a.example/path' });
    expect(await listPartners(get().db)).toHaveLength(before);
  });
});

/** Counts the queries that reach the database, to see what the cache saves. */
function counting(db: Queryable) {
  const counter = {
    queries: 0,
    failNext: false,
    db: {
      query: ((sql: string, params?: readonly unknown[]) => {
        counter.queries++;
        if (counter.failNext) {
          counter.failNext = false;
          return Promise.reject(new Error('connection lost'));
        }
        return db.query(sql, params);
      }) as Queryable['query'],
    },
  };
  return counter;
}

describeEachDatabase('the pages frame-ancestors policy', (get) => {
  it("lists 'self' and every partner origin once, sorted, and skips rows that are not origins", async () => {
    const cache = createPartnerOriginsCache(get().db);
    expect(await cache.framePolicy()).toBe("frame-ancestors 'self'");
    await registerPartner(get().db, { name: 'B', origins: ['https://b.example', 'http://localhost:4000'] });
    await registerPartner(get().db, { name: 'A', origins: ['https://b.example', 'https://a.example'] });
    // A row written around the registry must not smuggle another directive into the header.
    await get().db.query(
      `INSERT INTO partners (name, hash, allowed_origins) VALUES ('Hand-made', 'hand-made-hash', $1)`,
      [["https://c.example; script-src 'unsafe-inline'", 'https://d.example']],
    );
    const fresh = createPartnerOriginsCache(get().db);
    expect(await fresh.framePolicy()).toBe(
      "frame-ancestors 'self' http://localhost:4000 https://a.example https://b.example https://d.example",
    );
  });

  it('reads the origins once per few seconds per process, and sees a new partner after that', async () => {
    let now = 1_000_000;
    const counter = counting(get().db);
    const cache = createPartnerOriginsCache(counter.db, { now: () => now });
    const [first, second] = await Promise.all([cache.origins(), cache.origins()]);
    expect(second).toEqual(first);
    expect(counter.queries).toBe(1);
    await registerPartner(get().db, { name: 'Новый', origins: ['https://new-partner.example'] });
    now += 4_000;
    expect(await cache.origins()).not.toContain('https://new-partner.example');
    expect(counter.queries).toBe(1);
    now += 1_000;
    expect(await cache.origins()).toContain('https://new-partner.example');
    expect(counter.queries).toBe(2);
  });

  it('does not keep a failed read: the next page asks the database again', async () => {
    let now = 0;
    const counter = counting(get().db);
    const cache = createPartnerOriginsCache(counter.db, { now: () => now });
    counter.failNext = true;
    await expect(cache.framePolicy()).rejects.toThrow('connection lost');
    now += 10;
    expect(await cache.framePolicy()).toContain('https://new-partner.example');
    expect(counter.queries).toBe(2);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `npm run partners -- …` as an operator would, with the given database environment. */
/** The command run as an operator runs it; its exit status and what it printed. */
function partnersCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'packages/server/src/cli/partners.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', SECRET: SERVER_SECRET, ...env }, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const status = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

/**
 * The command opens the database the way the server does (DATABASE_URL, else DATA_DIR). A PGlite
 * folder has one user at a time, so the test opens it only after the command has finished.
 */
for (const kind of databaseKinds) {
  describe(`the partners command [${kind}]`, () => {
    let env: Record<string, string>;
    let open: () => Promise<Database>;
    let close: () => Promise<void>;
    let db: Database | undefined;

    beforeAll(async () => {
      if (kind === 'postgres') {
        const t = await openTestPostgres(postgresUrl!);
        env = { DATABASE_URL: t.url! };
        open = async () => t.db;
        close = () => t.close();
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), 'partera-partners-'));
        env = { DATA_DIR: path.join(dir, 'db') };
        open = () => openMigratedDatabase({ databaseUrl: undefined, dataDir: env.DATA_DIR! });
        close = async () => {
          await db?.close();
          rmSync(dir, { recursive: true, force: true });
        };
      }
    }, 60_000);

    afterAll(async () => {
      await close?.();
    });

    it('adds a partner, prints its hash and lists it; refuses bad arguments without writing', async () => {
      const added = await partnersCommand(
        [
          'add',
          '--name',
          'Телеком',
          '--origin',
          'https://shop.telecom.example',
          '--origin',
          'http://127.0.0.1:4100',
          '--cashback',
          '7',
          '--own-pay-flow',
        ],
        env,
      );
      expect(added.stderr).toContain('Registered partner');
      expect(added.status).toBe(0);
      // The hash, then (own pay flow) the notify secret, printed this once.
      const [hash = '', secret = '', ...rest] = added.stdout.trim().split('\n');
      expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(rest).toEqual([]);
      expect(added.stderr).toContain('shown this once');

      const plain = await partnersCommand(['add', '--name', 'Афиша', '--origin', 'https://afisha.example'], env);
      expect(plain.status).toBe(0);
      expect(plain.stdout.trim()).toMatch(/^[A-Za-z0-9_-]{22}$/);

      const refused = await Promise.all([
        // Refused before the database is opened: they may run at once.
        partnersCommand(['add', '--name', 'Без сайта'], env),
        partnersCommand(['add', '--origin', 'https://x.example'], env),
        partnersCommand(['add', '--name', 'X', '--origin', 'https://x.example', '--cashback', 'пять'], env),
        partnersCommand(['add', '--name', 'X', '--origin', 'https://x.example', '--colour', 'red'], env),
        partnersCommand(['remove', '--name', 'X'], env),
        partnersCommand(
          ['add', '--name', 'X', '--origin', 'https://x.example', '--notify-secret', 'x'.repeat(20)],
          env,
        ),
      ]);
      for (const r of refused) {
        expect(r.status).toBe(2);
        expect(r.stderr).toContain('Usage:');
      }
      const badOrigin = await partnersCommand(['add', '--name', 'X', '--origin', 'https://x.example/shop/'], env);
      expect(badOrigin.status).toBe(1);
      expect(badOrigin.stderr).toContain('Not an origin');

      const listed = await partnersCommand(['list'], env);
      expect(listed.status).toBe(0);
      const lines = listed.stdout.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(
        `1\t${hash}\tТелеком\thttps://shop.telecom.example http://127.0.0.1:4100\tcashback 7%, own pay flow`,
      );
      expect(lines[1]).toMatch(/^2\t[A-Za-z0-9_-]{22}\tАфиша\thttps:\/\/afisha\.example$/);

      db = await open();
      expect(await findPartnerByHash(db, hash)).toMatchObject({
        name: 'Телеком',
        allowedOrigins: ['https://shop.telecom.example', 'http://127.0.0.1:4100'],
        cashbackPercent: 7,
        ownPayFlow: true,
      });
      expect(await listPartners(db)).toHaveLength(2);
      expect((await findPayingPartner(db, hash, secrets))?.notifySecret).toBe(secret);
      // Printed once, stored only sealed with the server's SECRET.
      const stored = await db.query<{ notify_secret: string | null; notify_secret_sealed: string }>(
        'SELECT notify_secret, notify_secret_sealed FROM partners WHERE hash = $1',
        [hash],
      );
      expect(stored.rows[0]?.notify_secret).toBeNull();
      expect(stored.rows[0]?.notify_secret_sealed).not.toContain(secret);
    }, 240_000);
  });
}
