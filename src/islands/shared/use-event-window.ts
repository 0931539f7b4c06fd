import { useMemo, useState } from 'react';
import { clock, endKeepingLength, halfHourSteps, minutes } from '../../lib/time';

/**
 * The hours a party may start and end in (the delivery window) and the business's time zone, whose
 * calendar decides what "today" is: every public date picker is given the three together.
 */
export interface EventHours {
  openFrom: string;
  openUntil: string;
  timeZone: string;
}

/**
 * A party's start and end time within opening hours, as the public date pickers offer them: half-hour
 * steps, the end at least half an hour after the start, and a new start keeping the party's length.
 */
export function useEventWindow(openFrom: string, openUntil: string, initial = { start: '10:00', end: '16:00' }) {
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);

  const setWindow = (from: string, until: string) => {
    setStart(from);
    setEnd(until);
  };
  const changeStart = (value: string) => setWindow(value, endKeepingLength(start, end, value, openUntil));

  const startOptions = useMemo(() => halfHourSteps(openFrom, clock(minutes(openUntil) - 30)), [openFrom, openUntil]);
  const endOptions = useMemo(() => halfHourSteps(clock(minutes(start) + 30), openUntil), [start, openUntil]);
  return { start, end, setEnd, setWindow, changeStart, startOptions, endOptions };
}
