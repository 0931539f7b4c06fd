// The front door of PDF fonts and the text they can print. Pure and safe in the browser; its I/O is
// index.server.ts.
export { codePointNames, embedPdfFonts, type PdfFontFiles, type UnicodeFont } from './unicode-text';
