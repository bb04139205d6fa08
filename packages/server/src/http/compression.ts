import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The content codings the server sends: brotli, gzip, or the bytes as they are. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts of br, gzip and none (q-values honoured, q=0 refuses). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const text = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const accepted = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return 'identity';
}

/** A weak entity tag of a body (weak: the same for each content coding of it). */
export function entityTag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether the request's If-None-Match names this tag (weak comparison, as RFC 9110 asks for GET). */
export function notModified(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => opaque(t) === opaque(tag));
}

/**
 * Compresses a page-sized text body: brotli at quality 5 or gzip at level 6 (about 0.15 ms for
 * 50 KB on the machine of docs/benchmarks.md, to a tenth of the size).
 */
export function compressBody(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === 'gzip') gzip(body, { level: 6 }, done);
    else
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
  });
}

/**
 * Compressed bodies kept by entity tag: the same page sent again (a returning buyer whose page
 * has not changed, a crawler) is not compressed again. Bounded by bytes, least recently used
 * first out.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  async get(tag: string, encoding: Exclude<Encoding, 'identity'>, body: () => Buffer): Promise<Buffer> {
    const key = `${encoding} ${tag}`;
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const compressed = await compressBody(body(), encoding);
    this.entries.set(key, compressed);
    this.bytes += compressed.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
    return compressed;
  }
}
