import type { Font } from 'fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { fontkitForPdfLib } from './fontkit-for-pdf-lib';

/** A font file, read and parsed once per process (see pdf-fonts.server.ts). */
export interface PdfFontFile {
  /** The package path it came from. */
  name: string;
  bytes: Uint8Array;
  /** For the characters it has; each document parses its own copy to subset. */
  parsed: Font;
}

/** Each style's fonts in the order they are tried: the Latin font first, then the fallbacks. */
export interface PdfFontFiles {
  regular: readonly PdfFontFile[];
  bold: readonly PdfFontFile[];
  italic: readonly PdfFontFile[];
}

export interface TextRun {
  text: string;
  font: PDFFont;
}

interface EmbeddedFace {
  font: PDFFont;
  has: (codePoint: number) => boolean;
}

// Characters that belong with the one before them: combining marks (and variation selectors), the
// zero-width joiner, spaces. They stay in the current run when its font has them, so a run is not
// cut at every space and a mark is never drawn apart from its letter.
const JOINS_PREVIOUS = /^[\p{M}\p{Zs}\u200d]$/u;
// Tabs and other control characters have no glyph: the old standard-font path printed a tab as a space too.
const CONTROL = /[^\P{Cc}\n]/gu;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * One text style (regular, bold, italic) drawn with a list of fonts: every character is drawn with
 * the first font that has it, so "Nguyễn Thị Minh Khai", "王小明" and "José Peña Núñez" print
 * exactly, side by side on one line. A character no font has is drawn with the first font's empty
 * box and noted in `unprintable`, so a document can say so instead of silently changing a name.
 */
export class UnicodeFont {
  constructor(
    private readonly faces: readonly EmbeddedFace[],
    private readonly unprintable: Set<string>,
  ) {}

  /** The text as runs that one font each draws. NFC first: the fonts have precomposed letters, and pdf-lib does not position loose marks. */
  runs(text: string): TextRun[] {
    const runs: { text: string; face: EmbeddedFace }[] = [];
    for (const ch of text.normalize('NFC').replace(CONTROL, ' ')) {
      const codePoint = ch.codePointAt(0)!;
      const current = runs.at(-1);
      let face =
        current && JOINS_PREVIOUS.test(ch) && current.face.has(codePoint)
          ? current.face
          : this.faces.find((f) => f.has(codePoint));
      if (!face) {
        this.unprintable.add(ch);
        face = this.faces[0]!;
      }
      if (current?.face === face) current.text += ch;
      else runs.push({ text: ch, face });
    }
    return runs.map((r) => ({ text: r.text, font: r.face.font }));
  }

  /** Notes the characters of text that no font has, as drawing it would, without drawing it. */
  recordUnprintable(text: string): void {
    this.runs(text);
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws one line of text, run after run, from (x, y) on the baseline. */
  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: Color }): void {
    let x = options.x;
    const runs = this.runs(text);
    runs.forEach((run, i) => {
      page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
      // Measuring shapes the text again, so only when another run follows.
      if (i < runs.length - 1) x += run.font.widthOfTextAtSize(run.text, options.size);
    });
  }

  /**
   * Breaks text into lines no wider than `width`: at spaces, at every line break of the text, and
   * inside a word only when the word alone is too wide (a long e-mail address, or Chinese and
   * Japanese, which have no spaces), between letters. Words are measured once each and added up
   * (pdf-lib draws with advance widths only, so no kerning joins two words): measuring every
   * candidate line through fontkit's shaping made a waiver take seconds.
   */
  wrap(text: string, size: number, width: number): string[] {
    const widths = new Map<string, number>();
    const measure = (piece: string) => {
      let w = widths.get(piece);
      if (w === undefined) widths.set(piece, (w = this.widthOfTextAtSize(piece, size)));
      return w;
    };
    const space = measure(' ');
    const lines: string[] = [];
    for (const paragraph of text.replace(CONTROL, ' ').split('\n')) {
      let line = '';
      let lineWidth = 0;
      const add = (piece: string, pieceWidth: number) => {
        line += piece;
        lineWidth += pieceWidth;
      };
      const breakLine = () => {
        lines.push(line);
        line = '';
        lineWidth = 0;
      };
      for (const word of paragraph.split(/ +/)) {
        const wordWidth = measure(word);
        if (line && lineWidth + space + wordWidth <= width) {
          add(` ${word}`, space + wordWidth);
          continue;
        }
        if (line) breakLine();
        if (wordWidth <= width) {
          add(word, wordWidth);
          continue;
        }
        for (const { segment } of graphemes.segment(word)) {
          const segmentWidth = measure(segment);
          if (line && lineWidth + segmentWidth > width) breakLine();
          add(segment, segmentWidth);
        }
      }
      lines.push(line);
    }
    return lines;
  }
}

/**
 * OpenType features for the shaping fontkit does when pdf-lib draws or measures text.
 * - No glyph positioning (kerning, mark placement): pdf-lib draws each glyph at its advance width and
 *   never uses the positions, so they are wasted work (measuring a line took 4 ms instead of 0.85 ms).
 * - No glyph composition (ccmp): Noto Sans splits "ị" into "i" and a combining dot, and pdf-lib's
 *   Unicode map for copying and searching then gives "i" for every "i" in the document, or the other
 *   way round. With text in NFC the precomposed glyph is drawn: one glyph for one letter, read back exactly.
 */
const FEATURES = { kern: false, mark: false, mkmk: false, ccmp: false };

export interface PdfFonts {
  regular: UnicodeFont;
  bold: UnicodeFont;
  italic: UnicodeFont;
  /** Characters drawn so far that no font has (printed as an empty box). */
  unprintable: ReadonlySet<string>;
}

/**
 * Embeds the fonts into a document as subsets: only the glyphs drawn are written, so a page of
 * Latin text costs tens of kilobytes, not the megabytes of the font files. A fallback font that is
 * never drawn with costs under a kilobyte.
 */
export async function embedPdfFonts(doc: PDFDocument, files: PdfFontFiles): Promise<PdfFonts> {
  doc.registerFontkit(fontkitForPdfLib);
  const embedded = new Map<PdfFontFile, EmbeddedFace>();
  const unprintable = new Set<string>();
  const style = async (faces: readonly PdfFontFile[]) => {
    const list: EmbeddedFace[] = [];
    for (const file of faces) {
      let face = embedded.get(file);
      if (!face) {
        const parsed = file.parsed;
        face = {
          font: await doc.embedFont(file.bytes, { subset: true, features: { ...FEATURES } }),
          has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint),
        };
        embedded.set(file, face);
      }
      list.push(face);
    }
    return new UnicodeFont(list, unprintable);
  };
  return {
    regular: await style(files.regular),
    bold: await style(files.bold),
    italic: await style(files.italic),
    unprintable,
  };
}

/** "U+1F389, U+AC00": characters a document could not print, named so a reader can look them up. */
export const codePointNames = (characters: Iterable<string>) =>
  [...characters].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
