import { create, type Font } from 'fontkit';
import { Readable } from 'node:stream';
import type { PDFDocument } from 'pdf-lib';

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type PdfLibFont = ReturnType<PdfLibFontkit['create']>;

/** Parses a TrueType or OpenType font file (one font, not a collection). */
export function parseFont(bytes: Uint8Array): Font {
  const parsed = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('createSubset' in parsed)) throw new Error('A font collection was given where one font file was expected.');
  return parsed;
}

/**
 * Upstream fontkit (foliojs, maintained) in the shape pdf-lib asks for. pdf-lib's own fork,
 * @pdf-lib/fontkit 1.1.1 (last published 2020), writes broken TrueType subsets: it stores the glyph
 * offsets of a small subset in the short format without padding odd-length glyphs, so most letters
 * of Noto Sans and Noto Sans SC came out blank while the text still copied correctly. Upstream fixed
 * that in 1.8 (foliojs/fontkit#191). The one difference pdf-lib meets: upstream writes a subset with
 * encode(), where the fork had encodeStream().
 */
export const fontkitForPdfLib: PdfLibFontkit = {
  create(bytes) {
    const font = parseFont(bytes);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () =>
      Object.assign(createSubset(), {
        encodeStream: function (this: { encode(): Uint8Array }) {
          return Readable.from([this.encode()]);
        },
      });
    // The two typings describe the same object: pdf-lib's copy is of the fork's declarations.
    return font as unknown as PdfLibFont;
  },
};
