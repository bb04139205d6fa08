/**
 * Issue 13 (decision 0049): a page's shared part is compressed once and each visitor's tail is
 * appended as it is; every answer must still be one valid gzip or brotli stream of the whole text.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SharedBody } from '../src/http/compression.js';

const page = `<!doctype html><html lang="ru"><body>${'<p>Вишнёвый сад, Малый театр</p>\n'.repeat(3000)}`;
const tails = {
  'a session tail': '<meta name="session-id" content="abc">\n</body>\n</html>\n',
  'an empty tail': '',
  'a tail past one plain block (64 KB)': 'ж'.repeat(40_000),
};

describe('issue 13: a shared page body with a visitor tail', () => {
  for (const [name, text] of Object.entries(tails)) {
    it(`decodes to the whole page with ${name}, in gzip, brotli and as it is`, async () => {
      const body = new SharedBody(page);
      const tail = Buffer.from(text);
      expect(gunzipSync(await body.encode(tail, 'gzip')).toString()).toBe(page + text);
      expect(brotliDecompressSync(await body.encode(tail, 'br')).toString()).toBe(page + text);
      expect((await body.encode(tail, 'identity')).toString()).toBe(page + text);
    });
  }

  it('compresses the shared part once: a second answer reuses its bytes', async () => {
    const body = new SharedBody(page);
    const first = await body.encode(Buffer.from('one'), 'br');
    const second = await body.encode(Buffer.from('two'), 'br');
    // The same compressed head, then each tail: only the last few bytes differ.
    const head = first.length - 3 - 3 - 1;
    expect(second.subarray(0, head).equals(first.subarray(0, head))).toBe(true);
    expect(first.length).toBeLessThan(Buffer.byteLength(page) / 10);
  });

  it('tags the whole answer: another tail or another page is another tag', () => {
    const body = new SharedBody(page);
    const tag = body.tag(Buffer.from('one'));
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(body.tag(Buffer.from('one'))).toBe(tag);
    expect(body.tag(Buffer.from('two'))).not.toBe(tag);
    expect(new SharedBody(`${page}!`).tag(Buffer.from('one'))).not.toBe(tag);
  });
});
