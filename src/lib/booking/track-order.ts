import { z } from '../validation/zod';

/** POST /api/track-order: the booking number plus the e-mail or the phone used when booking. */
export const trackOrderRequest = z
  .object({
    bookingNumber: z
      .string({ error: 'Enter your booking number' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,4}-[A-Z0-9]{4,10}$/, 'Booking numbers look like PF-7K3Q9X'),
    email: z.string().trim().toLowerCase().max(200).optional(),
    phone: z.string().trim().max(30).optional(),
  })
  .refine((r) => Boolean(r.email || r.phone), { message: 'Enter the e-mail or phone number used for the booking', path: ['email'] });
export type TrackOrderRequest = z.infer<typeof trackOrderRequest>;

export const digitsOnly = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
