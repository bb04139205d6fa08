import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Queryable } from '../src/db/index.js';
import { signedHeaders } from '../src/payments/partner-pay/signature.js';
import { DEMO_TELECOM_PARTNER, seedSmallFixture } from '../src/seed/index.js';
import { findPayingPartner, NotifySecretKey, registerPartner } from '../src/services/partners/index.js';
import { buildTestApp, testConfig } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

const secrets = NotifySecretKey.fromServerSecret(testConfig().csrfSecret);

async function storedSecret(db: Queryable, hash: string) {
  const r = await db.query<{ notify_secret: string | null; notify_secret_sealed: string | null }>(
    'SELECT notify_secret, notify_secret_sealed FROM partners WHERE hash = $1',
    [hash],
  );
  return r.rows[0]!;
}

/** The partner back end reading an order it was never handed: 404 once the signature verifies, 403 before. */
function readOrder(app: FastifyInstance, clock: ManualClock, partner: string, secret: string) {
  const path = `/partner-pay/orders/${randomUUID()}/`;
  const timestamp = String(Math.floor(clock.now().getTime() / 1000));
  const headers = signedHeaders(secret, { partner, timestamp, method: 'GET', path, fields: [] });
  return app.inject({ method: 'GET', url: path, headers }).then((r) => r.statusCode);
}

/** A partner row as a database from before migration 0005 holds it: the secret in clear. */
async function insertClearPartner(db: Queryable, hash: string, secret: string) {
  await db.query(
    `INSERT INTO partners (name, hash, allowed_origins, own_pay_flow, notify_secret)
     VALUES ('Старый оператор', $1, ARRAY['https://old-operator.example'], true, $2)`,
    [hash, secret],
  );
}

describeEachDatabase('finding 1: partner notify secrets are stored sealed', (get) => {
  const clock = new ManualClock();
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db, { clock }));
  });
  afterAll(() => app.close());

  it('never stores the secret itself, and a signature made with it verifies', async () => {
    const { db } = get();
    const secret = 'operator-notify-secret-0001';
    const r = await registerPartner(
      db,
      { name: 'Оператор', origins: ['https://operator.example'], ownPayFlow: true, notifySecret: secret },
      secrets,
    );
    if (!r.ok) throw new Error(r.message);
    const stored = await storedSecret(db, r.partner.hash);
    expect(stored.notify_secret).toBeNull();
    expect(stored.notify_secret_sealed).not.toBeNull();
    expect(stored.notify_secret_sealed).not.toContain(secret);
    expect(stored.notify_secret_sealed).not.toContain(Buffer.from(secret).toString('base64url'));

    expect(await readOrder(app, clock, r.partner.hash, secret)).toBe(404);
    expect(await readOrder(app, clock, r.partner.hash, 'not-the-operator-secret')).toBe(403);

    // What the database holds is useless without the server's SECRET…
    expect(await findPayingPartner(db, r.partner.hash, NotifySecretKey.fromServerSecret('another-secret'))).toBeNull();
    // …and a sealed secret copied onto another partner's row does not open there.
    const other = await registerPartner(
      db,
      { name: 'Другой', origins: ['https://other.example'], ownPayFlow: true },
      secrets,
    );
    if (!other.ok) throw new Error(other.message);
    await db.query('UPDATE partners SET notify_secret_sealed = $2 WHERE hash = $1', [
      other.partner.hash,
      stored.notify_secret_sealed,
    ]);
    expect(await readOrder(app, clock, other.partner.hash, secret)).toBe(403);
  });

  it('seals a secret written in clear before the migration on its first use, and still verifies it', async () => {
    const { db } = get();
    await insertClearPartner(db, 'clear-before-0005-a', 'old-clear-secret-0001');
    expect(await readOrder(app, clock, 'clear-before-0005-a', 'old-clear-secret-0001')).toBe(404);
    const stored = await storedSecret(db, 'clear-before-0005-a');
    expect(stored.notify_secret).toBeNull();
    expect(stored.notify_secret_sealed).not.toContain('old-clear-secret-0001');
    // Sealed, it verifies just the same.
    expect(await readOrder(app, clock, 'clear-before-0005-a', 'old-clear-secret-0001')).toBe(404);
    expect(await readOrder(app, clock, 'clear-before-0005-a', 'not-the-old-secret')).toBe(403);
  });

  it('seals every clear secret as a server starts, before any request', async () => {
    const { db } = get();
    await insertClearPartner(db, 'clear-before-0005-b', 'old-clear-secret-0002');
    const { app: restarted } = await buildTestApp(db, { clock });
    try {
      const stored = await storedSecret(db, 'clear-before-0005-b');
      expect(stored.notify_secret).toBeNull();
      expect(stored.notify_secret_sealed).not.toContain('old-clear-secret-0002');
      expect(await readOrder(restarted, clock, 'clear-before-0005-b', 'old-clear-secret-0002')).toBe(404);
    } finally {
      await restarted.close();
    }
  });
});

describeEachDatabase('finding 1: the demo telecom partner’s secret is sealed like any other', (get) => {
  it('keeps the documented development secret, stored sealed once the server starts', async () => {
    const { db } = get();
    await seedSmallFixture(db);
    const clock = new ManualClock();
    const { app } = await buildTestApp(db, { clock });
    try {
      const stored = await storedSecret(db, DEMO_TELECOM_PARTNER.hash);
      expect(stored.notify_secret).toBeNull();
      expect(stored.notify_secret_sealed).not.toContain(DEMO_TELECOM_PARTNER.notifySecret);
      expect(await readOrder(app, clock, DEMO_TELECOM_PARTNER.hash, DEMO_TELECOM_PARTNER.notifySecret)).toBe(404);
    } finally {
      await app.close();
    }
  }, 120_000);
});
