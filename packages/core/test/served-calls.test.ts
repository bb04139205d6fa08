/**
 * Every call the widgets (and the site's own page scripts) make is one the server answers: each
 * call definition imported from the contract under core/src or site/src/client must be in the
 * contract's SERVED_CALL_IDS, which a server test checks against the routes it registers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@partera/contract';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const roots = [path.resolve(here, '../src'), path.resolve(here, '../../site/src/client')];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The names a file imports from '@partera/contract'. */
function contractImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@partera\/contract'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((s) =>
        s
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  );
}

/**
 * Calls the widgets already make that the server does not answer yet, each with the capability
 * that brings it. The list may only shrink: a call served since must leave it.
 */
const OWED: Record<string, string> = {};

const calls = new Map(contract.allCalls.map((c) => [c.id, c]));
const isCall = (value: unknown): value is contract.CallDef =>
  typeof value === 'object' && value !== null && calls.get((value as { id?: string }).id ?? '') === value;

describe('the calls the widgets make', () => {
  const used = roots.flatMap(sources).flatMap((file) =>
    contractImports(file)
      .map((name) => (contract as Record<string, unknown>)[name])
      .filter(isCall)
      .map((call) => ({ file: path.relative(path.resolve(here, '../..'), file), id: call.id })),
  );

  it('are found (the scan reads the widgets’ calls)', () => {
    expect(used.map((u) => u.id)).toContain('hall.placeSelect');
  });

  it('are all served by the server, but for the few owed by a named capability', () => {
    expect(used.filter((u) => !contract.SERVED_CALL_IDS.has(u.id) && !(u.id in OWED))).toEqual([]);
  });

  it('owe only calls that are still not served', () => {
    expect(Object.keys(OWED).filter((id) => contract.SERVED_CALL_IDS.has(id))).toEqual([]);
  });
});
