import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/databases.js';
import { changedTables, fingerprinter } from './support/fingerprint.js';

// The fuzz test's proof that a refused request changed nothing rests on this fingerprint: it must
// see every kind of row change, in the tables it watches only, and not a change rolled back.
describeEachDatabase('the database fingerprint of the fuzz test', (get) => {
  it('sees an insert, an update to the same value, a delete and a truncate; not a rollback or a skipped table', async () => {
    const { db } = get();
    await db.query(`CREATE TABLE fp_probe (id int PRIMARY KEY, v text)`);
    await db.query(`CREATE TABLE fp_skipped (id int)`);
    const prints = await fingerprinter(db, { except: ['fp_skipped'] });
    let last = await prints.take();
    const changedBy = async (sql: string) => {
      await db.query(sql);
      const now = await prints.take();
      const changed = changedTables(last, now);
      last = now;
      return changed;
    };
    expect(await changedBy(`INSERT INTO fp_probe VALUES (1, 'a')`)).toEqual(['fp_probe']);
    expect(await changedBy(`UPDATE fp_probe SET v = v`)).toEqual(['fp_probe']);
    expect(await changedBy(`UPDATE fp_probe SET v = 'b' WHERE id = 2`)).toEqual([]);
    expect(await changedBy(`DELETE FROM fp_probe`)).toEqual(['fp_probe']);
    expect(await changedBy(`INSERT INTO fp_skipped VALUES (1)`)).toEqual([]);
    expect(await changedBy(`TRUNCATE fp_probe`)).toEqual(['fp_probe']);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO fp_probe VALUES (3, 'c')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(changedTables(last, await prints.take())).toEqual([]);
    // The product's tables are watched too.
    expect(await changedBy(`INSERT INTO rate_limits VALUES ('probe', now(), 1)`)).toEqual(['rate_limits']);
  });
});
