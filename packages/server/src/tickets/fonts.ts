import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * pdfkit's built-in fonts have no Cyrillic, so tickets embed a TrueType font. Where it comes
 * from, first found wins:
 * 1. PDF_FONT_REGULAR / PDF_FONT_BOLD (/ PDF_FONT_MONO): explicit paths to TTF/OTF files;
 * 2. the `dejavu-fonts-ttf` npm package, a dependency of the server (installed with it).
 */
export interface PdfFonts {
  regular: string;
  bold: string;
  mono: string;
}

function fromPackage(): PdfFonts | undefined {
  try {
    const require = createRequire(import.meta.url);
    const at = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
    return { regular: at('DejaVuSans.ttf'), bold: at('DejaVuSans-Bold.ttf'), mono: at('DejaVuSansMono.ttf') };
  } catch {
    return undefined;
  }
}

function fromEnv(env: NodeJS.ProcessEnv): PdfFonts | undefined {
  const regular = env.PDF_FONT_REGULAR;
  if (!regular) return undefined;
  return { regular, bold: env.PDF_FONT_BOLD || regular, mono: env.PDF_FONT_MONO || regular };
}

export class PdfFontMissing extends Error {
  constructor(tried: string[]) {
    super(
      `No font with Cyrillic for ticket PDFs. Set PDF_FONT_REGULAR (and PDF_FONT_BOLD) to TTF files, or install the dejavu-fonts-ttf package. Tried: ${tried.join(', ')}`,
    );
  }
}

let cached: PdfFonts | undefined;

export function resolvePdfFonts(env: NodeJS.ProcessEnv = process.env): PdfFonts {
  if (cached && env === process.env) return cached;
  const candidates = [fromEnv(env), fromPackage()].filter((c): c is PdfFonts => c !== undefined);
  const found = candidates.find((c) => existsSync(c.regular) && existsSync(c.bold) && existsSync(c.mono));
  if (!found) throw new PdfFontMissing(candidates.map((c) => c.regular));
  if (env === process.env) cached = found;
  return found;
}
