import type { z } from '../validation';
import { dateRange, listQuery, rangeInOrder } from '../lists';

/** The signed waivers list and the list of bookings still missing one. */
export const waiverListQuery = listQuery(['signedAt', 'eventDate', 'signer', 'booking'], 'signedAt', 'desc')
  .extend(dateRange)
  .superRefine(rangeInOrder);
export type WaiverListQuery = z.infer<typeof waiverListQuery>;

export const missingWaiverQuery = listQuery(['eventDate', 'booking', 'customer'], 'eventDate', 'asc').extend(dateRange).superRefine(rangeInOrder);
export type MissingWaiverQuery = z.infer<typeof missingWaiverQuery>;
