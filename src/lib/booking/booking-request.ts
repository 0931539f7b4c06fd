import { z } from '../validation';
import { BOOKING_NUMBER, bookingNumberProblem } from '../reference';
import { surface } from '../catalog';
import { priceRequest } from '../pricing';
import { LOCALES } from '../i18n';

const phone = z
  .string({ error: 'Enter a phone number' })
  .trim()
  .refine((v) => v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 15, 'Enter a phone number with area code')
  .refine((v) => /^[\d\s()+.-]+$/.test(v), 'Use digits, spaces and ( ) + - only');

export const customerInput = z.object({
  name: z.string({ error: 'Enter your name' }).trim().min(2, 'Enter your full name').max(120, 'At most 120 characters'),
  email: z.string({ error: 'Enter your e-mail' }).trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')).pipe(z.string().max(200, 'At most 200 characters')),
  phone,
});
export type CustomerInput = z.infer<typeof customerInput>;

/*
 * Every limit says itself ('At most 200 characters'): a check without its own message takes the field's
 * ('Enter the city' for a city too long) or zod's English. Checkout's browser check finds each message in
 * the Spanish catalog as it is, so each limit there has its own entry.
 */
export const addressInput = z.object({
  line1: z.string({ error: 'Enter the street address' }).trim().min(3, 'Enter the street address').max(200, 'At most 200 characters'),
  line2: z.string().trim().max(200, 'At most 200 characters').optional(),
  city: z.string({ error: 'Enter the city' }).trim().min(2, 'Enter the city').max(80, 'At most 80 characters'),
  state: z
    .string({ error: 'Enter the state' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the 2-letter state code, e.g. NY'),
  zip: z.string({ error: 'Enter a 5-digit ZIP code' }).trim().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code'),
  surface: surface.optional(),
  notes: z.string().trim().max(1000, 'At most 1000 characters').optional(),
});

/**
 * The language everything the customer receives about a booking is written in (issue #40): the page's
 * language they booked on, or the one staff chose on the phone. Left out: English, as every booking
 * was before the site spoke Spanish.
 */
export const languageField = z.enum(LOCALES, { error: 'Choose English (en) or Spanish (es)' }).default('en');

/**
 * POST /api/bookings. The same schema validates the checkout form in the browser and the request
 * on the server. Prices are never accepted from the client: unknown fields are stripped.
 */
export const bookingRequest = priceRequest
  .omit({ zip: true })
  .extend({
    customer: customerInput,
    address: addressInput,
    acceptTerms: z.literal(true, { error: 'Please accept the rental terms and cancellation policy' }),
    /** The customer ticked "Text me about this booking" (asked only when the site can text): stored with its wording. */
    textConsent: z.boolean({ error: 'Text consent is true or false' }).optional(),
    /** The signed grant from proving an e-mail with credit (POST /api/credit-code/verify): spend it on this booking. */
    creditGrant: z.string().trim().min(1).max(1000, 'Prove your e-mail again to use your credit').optional(),
    /** The booking widget's cart this checkout was opened with (its token's id): the host site it came through, for the analytics. */
    embedCart: z.uuid('The cart link is not one of ours').optional(),
    /** The language of the page the customer booked on. */
    language: languageField,
  });
export type BookingRequest = z.infer<typeof bookingRequest>;
export type BookingRequestInput = z.input<typeof bookingRequest>;

/** A booking number as customers type it. */
export const bookingNumberField = z
  .string({ error: 'Enter your booking number' })
  .trim()
  .toUpperCase()
  .regex(BOOKING_NUMBER, bookingNumberProblem);
