import { adminApi } from '../../../lib/paths';
import { adminMutate } from './admin-api';

/**
 * Puts a booking's drop-off and pickup on a truck ('' for none), from the booking's page or the day
 * screen alike; true once saved (the toast names the truck).
 */
export async function assignTruck(booking: { id: string; number: string }, trucks: readonly { id: string; name: string }[], value: string): Promise<boolean> {
  const truckId = value === '' ? null : value;
  const name = trucks.find((t) => t.id === truckId)?.name ?? 'no truck';
  const result = await adminMutate(adminApi.day.booking(booking.id, 'truck'), 'PUT', { truckId }, `${booking.number} is on ${name}.`);
  return result.ok;
}
