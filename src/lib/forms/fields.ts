import { z } from '../validation';
import { isIsoDate } from '../time';
import { BOOKING_NUMBER, bookingNumberProblem } from '../reference';

/**
 * Field rules shared by every customer form. Browser-safe: islands validate with the same schemas
 * the functions use. Optional text fields accept '' (what an empty input sends) and mean "not given".
 */

/**
 * The honeypot: a field people never see (hidden and skipped by keyboard and screen readers) but
 * form-filling bots do. Any content means spam; the server then answers as if it succeeded and stores
 * nothing, so the bot learns nothing. It is deliberately not rejected by the schema for that reason.
 */
export const honeypot = z.string().max(2000).optional();

/** Generated once per filled-in form (crypto.randomUUID()); a repeated submit with it stores nothing new. */
export const submissionId = z.uuid({ error: 'Please reload the page and send the form again.' });

export const personName = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(2, 'Enter your full name')
  .max(120, 'Use at most 120 characters');

export const emailAddress = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address')
  .max(200, 'Use at most 200 characters')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com'));

export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, 'Use at most 200 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address, like name@example.com')
  .optional();

const phoneDigits = (v: string) => v.replace(/\D/g, '').length;
const PHONE_CHARS = /^[\d\s()+.-]+$/;

export const phoneNumber = z
  .string({ error: 'Enter a phone number' })
  .trim()
  .min(1, 'Enter a phone number')
  .refine((v) => phoneDigits(v) >= 10 && phoneDigits(v) <= 15, 'Enter a phone number with area code, like (512) 555-0123')
  .refine((v) => PHONE_CHARS.test(v), 'Use digits, spaces and ( ) + - only');

export const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || (phoneDigits(v) >= 10 && phoneDigits(v) <= 15), 'Enter a phone number with area code, like (512) 555-0123')
  .refine((v) => v === '' || PHONE_CHARS.test(v), 'Use digits, spaces and ( ) + - only')
  .optional();

export const zipCode = z
  .string({ error: 'Enter a 5-digit ZIP code' })
  .trim()
  .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');

/** 'YYYY-MM-DD' that exists on the calendar. Whether it is far enough ahead is the server's call (it knows "today"). */
export const calendarDate = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine(isIsoDate, 'Enter a real date, like 2026-12-05');

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional();

export { BOOKING_NUMBER };

export const bookingNumber = z
  .string({ error: 'Enter your booking number' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter your booking number')
  .regex(BOOKING_NUMBER, bookingNumberProblem);

export const optionalBookingNumber = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || BOOKING_NUMBER.test(v), bookingNumberProblem)
  .optional();

export const productSlug = z.string({ error: 'Choose a product' }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a product');

/** '' and undefined both mean "not given". */
export const given = (v: string | undefined | null): v is string => typeof v === 'string' && v.trim() !== '';
export const orNull = (v: string | undefined | null): string | null => (given(v) ? v.trim() : null);

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * For cross-field rules (superRefine): run them even when other fields already failed, so a form
 * shows every problem at once instead of revealing them one round trip at a time. The rules must
 * therefore cope with values of the wrong type.
 */
export const evenWithFieldErrors = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
