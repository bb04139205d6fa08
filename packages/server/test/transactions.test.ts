/**
 * Issue 9: a helper that must run inside a transaction refuses the pool. The types say so at
 * compile time (Transaction is not Database); the lock helper also checks at run time, for
 * callers the type system cannot see.
 */
import { expect, it } from 'vitest';
import type { Transaction } from '../src/db/index.js';
import { lockSession } from '../src/services/basket/index.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('issue 9: transaction-only helpers', (get) => {
  it('the session lock refuses the pool, and inside a transaction holds off the same session until it ends', async () => {
    const { db, kind } = get();
    await expect(lockSession(db as unknown as Transaction, 'session-outside')).rejects.toThrow(
      /only inside a transaction/,
    );
    await db.transaction((tx) => lockSession(tx, 'session-inside'));
    // The lock writes nothing: no session row for a buyer who has stored nothing.
    expect((await db.query('SELECT id FROM sessions')).rows).toEqual([]);
    if (kind !== 'postgres') return; // PGlite runs one transaction at a time anyway.
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const firstLocked = new Promise<void>((r) => {
      locked = r;
    });
    const first = db.transaction(async (tx) => {
      await lockSession(tx, 'same');
      locked();
      await held;
      order.push('first ends');
    });
    await firstLocked;
    const second = db.transaction(async (tx) => {
      await lockSession(tx, 'same');
      order.push('second locked');
    });
    const other = db.transaction(async (tx) => {
      await lockSession(tx, 'another');
      order.push('another session locked');
    });
    await other;
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['another session locked', 'first ends', 'second locked']);
  });
});
