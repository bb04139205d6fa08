import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** A weak validator: the gzip and identity forms of one SVG are the same resource. */
export function weakEtag(tag: string): string {
  return `W/"${tag}"`;
}

export function contentTag(body: string): string {
  return createHash('sha1').update(body).digest('base64url');
}

/** The opaque tags an If-None-Match header names ('*' matches anything). */
export function requestedTags(header: string | undefined): string[] | '*' {
  if (!header) return [];
  if (header.trim() === '*') return '*';
  return [...header.matchAll(/(?:W\/)?"([^"]*)"/g)].map((m) => m[1]!);
}

export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Gzipped bodies by validator, so a 6 MB stadium plan is compressed once per process rather
 * than once per request. Bounded by total size; the oldest entries go first.
 */
export class GzipCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 48 * 1024 * 1024) {}

  async get(tag: string, body: string): Promise<Buffer> {
    const hit = this.entries.get(tag);
    if (hit) return hit;
    const zipped = await gzipAsync(Buffer.from(body, 'utf8'), { level: 6 });
    if (zipped.length <= this.maxBytes) {
      this.entries.set(tag, zipped);
      this.bytes += zipped.length;
      for (const [key, value] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(key);
        this.bytes -= value.length;
      }
    }
    return zipped;
  }
}
