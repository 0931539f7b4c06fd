import type { AdminBooking } from '../../../lib/staff-bookings/index.server';

/** '12 Elm St, Apt 2, Springfield, IL 62701'. */
export function addressLines(booking: Pick<AdminBooking, 'address'>): string {
  const a = booking.address;
  return `${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.zip}`;
}

export const surfaceLabels: Record<string, string> = {
  grass: 'Grass',
  concrete: 'Concrete',
  asphalt: 'Asphalt',
  indoor: 'Indoor',
  'artificial-turf': 'Artificial turf',
};
