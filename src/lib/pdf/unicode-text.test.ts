import { create, type Font } from 'fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, rgb } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text';
import { pdfFontFiles } from './pdf-fonts.server';
import { codePointNames, embedPdfFonts, type PdfFontFiles, type PdfFonts } from './unicode-text';

const NAMES = ['Nguyễn Thị Minh Khai', '王小明', 'José Peña Núñez'];
const INK = rgb(0, 0, 0);

let files: PdfFontFiles;
beforeAll(async () => {
  files = await pdfFontFiles();
});

async function newDocument(): Promise<{ doc: PDFDocument; fonts: PdfFonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  return { doc, fonts: await embedPdfFonts(doc, files) };
}

/** The font programs embedded in a PDF (FontFile2: TrueType), parsed, with their PDF names. */
async function embeddedFonts(bytes: Uint8Array): Promise<{ name: string; font: Font }[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: { name: string; font: Font }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const stream = doc.context.lookup(object.get(PDFName.of('FontFile2')));
    if (!(stream instanceof PDFRawStream)) continue;
    const name = object
      .get(PDFName.of('FontName'))!
      .toString()
      .replace(/^\/|-\d+$/g, '');
    fonts.push({ name, font: create(Buffer.from(decodePDFRawStream(stream).decode())) as Font });
  }
  return fonts;
}

describe('UnicodeFont', () => {
  it('draws each character with the first font that has it, keeping spaces and marks in the run', async () => {
    const { fonts } = await newDocument();
    const runs = fonts.regular.runs('王小明 José 王').map((r) => r.text);
    expect(runs).toEqual(['王小明 ', 'José ', '王']);
    expect(fonts.unprintable.size).toBe(0);
  });

  it('draws decomposed input (e + combining marks) as the precomposed letters', async () => {
    const { fonts } = await newDocument();
    const decomposed = 'Nguyễn'.normalize('NFD');
    expect(decomposed.length).toBeGreaterThan('Nguyễn'.length);
    expect(fonts.regular.runs(decomposed).map((r) => r.text)).toEqual(['Nguyễn']);
  });

  it('notes the characters no font has, by code point', async () => {
    const { fonts } = await newDocument();
    fonts.bold.recordUnprintable('김민준 🎉 Kim');
    expect(codePointNames(fonts.unprintable)).toBe('U+AE40, U+BBFC, U+C900, U+1F389');
  });

  it('wraps at spaces, and inside words only when one word is wider than the line', async () => {
    const { fonts } = await newDocument();
    const width = 120;
    const chinese = '王小明和他的朋友们在公园里玩得很开心王小明和他的朋友们';
    const lines = fonts.regular.wrap(`José Peña Núñez ${chinese} end`, 10, width);
    expect(lines[0]).toBe('José Peña Núñez');
    expect(lines.slice(1).join('').replace(/ /g, '')).toBe(`${chinese}end`);
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
    expect(lines.length).toBeGreaterThan(3);
    expect(fonts.regular.wrap('one\ntwo  three', 10, 500)).toEqual(['one', 'two three']);
  });
});

describe('a PDF drawn with embedPdfFonts', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    const { doc, fonts } = await newDocument();
    const page = doc.addPage([400, 300]);
    NAMES.forEach((name, i) => fonts.regular.draw(page, name, { x: 20, y: 260 - i * 20, size: 12, color: INK }));
    fonts.bold.draw(page, 'Nguyễn Thị Minh Khai, 王小明, José Peña Núñez', { x: 20, y: 180, size: 12, color: INK });
    fonts.italic.draw(page, '王小明 Nguyễn', { x: 20, y: 160, size: 20, color: INK });
    bytes = await doc.save();
  });

  it('gives back every name exactly when its text is extracted', async () => {
    const { lines } = await pdfText(bytes);
    expect(lines).toEqual([...NAMES, 'Nguyễn Thị Minh Khai, 王小明, José Peña Núñez', '王小明 Nguyễn']);
  });

  it('embeds only the glyphs drawn (subsets), each with its outline intact', async () => {
    expect(bytes.length).toBeLessThan(40_000);
    const fonts = await embeddedFonts(bytes);
    // Regular, bold and italic Noto Sans, regular and bold Noto Sans SC (the italic uses the regular SC).
    expect(fonts.map((f) => f.name).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Italic',
      'NotoSans-Regular',
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
    ]);
    for (const { name, font } of fonts) {
      expect(font.numGlyphs).toBeLessThan(40);
      // A broken subset (as @pdf-lib/fontkit writes for these fonts) loses outlines while its text
      // still copies fine. Subsets keep no glyph names: the one glyph drawn without an outline is the space.
      const blank = [];
      for (let id = 1; id < font.numGlyphs; id++) if (font.getGlyph(id).path.commands.length === 0) blank.push(id);
      expect(blank.length, `${name}: glyphs without an outline ${blank.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });
});
