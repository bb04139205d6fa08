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
  it('the session lock refuses the pool and works inside a transaction', async () => {
    const { db } = get();
    await expect(lockSession(db as unknown as Transaction, 'session-outside', 'token')).rejects.toThrow(
      /only inside a transaction/,
    );
    await db.transaction((tx) => lockSession(tx, 'session-inside', 'token'));
    const { rows } = await db.query('SELECT id FROM sessions WHERE id = ANY($1)', [
      ['session-outside', 'session-inside'],
    ]);
    expect(rows).toEqual([{ id: 'session-inside' }]);
  });
});
