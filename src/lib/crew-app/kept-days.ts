import type { DayRun, DayStop } from '../day';
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

/**
 * A day as kept on the phone, read back: one kept by an earlier version of the app lacks what was
 * added since (the yard of each stop, its photos and the gear to load, issue #38). Filled with "nothing known"
 * so the screen still opens without signal; the next fetch brings the real thing.
 */
export function keptRun(run: DayRun): DayRun {
  const stored = run as DayRun & { loading: Partial<DayRun['loading']> };
  const unknownSite = (s: DayStop): DayStop['site'] => {
    const site = (s as Partial<DayStop>).site;
    // The customer's photos of the spot came later still, and staff's override after them.
    return site
      ? { ...site, photos: site.photos ?? [], override: site.override ?? null }
      : { answers: {}, summary: '', flags: [], load: { stakes: 0, sandbags: 0, cords: 0, generators: 0 }, photos: [], override: null };
  };
  return {
    ...run,
    routes: run.routes.map((r) => ({ ...r, stops: r.stops.map((s) => ({ ...s, site: unknownSite(s) })) })),
    loading: { ...run.loading, gear: stored.loading.gear ?? { out: [], back: [] } },
  };
}
