import { z } from '../validation';
import { slug } from '../catalog';

export const zipCode = z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');
export const stateCode = z.string().regex(/^[A-Z]{2}$/, 'Use the 2-letter state code');

export const serviceAreaInput = z.object({
  slug,
  city: z.string().trim().min(1).max(80),
  state: stateCode,
  /** '' when not known. */
  county: z.string().trim().max(80).default(''),
  zipCodes: z.array(zipCode).min(1, 'At least one ZIP code').max(200),
  deliveryFeeCents: z.number().int().nonnegative(),
  /** Basis points: 825 = 8.25 %. */
  taxRateBps: z.number().int().min(0).max(2000),
  minimumOrderCents: z.number().int().nonnegative(),
  active: z.boolean(),
});
export type ServiceAreaInput = z.input<typeof serviceAreaInput>;
