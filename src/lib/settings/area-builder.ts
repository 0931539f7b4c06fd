import { staffCents as cents, z } from '../validation';
import { slug } from '../catalog';
import { zipCode, type ProposedTown } from '../locations';

/**
 * The service-area builder's requests: towns proposed by drive radius from the warehouse or from a
 * pasted ZIP list, each charged the fee of its distance band. The server computes every town, its
 * distance and its fee from these fields (the browser never sends a fee per town); Apply sends the
 * same fields again plus the towns left ticked.
 */

export const MAX_RADIUS_MILES = 75;

export const feeBand = z.object({
  upToMiles: z.number({ error: 'Enter a number of miles' }).positive('More than 0 miles').max(200, 'At most 200 miles'),
  feeCents: cents,
});
export type FeeBandInput = z.infer<typeof feeBand>;

const builderFields = z.object({
  mode: z.enum(['radius', 'zips'], { error: 'Choose a radius or a ZIP list' }),
  radiusMiles: z.number({ error: 'Enter a number of miles' }).positive('More than 0 miles').max(MAX_RADIUS_MILES, `At most ${MAX_RADIUS_MILES} miles`).optional(),
  zipCodes: z.array(zipCode, { error: 'List the ZIP codes' }).max(1000, 'At most 1,000 ZIP codes').optional(),
  feeBands: z.array(feeBand, { error: 'Add the fee bands' }).min(1, 'Add at least one fee band').max(12, 'At most 12 fee bands'),
  taxRateBps: z.number({ error: 'Enter the sales tax' }).int('Use whole basis points').min(0, 'Cannot be negative').max(2000, 'At most 20 %'),
  minimumOrderCents: cents,
});

function checkBuilder(v: z.infer<typeof builderFields>, ctx: z.RefinementCtx) {
  if (v.mode === 'radius' && v.radiusMiles === undefined) ctx.addIssue({ code: 'custom', path: ['radiusMiles'], message: 'Enter a number of miles' });
  if (v.mode === 'zips' && !v.zipCodes?.length) ctx.addIssue({ code: 'custom', path: ['zipCodes'], message: 'Add at least one ZIP code' });
  v.feeBands.forEach((band, i) => {
    if (i > 0 && band.upToMiles <= v.feeBands[i - 1]!.upToMiles) {
      ctx.addIssue({ code: 'custom', path: ['feeBands', i, 'upToMiles'], message: 'Each band must reach further than the one before' });
    }
  });
}

export const areaBuilderRequest = builderFields.superRefine(checkBuilder);
export type AreaBuilderRequest = z.infer<typeof areaBuilderRequest>;

export const areaBuilderApply = builderFields
  .extend({ towns: z.array(slug, { error: 'Tick the towns to add' }).min(1, 'Tick at least one town').max(1000, 'At most 1,000 towns') })
  .superRefine(checkBuilder);
export type AreaBuilderApply = z.infer<typeof areaBuilderApply>;

/** A proposed town as the Preview lists it: `existing` when an area with its address (slug) is already there and Apply updates it. */
export interface PreviewTown extends ProposedTown {
  existing: boolean;
  /** ZIPs of this town another area (by another slug) already serves: Apply refuses while any are ticked. */
  takenZips: { zip: string; city: string }[];
}

export interface AreaBuilderPreview {
  warehouseZip: string;
  currency: string;
  towns: PreviewTown[];
  /** Pasted ZIPs the data does not know. */
  unknownZips: string[];
}
