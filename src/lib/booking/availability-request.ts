import { z } from '../validation';
import { DATE_YEARS_MESSAGE, isClockTime, isInDateYears, isIsoDate } from '../time';

const date = z.string().refine(isIsoDate, 'Use a date like 2026-07-04').refine(isInDateYears, DATE_YEARS_MESSAGE);
const time = z.string().refine(isClockTime, 'Use a time like 14:00');

/**
 * GET /api/availability has three shapes:
 * - product + date + start + end: units free for that window;
 * - product + month: a per-day calendar (start/end optional, default 10:00–16:00);
 * - date + start + end: every product's free count (the /at page).
 */
export const availabilityQuery = z
  .object({
    product: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Unknown product').optional(),
    date: date.optional(),
    endDate: date.optional(),
    start: time.optional(),
    end: time.optional(),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-07')
      .refine((month) => isInDateYears(`${month}-01`), DATE_YEARS_MESSAGE)
      .optional(),
    quantity: z.coerce.number().int().min(1).max(20).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.month) {
      if (!q.product) ctx.addIssue({ code: 'custom', path: ['product'], message: 'Choose a product for the calendar' });
      if (q.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Give either a month or a date, not both' });
      return;
    }
    if (!q.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date' });
    if (!q.start) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Choose a start time' });
    if (!q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Choose an end time' });
    if (q.date && q.start && q.end && (q.endDate ?? q.date) === q.date && q.end <= q.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end time must be after the start time' });
    }
    if (q.date && q.endDate && q.endDate < q.date) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date must not be before the start date' });
    }
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;
