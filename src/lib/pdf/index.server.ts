// The front door of PDF fonts and the text they can print. Server side (I/O): functions, the build and other
// features' *.server.ts.
export { pdfFontFiles } from './pdf-fonts.server';
