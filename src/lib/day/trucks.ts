import { z } from '../validation';

/**
 * A truck (or a crew: whatever leaves the warehouse together), as the settings screen edits it; the day
 * screen groups its stops by truck.
 */
export const truckBody = z.object({
  name: z.string({ error: 'Enter the truck’s name' }).trim().min(1, 'Enter the truck’s name').max(60, 'Use at most 60 characters'),
  active: z.boolean({ error: 'Active is true or false' }),
  sortOrder: z.number({ error: 'Enter a number' }).int('Use a whole number').min(0, 'At least 0').max(1000, 'At most 1000').default(0),
});
export type TruckBody = z.infer<typeof truckBody>;
