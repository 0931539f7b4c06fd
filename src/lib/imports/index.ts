// DOOR_HEADER
export { type CsvTable, parseDecimal, parseDollars, parseWhole, parseYesNo, readCsv, splitList } from './csv-import';
export { findInZip, readPhotoZip } from './photo-zip';
