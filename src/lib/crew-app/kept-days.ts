import { addDaysIso } from '../time';

/**
 * Which days the crew's phone keeps for reading without signal: today and tomorrow (fetched whenever
 * the day screen opens online), and the day last opened on the screen, whatever its date. Any other
 * stored day is forgotten; so is a kept day once it has passed.
 */
export function keptDates(today: string, opened: string | null): string[] {
  const dates = [today, addDaysIso(today, 1)];
  if (opened && opened >= today && !dates.includes(opened)) dates.push(opened);
  return dates;
}

/** The stored days to forget. */
export const datesToForget = (stored: readonly string[], today: string, opened: string | null): string[] => {
  const kept = keptDates(today, opened);
  return stored.filter((date) => !kept.includes(date));
};
