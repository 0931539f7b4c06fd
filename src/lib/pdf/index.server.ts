// DOOR_HEADER
export { pdfFontFiles } from './pdf-fonts.server';
