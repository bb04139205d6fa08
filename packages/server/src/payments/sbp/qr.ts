import QRCode from 'qrcode';

/** A QR code as an SVG path: the dark modules, row by row, in a square of `size` modules plus the quiet zone. */
export interface QrDrawing {
  /** Modules per side, the quiet zone (4 modules each side) included: the SVG's viewBox is 0 0 size size. */
  size: number;
  /** One path of unit squares: runs of dark modules as `M{x} {y}h{n}v1h-{n}z`. */
  path: string;
}

const QUIET = 4;

/**
 * Encodes the text (medium error correction: a bank app reads it from a screen) and draws it as
 * one SVG path, a few kilobytes, which the page scales sharply to any size without a script.
 */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let r = 0; r < modules.size; r++) {
    let c = 0;
    while (c < modules.size) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const from = c;
      while (c < modules.size && modules.get(r, c)) c++;
      path += `M${from + QUIET} ${r + QUIET}h${c - from}v1h-${c - from}z`;
    }
  }
  return { size: modules.size + QUIET * 2, path };
}
