import { z } from '../validation/zod';
import { addressInput } from '../booking/booking-request';
import { phoneNumber } from '../forms/fields';
import { priceRequest } from '../pricing/price-input';
import { DATE_YEARS_MESSAGE, isInDateYears, isIsoDate } from '../time/event-window';
import { listQuery } from './list-query';
import { cakeStatuses, quoteStatuses } from './request-status';

/**
 * What the request screens (quotes, waivers, cake orders, product suggestions) accept. The same
 * schemas check the forms in the browser and the requests on the server.
 */

/** An empty filter box sends '' (or nothing): both mean "any". */
const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalDate = (message: string) => z.preprocess(blankAsUndefined, z.string().refine(isIsoDate, message).refine(isInDateYears, DATE_YEARS_MESSAGE).optional());
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankAsUndefined, z.enum(values, { error: message }).optional());

const dateRange = {
  from: optionalDate('Enter the first date as YYYY-MM-DD'),
  to: optionalDate('Enter the last date as YYYY-MM-DD'),
};
const rangeInOrder = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last date must not be before the first' });
};

// ---------------------------------------------------------------- quotes

export const quoteListQuery = listQuery(['created', 'eventDate', 'number', 'name', 'status', 'offerTotal'], 'created', 'desc')
  .extend({ status: optionalEnum(quoteStatuses, 'Choose a quote status'), ...dateRange })
  .superRefine(rangeInOrder);
export type QuoteListQuery = z.infer<typeof quoteListQuery>;

/** The offer is the public price request (so the public pricing engine prices it) plus a note to the customer. */
export const quoteOfferInput = priceRequest.extend({
  message: z.string().trim().max(2000, 'Write at most 2000 characters').default(''),
});
export type QuoteOfferInput = z.infer<typeof quoteOfferInput>;

export const quoteConvertInput = z.object({
  address: addressInput,
  /** Needed only when the customer left the phone out of the quote request. */
  phone: z.preprocess(blankAsUndefined, phoneNumber.optional()),
  status: z.enum(['deposit_due', 'confirmed'], { error: 'Choose deposit due or confirmed' }).default('deposit_due'),
});
export type QuoteConvertInput = z.infer<typeof quoteConvertInput>;

export const quoteUpdateInput = z
  .object({
    status: z.enum(['accepted', 'declined', 'expired'], { error: 'Choose accepted, declined or expired' }).optional(),
    staffNote: z.string().trim().max(2000, 'Write at most 2000 characters').optional(),
  })
  .refine((v) => v.status !== undefined || v.staffNote !== undefined, { message: 'Nothing to change', path: ['status'] });
export type QuoteUpdateInput = z.infer<typeof quoteUpdateInput>;

// ---------------------------------------------------------------- waivers

export const waiverListQuery = listQuery(['signedAt', 'eventDate', 'signer', 'booking'], 'signedAt', 'desc')
  .extend(dateRange)
  .superRefine(rangeInOrder);
export type WaiverListQuery = z.infer<typeof waiverListQuery>;

export const missingWaiverQuery = listQuery(['eventDate', 'booking', 'customer'], 'eventDate', 'asc').extend(dateRange).superRefine(rangeInOrder);
export type MissingWaiverQuery = z.infer<typeof missingWaiverQuery>;

// ---------------------------------------------------------------- cake orders

export const cakeListQuery = listQuery(['neededOn', 'created', 'number', 'name', 'price'], 'neededOn', 'asc')
  .extend({ status: optionalEnum(cakeStatuses, 'Choose a cake order status'), ...dateRange })
  .superRefine(rangeInOrder);
export type CakeListQuery = z.infer<typeof cakeListQuery>;

export const cakeUpdateInput = z
  .object({
    status: z.enum(cakeStatuses, { error: 'Choose a status from the pipeline' }).optional(),
    staffNotes: z.string().trim().max(4000, 'Write at most 4000 characters').optional(),
    /** With a move to ready or delivered: e-mail the customer about it (src/lib/cakes/cake-notice-email.ts). */
    notifyCustomer: z.boolean({ error: 'notifyCustomer is true or false' }).optional(),
  })
  .refine((v) => v.status !== undefined || v.staffNotes !== undefined, { message: 'Nothing to change', path: ['status'] })
  .refine((v) => !v.notifyCustomer || v.status === 'ready' || v.status === 'delivered', {
    message: 'The customer can be told when the cake is ready or delivered',
    path: ['notifyCustomer'],
  });
export type CakeUpdateInput = z.infer<typeof cakeUpdateInput>;

// ---------------------------------------------------------------- product suggestions

export const suggestionListQuery = listQuery(['created', 'what', 'status'], 'created', 'desc').extend({
  status: optionalEnum(['new', 'reviewed'] as const, 'Choose new or reviewed'),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuery>;

export const suggestionUpdateInput = z
  .object({
    status: z.enum(['new', 'reviewed'], { error: 'Choose new or reviewed' }).optional(),
    staffNote: z.string().trim().max(2000, 'Write at most 2000 characters').optional(),
  })
  .refine((v) => v.status !== undefined || v.staffNote !== undefined, { message: 'Nothing to change', path: ['status'] });
export type SuggestionUpdateInput = z.infer<typeof suggestionUpdateInput>;
