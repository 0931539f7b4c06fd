import { localDate } from '../../src/lib/time';
import { demoSettings } from '../../supabase/seed/settings';

/**
 * What a seed of the demo business depends on besides the code: the day it is made on. Its bookings
 * fall on dates counted from the business's today, and the rows it writes are stamped with the moment
 * (some reports group by the UTC date): both dates, so a seed made for one key is the seed of any
 * moment with the same key.
 */
export const seedDay = (now: Date) => `${localDate(now, demoSettings.timezone)} ${now.toISOString().slice(0, 10)}`;
