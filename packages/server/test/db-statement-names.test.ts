/**
 * Issue 9: a parameterised query runs as a named prepared statement whose name is a hash of its
 * text; the name is computed once per text (not hashed on every call) and at most
 * STATEMENT_NAMES_CACHED names are kept.
 */
import { describe, expect, it, vi } from 'vitest';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return {
    ...crypto,
    createHash: (...args: Parameters<typeof crypto.createHash>) => {
      hashes.count++;
      return crypto.createHash(...args);
    },
  };
});

const { STATEMENT_NAMES_CACHED, statementName, statementNamesCached } = await import('../src/db/postgres.js');

describe('issue 9: prepared statement names', () => {
  it('gives the same text the same name, hashing it once', () => {
    const sql = 'SELECT id FROM performances WHERE id = $1 /* statement-names: same */';
    const before = hashes.count;
    const name = statementName(sql);
    expect(name).toMatch(/^s_[0-9a-f]{16}$/);
    expect(statementName(sql)).toBe(name);
    expect(statementName(` ${sql}`.slice(1))).toBe(name);
    expect(hashes.count - before).toBe(1);
    expect(statementName(`${sql} `)).not.toBe(name);
  });

  it(`keeps at most ${STATEMENT_NAMES_CACHED} names, forgetting the oldest; a forgotten text gets its same name again`, () => {
    const first = 'SELECT $1::int /* statement-names: first */';
    const firstName = statementName(first);
    for (let i = 0; i < STATEMENT_NAMES_CACHED + 50; i++) statementName(`SELECT $1::int /* bound ${i} */`);
    expect(statementNamesCached()).toBe(STATEMENT_NAMES_CACHED);
    // The first text was pushed out: naming it again hashes it again, to the same name.
    const before = hashes.count;
    expect(statementName(first)).toBe(firstName);
    expect(hashes.count - before).toBe(1);
    expect(statementNamesCached()).toBe(STATEMENT_NAMES_CACHED);
  });
});
