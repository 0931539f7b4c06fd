// The front door of admin lists: one query shape (search, sort, paging, CSV) and its SQL helpers. Pure and safe
// in the browser.
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
  pageOf,
  rangeInOrder,
} from './list-query';
