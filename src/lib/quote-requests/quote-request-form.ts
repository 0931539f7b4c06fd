import { z } from '../validation';
import { siteAnswers } from '../site-check';
import { calendarDate, emailAddress, evenWithFieldErrors, honeypot, optionalPhone, optionalText, personName, productSlug, submissionId, zipCode } from '../forms';
import { labelledOptions } from '../labels';

export const EVENT_TYPES = labelledOptions({
  birthday: 'Birthday party',
  school: 'School event or field day',
  church: 'Church or community festival',
  company: 'Company picnic or team event',
  neighbourhood: 'Neighbourhood, HOA or block party',
  fundraiser: 'Fundraiser or public event',
  family: 'Family reunion or graduation',
  other: 'Something else',
});
export type EventTypeId = (typeof EVENT_TYPES)[number]['id'];
export const eventTypeLabel = (id: string) => EVENT_TYPES.find((t) => t.id === id)?.label ?? id;

export const MAX_QUOTE_ITEMS = 20;
export const MAX_QUOTE_QUANTITY = 20;

const quantity = z
  .number({ error: `Choose a quantity from 1 to ${MAX_QUOTE_QUANTITY}` })
  .int(`Choose a quantity from 1 to ${MAX_QUOTE_QUANTITY}`)
  .min(1, `Choose a quantity from 1 to ${MAX_QUOTE_QUANTITY}`)
  .max(MAX_QUOTE_QUANTITY, `Choose a quantity from 1 to ${MAX_QUOTE_QUANTITY}`);

/**
 * POST /api/quotes and the /request-a-quote form. Items come from the catalog (slug + quantity);
 * anything else goes into `details`. At least one of the two is needed.
 */
export const quoteRequest = z
  .object({
    submissionId,
    website: honeypot,
    eventType: z.enum(EVENT_TYPES.map((t) => t.id) as [EventTypeId, ...EventTypeId[]], { error: 'Choose the kind of event' }),
    eventDate: calendarDate('Choose the date of your event'),
    guestCount: z
      .number({ error: 'Enter about how many guests you expect' })
      .int('Enter a whole number of guests')
      .min(1, 'Enter about how many guests you expect')
      .max(10000, 'For more than 10,000 guests, please call us'),
    zip: zipCode,
    items: z
      .array(z.object({ product: productSlug, quantity }))
      .max(MAX_QUOTE_ITEMS, `A quote can list at most ${MAX_QUOTE_ITEMS} rentals; add the rest under "Anything else"`)
      .default([])
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.product)) ctx.addIssue({ code: 'custom', path: [index, 'product'], message: 'This rental is already on your list' });
          seen.add(item.product);
        });
      }),
    details: optionalText(2000),
    /** Whole US dollars, optional: what the customer hopes to spend. */
    budget: z
      .number({ error: 'Enter your budget in whole dollars, like 500' })
      .int('Enter your budget in whole dollars, like 500')
      .min(1, 'Enter your budget in whole dollars, like 500')
      .max(1_000_000, 'Enter your budget in whole dollars, like 500')
      .optional(),
    /**
     * The answers about the setup spot the listed rentals ask (the checkout's questions, siteQuestions):
     * held by the same engine when the request is taken, priced with the offer, carried to the booking.
     */
    site: siteAnswers.optional(),
    name: personName,
    email: emailAddress,
    phone: optionalPhone,
  })
  .superRefine((q, ctx) => {
    const noItems = !Array.isArray(q.items) || q.items.length === 0;
    if (noItems && !(typeof q.details === 'string' && q.details.trim())) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Pick at least one rental above, or tell us what you have in mind' });
    }
  }, evenWithFieldErrors);
export type QuoteRequest = z.infer<typeof quoteRequest>;
export type QuoteRequestInput = z.input<typeof quoteRequest>;

export interface QuoteCreated {
  quoteNumber: string;
  /** The customer's personal page for this quote. */
  personalUrl: string;
  /**
   * No active service area has the event's ZIP. The request is still taken (a party just outside the
   * map is a lead worth a call), but the customer and the staff are told so plainly.
   */
  outsideServiceArea: boolean;
}

/** What the customer reads when the event's ZIP is outside every service area (success page and e-mail). */
export function outsideServiceAreaNotice(zip: string, phone: string): string {
  return `ZIP ${zip} is outside our delivery area. We have your request and will tell you whether we can make the trip and what delivery would cost; you can also call ${phone}.`;
}

/** What staff read about the same request (the business's e-mail and the admin's quotes screen). */
export function outsideServiceAreaStaffNote(zip: string): string {
  return `ZIP ${zip} is outside every service area: decide whether to travel, and at what delivery fee, before pricing it.`;
}
