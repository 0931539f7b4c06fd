import { createHash, timingSafeEqual } from 'node:crypto';

// Compared as digests of equal length, so neither the given value's length nor its first differing byte
// shows in the time taken.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the secret a link carries is the one stored (a booking's invoice, waiver, change or rain-check key). */
export const sameSecret = (stored: string, given: string): boolean => timingSafeEqual(digest(stored), digest(given));
