import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

// WinAnsi bytes 0x80–0x9F that differ from Latin-1 (the standard PDF fonts' encoding).
const WIN_ANSI: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x89: '‰', 0x8b: '‹', 0x8c: 'Œ',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x99: '™', 0x9b: '›', 0x9c: 'œ',
};

function decodeWinAnsi(hex: string): string {
  let out = '';
  for (let i = 0; i < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[byte] ?? String.fromCharCode(byte);
  }
  return out;
}

/**
 * The text drawn on each page, one string per text-showing operator, for documents written with
 * pdf-lib's standard fonts (hex strings shown with Tj). Enough to check what a reader of the PDF
 * sees without a PDF-to-text tool on the machine.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ doc: PDFDocument; lines: string[] }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(decodeWinAnsi(match[1]!));
    }
  }
  return { doc, lines };
}
