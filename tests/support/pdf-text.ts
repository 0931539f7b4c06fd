import { PDFDocument } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';

interface Piece {
  text: string;
  x: number;
  end: number;
  y: number;
  size: number;
}

/**
 * The text a reader of the PDF gets, as PDF.js (through unpdf) extracts it from the embedded fonts'
 * Unicode maps: one string per piece of text drawn in one go on one line (a label and its value are
 * two; a name drawn in two fonts, Latin and Chinese, is one). Nothing is normalised, so a name must
 * come out exactly as typed.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ doc: PDFDocument; lines: string[] }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  // PDF.js takes over (detaches) the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent({ disableNormalization: true });
    let current: Piece | undefined;
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      // PDF.js bridges a gap on a line (a label and its value) with a wide space of its own: a break
      // here. A space narrower than the text's size (its height; PDF.js gives spaces none) was drawn.
      if (item.str.trim() === '' && item.width > (current?.size ?? 0)) {
        if (current) lines.push(current.text);
        current = undefined;
        continue;
      }
      const [, , , , x, y] = item.transform as number[];
      const piece = { text: item.str, x: x!, end: x! + item.width, y: y!, size: item.height };
      // Runs drawn one after the other on the same baseline, with no gap, are one piece of text.
      if (current && Math.abs(current.y - piece.y) < 0.5 && Math.abs(piece.x - current.end) < 0.5) {
        current.text += piece.text;
        current.end = piece.end;
      } else {
        if (current) lines.push(current.text);
        current = piece;
      }
    }
    if (current) lines.push(current.text);
  }
  await pdf.destroy();
  return { doc, lines };
}
