import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC_PATH, renderApiDoc } from '../scripts/gen-api-doc.js';
import { allCalls } from '../src/index.js';

describe('docs/api.md', () => {
  const doc = renderApiDoc();

  it('lists every call with its method, path, spec reference and fields', () => {
    for (const c of allCalls) {
      expect(doc, c.id).toContain(`- id: \`${c.id}\``);
      expect(doc, c.id).toContain(`${c.method} ${c.path}`);
    }
    expect(doc).toContain('| `LoginForm[contact]` | string | yes |');
    expect(doc).toContain('| `places[].exclisivePlace` | boolean |  |');
    expect(doc).toContain('| `sections[].seatlessSection` | boolean | yes |');
    expect(doc).toContain('### `GET /shopcart/state/` — extension');
  });

  it('is up to date (run `pnpm docs:api` after changing the contract)', () => {
    expect(readFileSync(API_DOC_PATH, 'utf8')).toBe(doc);
  });
});
