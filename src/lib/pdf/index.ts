// DOOR_HEADER
export { codePointNames, embedPdfFonts, type PdfFontFiles, type UnicodeFont } from './unicode-text';
