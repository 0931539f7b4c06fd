import { crewCollectsFor, type DayRoute, type DayStop } from '../../../lib/day';

/** The truck key in addresses and element ids: a truck's id, or "unassigned". */
export const truckKey = (truckId: string | null) => truckId ?? 'unassigned';

export const kindLabel = (s: Pick<DayStop, 'kind'>) => (s.kind === 'delivery' ? 'Drop-off' : 'Pickup');

/**
 * The stops that offer "Record payment": one per booking with a balance the crew may collect, so a
 * booking whose drop-off and pickup are both on the day asks for its money once. The drop-off carries
 * it when it is on the day (the crew meet the customer there first), the pickup otherwise.
 */
export function paymentStopKeys(routes: readonly DayRoute[]): Set<string> {
  const byBooking = new Map<string, DayStop>();
  for (const stop of routes.flatMap((r) => r.stops)) {
    if (stop.balanceCents <= 0 || !crewCollectsFor.includes(stop.status)) continue;
    const chosen = byBooking.get(stop.bookingId);
    if (!chosen || (chosen.kind === 'pickup' && stop.kind === 'delivery')) byBooking.set(stop.bookingId, stop);
  }
  return new Set([...byBooking.values()].map((s) => s.key));
}
