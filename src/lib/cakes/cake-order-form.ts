import { z } from '../validation';
import { CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS } from './cake-options';
import { bookingNumber, calendarDate, emailAddress, evenWithFieldErrors, given, honeypot, optionalText, personName, phoneNumber, productSlug, submissionId } from '../forms';
import { MAX_CAKE_TIERS } from '../catalog';

const oneOf = (choices: readonly { id: string }[], message: string) =>
  z.string({ error: message }).refine((v) => choices.some((c) => c.id === v), message);

export const REFERENCE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const REFERENCE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * POST /api/cake-orders and the order form on a cake's product page. The price is not part of the
 * request: the server computes it (cake-pricing.ts). Pickup needs a date; delivery comes with a
 * rental booking, proven by its number and the e-mail it was booked with, and takes the booking's
 * date. The reference photo travels beside this object (multipart field `referencePhoto`).
 */
export const cakeOrderRequest = z
  .object({
    submissionId,
    website: honeypot,
    product: productSlug,
    servings: z
      .number({ error: 'Choose how many people the cake should serve' })
      .int('Choose how many people the cake should serve')
      .min(1, 'Choose how many people the cake should serve')
      .max(500, 'For more than 500 servings, please call us'),
    tiers: z
      .number({ error: 'Choose the number of tiers' })
      .int('Choose the number of tiers')
      .min(1, 'Choose the number of tiers')
      .max(MAX_CAKE_TIERS, `We bake at most ${MAX_CAKE_TIERS} tiers`),
    flavour: oneOf(CAKE_FLAVOURS, 'Choose a cake flavour'),
    filling: oneOf(CAKE_FILLINGS, 'Choose a filling'),
    frosting: oneOf(CAKE_FROSTINGS, 'Choose a frosting'),
    messageOnCake: optionalText(80),
    allergies: optionalText(500),
    fulfilment: z.enum(['pickup', 'delivery'], { error: 'Choose pickup or delivery with your rental' }),
    /** Pickup date; for delivery the booking's party date is used. */
    neededOn: z.string().trim().optional(),
    bookingNumber: z.string().trim().toUpperCase().optional(),
    bookingEmail: z.string().trim().toLowerCase().optional(),
    name: personName,
    email: emailAddress,
    phone: phoneNumber,
  })
  .superRefine((o, ctx) => {
    if (o.fulfilment === 'pickup') {
      const date = calendarDate('Choose the pickup date').safeParse(o.neededOn ?? '');
      if (!date.success) ctx.addIssue({ code: 'custom', path: ['neededOn'], message: date.error.issues[0]!.message });
    } else if (o.fulfilment === 'delivery') {
      const number = bookingNumber.safeParse(o.bookingNumber ?? '');
      if (!number.success) ctx.addIssue({ code: 'custom', path: ['bookingNumber'], message: given(o.bookingNumber) ? number.error.issues[0]!.message : 'Enter the booking number of your rental' });
      const email = emailAddress.safeParse(o.bookingEmail ?? '');
      if (!email.success) ctx.addIssue({ code: 'custom', path: ['bookingEmail'], message: given(o.bookingEmail) ? email.error.issues[0]!.message : 'Enter the e-mail address you booked the rental with' });
    }
  }, evenWithFieldErrors);
export type CakeOrderRequest = z.infer<typeof cakeOrderRequest>;
export type CakeOrderRequestInput = z.input<typeof cakeOrderRequest>;

export interface CakeOrderCreated {
  orderNumber: string;
  priceCents: number;
  priceLines: { label: string; amountCents: number }[];
  fulfilment: 'pickup' | 'delivery';
  neededOn: string;
  bookingNumber: string | null;
}

/** Checks a reference photo the browser is about to send (the server checks the bytes again). */
export function referencePhotoProblem(file: { size: number; type: string }): string | null {
  if (!(REFERENCE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a photo in JPEG, PNG, WebP or GIF format';
  if (file.size > REFERENCE_PHOTO_MAX_BYTES) return 'Choose a photo of at most 5 MB';
  if (file.size === 0) return 'That photo file is empty';
  return null;
}
