// DOOR_HEADER
export {
  allRows,
  blankAsUndefined,
  dateRange,
  likePattern,
  listFormat,
  listQuery,
  offsetOf,
  optionalDate,
  optionalEnum,
  type Page,
  rangeInOrder,
} from './list-query';
export { adminSections } from './navigation';
export { monthBounds } from './range-presets';
