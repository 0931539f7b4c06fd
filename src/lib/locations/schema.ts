import { z } from '../validation';
import { slug } from '../catalog';
import { isUsStateCode } from '../business';
import type { ServiceArea } from './types';

export const zipCode = z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');
/** A state's postal code, checked against the list: it names the business's state, and the law of its waiver. */
export const stateCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Use the 2-letter state code')
  .refine(isUsStateCode, 'That is not a US state’s code: use its 2 letters, like OH');

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

/** A service area's own columns, as both the seed and the settings screen write them. */
export function serviceAreaColumns(a: Omit<ServiceArea, 'id' | 'zipCodes'> & { active: boolean }) {
  return {
    slug: a.slug,
    city: a.city,
    state: a.state,
    county: a.county,
    delivery_fee_cents: a.deliveryFeeCents,
    tax_rate_bps: a.taxRateBps,
    minimum_order_cents: a.minimumOrderCents,
    active: a.active,
  };
}

/** A service area row with its ZIP codes gathered into `zip_codes`. */
export interface ServiceAreaRow {
  id: string;
  slug: string;
  city: string;
  state: string;
  county: string;
  delivery_fee_cents: number;
  tax_rate_bps: number;
  minimum_order_cents: number;
  zip_codes: string[];
}

/** The reverse of serviceAreaColumns, with the id and ZIP codes. */
export function serviceAreaFromRow(r: ServiceAreaRow): ServiceArea {
  return {
    id: r.id,
    slug: r.slug,
    city: r.city,
    state: r.state,
    county: r.county,
    deliveryFeeCents: r.delivery_fee_cents,
    taxRateBps: r.tax_rate_bps,
    minimumOrderCents: r.minimum_order_cents,
    zipCodes: r.zip_codes,
  };
}
