// The front door of dates and times: event windows, wall clocks and their formats. Pure and safe in the
// browser.
export {
  addDays,
  DATE_YEARS_MESSAGE,
  daysBetween,
  type EventWindow,
  eventWindowInput,
  type EventWindowInput,
  formatClock,
  formatDayMonth,
  isClockTime,
  isInDateYears,
  isIsoDate,
  localDate,
  localDaysTouched,
  localTime,
  MAX_RENTAL_DAYS,
  toEventWindow,
  wallClockToInstant,
} from './event-window';
