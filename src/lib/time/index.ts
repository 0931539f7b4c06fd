// The front door of dates and times: event windows, wall clocks and their formats. Pure and safe in the
// browser. Each name comes from the module that defines it, so a script that needs a format does not
// load the event window's schema.
export {
  DATE_YEARS_MESSAGE,
  type EventWindow,
  eventWindowInput,
  type EventWindowInput,
  isInDateYears,
  isLongerThanARental,
  localDaysTouched,
  MAX_RENTAL_DAYS,
  RENTAL_TOO_LONG_MESSAGE,
  toEventWindow,
} from './event-window';
export {
  addDays,
  addMonths,
  daysBetween,
  formatClock,
  formatDayMonth,
  isClockTime,
  localDate,
  localDateTime,
  localTime,
  wallClockToInstant,
} from './wall-clock';
export {
  addDaysIso,
  clock,
  endKeepingLength,
  type EventTimes,
  formatEventWindow,
  formatLongDate,
  formatMediumDate,
  formatMonth,
  formatShortDate,
  formatTimeRange,
  formatTimestamp,
  halfHourSteps,
  isClock,
  isIsoDate,
  minutes,
  plural,
} from './format';
export { type BusinessClock, businessClock } from './business-clock';
