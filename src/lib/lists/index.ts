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
