import { z } from '../validation';
import { addressInput } from '../booking';
import { phoneNumber } from '../forms';
import { priceRequest } from '../pricing';
import { siteOverrideInput } from '../site-check';
import { blankAsUndefined, dateRange, listQuery, optionalEnum, rangeInOrder } from '../lists';
import { quoteStatuses } from './quote-request-status';

/** What the quote requests screen sends: the list's filters, an offer, a conversion, a status or note. */
export const quoteListQuery = listQuery(['created', 'eventDate', 'number', 'name', 'status', 'offerTotal'], 'created', 'desc')
  .extend({ status: optionalEnum(quoteStatuses, 'Choose a quote status'), ...dateRange })
  .superRefine(rangeInOrder);
export type QuoteListQuery = z.infer<typeof quoteListQuery>;

/**
 * The offer is the public price request (so the public pricing engine prices it) plus a note to the
 * customer. Staff may correct the setup spot's answers (`site`, when the customer told them more) and
 * book anyway what its check refuses (`siteOverride`, with the reason), as on the desk.
 */
export const quoteOfferInput = priceRequest.extend({
  message: z.string().trim().max(2000, 'Write at most 2000 characters').default(''),
  siteOverride: siteOverrideInput.optional(),
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
