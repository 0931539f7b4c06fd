import { z } from '../validation';

export const MAX_ADJUSTMENTS = 10;

/**
 * A staff discount or surcharge as typed on the booking screen: a name customers read on the
 * invoice, a reason for the audit log, and an amount in cents or a percentage (two decimals).
 */
export const adjustmentInput = z
  .object({
    label: z.string({ error: 'Name the adjustment' }).trim().min(1, 'Name the adjustment').max(60, 'Name: at most 60 characters'),
    reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(500, 'Reason: at most 500 characters'),
    direction: z.enum(['discount', 'surcharge'], { error: 'Choose discount or surcharge' }),
    kind: z.enum(['amount', 'percent'], { error: 'Choose an amount or a percentage' }),
    value: z.number({ error: 'Enter the amount' }).positive('Must be more than zero'),
  })
  .superRefine((a, ctx) => {
    if (a.kind === 'amount' && (!Number.isInteger(a.value) || a.value > 10_000_000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount in whole cents, at most $100,000' });
    }
    if (a.kind === 'percent' && (a.value > 100 || !Number.isInteger(Math.round(a.value * 100 * 1e6) / 1e6))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage up to 100, with at most two decimals' });
    }
  });

export const adjustmentsInput = z
  .array(adjustmentInput, { error: 'Adjustments are a list' })
  .max(MAX_ADJUSTMENTS, `At most ${MAX_ADJUSTMENTS} adjustments`)
  .default([]);
