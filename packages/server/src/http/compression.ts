import { createHash } from 'node:crypto';
import { brotliCompress, constants, crc32, deflateRaw, gzip } from 'node:zlib';

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
  return compress(body, encoding, SMALL, false);
}

/** Compression levels of page bodies: kept and sent many times, so small rather than fast. */
const SMALL = { gzip: 6, br: 5 };

/**
 * `body` in gzip or brotli; `open`: flushed to a byte boundary but not ended, as raw deflate
 * for gzip (no header or trailer), so that more blocks may follow (SharedBody).
 */
function compress(
  body: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
  level: { gzip: number; br: number },
  open: boolean,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === 'gzip' && open) deflateRaw(body, { level: level.gzip, finishFlush: constants.Z_SYNC_FLUSH }, done);
    else if (encoding === 'gzip') gzip(body, { level: level.gzip }, done);
    else
      brotliCompress(
        body,
        {
          ...(open ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {}),
          params: {
            [constants.BROTLI_PARAM_QUALITY]: level.br,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
  });
}

/**
 * A page whose text is the same for many answers except for a short tail (a visitor's session
 * meta tags): the shared part is hashed and compressed once, left open (a flush, not an end), and
 * each answer appends its own tail to those bytes uncompressed, in the coding's own block for
 * plain bytes (a stored deflate block and the gzip trailer; a brotli uncompressed meta-block and
 * the empty last one). A new visitor's page then costs no compression at all.
 */
export class SharedBody {
  readonly bytes: Buffer;
  private hash?: string;
  private crc?: number;
  private readonly open = new Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>();

  constructor(text: string) {
    this.bytes = Buffer.from(text);
  }

  /** The shared part as text (kept as bytes only). */
  get text(): string {
    return this.bytes.toString();
  }

  /** The weak entity tag of the whole answer: the shared part's hash, then the tail's. */
  tag(tail: Buffer): string {
    this.hash ??= createHash('sha1').update(this.bytes).digest('base64url').slice(0, 16);
    return `W/"${this.hash}${createHash('sha1').update(tail).digest('base64url').slice(0, 6)}"`;
  }

  /** The shared part and then `tail`, in `encoding`. */
  async encode(tail: Buffer, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Buffer.concat([this.bytes, tail]);
    let open = this.open.get(encoding);
    if (!open) {
      open = compress(this.bytes, encoding, SMALL, true);
      this.open.set(encoding, open);
      open.catch(() => this.open.delete(encoding));
    }
    const head = await open;
    if (encoding === 'br') return Buffer.concat([head, ...brotliPlain(tail), BROTLI_LAST_EMPTY]);
    this.crc ??= crc32(this.bytes);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(tail, this.crc), 0);
    trailer.writeUInt32LE((this.bytes.length + tail.length) % 2 ** 32, 4);
    return Buffer.concat([GZIP_HEADER, head, ...deflateStored(tail), trailer]);
  }
}

/** gzip's member header: deflate, no name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Brotli's last meta-block, empty: ISLAST and ISLASTEMPTY set (RFC 7932, 9.2). */
const BROTLI_LAST_EMPTY = Buffer.from([0x03]);
/** Stored deflate blocks and brotli uncompressed meta-blocks carry at most 65,535 bytes here. */
const PLAIN_BLOCK = 0xffff;

function chunks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += PLAIN_BLOCK) out.push(bytes.subarray(at, at + PLAIN_BLOCK));
  return out;
}

/** Deflate stored blocks of `bytes`, the last one final (RFC 1951, 3.2.4): header byte, LEN, NLEN, bytes. */
function deflateStored(bytes: Buffer): Buffer[] {
  const parts = chunks(bytes);
  if (parts.length === 0) parts.push(Buffer.alloc(0));
  return parts.flatMap((part, i) => {
    const header = Buffer.alloc(5);
    header[0] = i === parts.length - 1 ? 1 : 0;
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    return [header, part];
  });
}

/**
 * Brotli uncompressed meta-blocks of `bytes` (RFC 7932, 9.2): ISLAST 0, MNIBBLES 4 (bits 0),
 * MLEN − 1 in 16 bits, ISUNCOMPRESSED 1, zero bits to the byte boundary, then the bytes.
 */
function brotliPlain(bytes: Buffer): Buffer[] {
  return chunks(bytes).flatMap((part) => {
    const bits = ((part.length - 1) << 3) | (1 << 19);
    return [Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), part];
  });
}
