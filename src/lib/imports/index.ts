// The front door of CSV and photo-zip imports. Pure and safe in the browser.
export { type CsvTable, parseDecimal, parseDollars, parseWhole, parseYesNo, readCsv, splitList } from './csv-import';
export { findInZip, readPhotoZip } from './photo-zip';
