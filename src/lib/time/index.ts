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
  localDate,
  localDaysTouched,
  localTime,
  MAX_RENTAL_DAYS,
  toEventWindow,
  wallClockToInstant,
} from './event-window';
export {
  addDaysIso,
  clock,
  endKeepingLength,
  formatEventWindow,
  formatLongDate,
  halfHourSteps,
  isClock,
  isIsoDate,
  isoDateIn,
  minutes,
  plural,
} from './format';
