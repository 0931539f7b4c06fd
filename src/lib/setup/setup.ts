import { z } from '../validation';
import { paymentsSection, profileSection, warehouseSection, usTimeZones, zoneFitsState } from '../settings';
import { damageWaiverOffered, type BusinessSettings } from '../business';
import { labelledOptions } from '../labels';

/**
 * The first-run setup: from the seeded demo (or an empty start) to the owner's own business. Each
 * step edits fields the settings screen edits too, with the same section schemas (picked, never
 * copied), saves on "Next" and can be revisited; the wizard resumes at the first step not saved.
 */
export const setupSteps = labelledOptions({
  business: 'Business name and contact',
  address: 'Address and time zone',
  brand: 'Logo and brand colour',
  warehouse: 'Warehouse',
  area: 'Service area',
  tax: 'Tax',
  policies: 'Deposit and cancellation policy',
  hours: 'Opening hours',
  payments: 'Payment mode',
});
export type SetupStepId = (typeof setupSteps)[number]['id'];
export const setupStepName = z.enum(setupSteps.map((s) => s.id) as [SetupStepId, ...SetupStepId[]], { error: 'Unknown setup step' });

export { usTimeZones };

const p = profileSection.shape;
const pay = paymentsSection.shape;

const taxRate = z
  .number({ error: 'Enter a percentage' })
  .min(0, 'Cannot be negative')
  .max(20, 'At most 20 percent')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most two decimals');

/** The damage waiver the setup asks about: none, one a customer may decline, or one every booking pays. */
export const damageWaiverChoices = ['none', 'optional', 'required'] as const;
export type DamageWaiverChoice = (typeof damageWaiverChoices)[number];

/** The settings a damage-waiver answer saves: no waiver is 0 % (see damageWaiverOffered). */
export function damageWaiverSettings(choice: DamageWaiverChoice, percent: number): Pick<BusinessSettings, 'damageWaiverPercent' | 'damageWaiverOptional'> {
  return choice === 'none' ? { damageWaiverPercent: 0, damageWaiverOptional: true } : { damageWaiverPercent: percent, damageWaiverOptional: choice === 'optional' };
}

/** The answer the settings stand for, as the step shows it again. */
export function damageWaiverChoice(s: Pick<BusinessSettings, 'damageWaiverPercent' | 'damageWaiverOptional'>): DamageWaiverChoice {
  if (!damageWaiverOffered(s)) return 'none';
  return s.damageWaiverOptional ? 'optional' : 'required';
}

/** What each step's "Next" sends (PUT /api/admin/setup/:step). */
export const setupStepSchemas = {
  // The booking-number prefix is proposed from the name as the owner types it (proposeBookingPrefix).
  // Whether the public site is in Spanish too (issue #40) is asked with the business's name: it decides which pages exist.
  business: z.object({ businessName: p.businessName, tagline: p.tagline, phone: p.phone, email: p.email, bookingPrefix: p.bookingPrefix, offerSpanish: p.offerSpanish }),
  address: z.object({
    addressLine1: p.addressLine1,
    addressCity: p.addressCity,
    addressState: p.addressState,
    addressZip: p.addressZip,
    timezone: p.timezone,
  }).superRefine(zoneFitsState),
  // LOGO: the `literals` helper adds the logo upload (logoPath); the wizard leaves a marked spot for it.
  brand: z.object({ brandColor: z.string({ error: 'Choose a colour' }).trim().toLowerCase().pipe(z.string().regex(/^#[0-9a-f]{6}$/, 'Use a colour like #db2777')) }),
  warehouse: warehouseSection,
  // The areas are made by the service-area builder (its own endpoints); "Next" only checks one is active.
  area: z.object({}),
  tax: z.object({
    /** Percent, as the owner types it: 7.5 is 7.5 %. Stored in basis points for every area. */
    taxRatePercent: taxRate,
    taxDeliveryFee: z.boolean({ error: 'Choose whether the delivery charge is taxed' }),
    taxDamageWaiver: z.boolean({ error: 'Choose whether the damage waiver is taxed' }),
  }),
  policies: z.object({
    depositMode: pay.depositMode,
    depositPercent: pay.depositPercent,
    depositFlatCents: pay.depositFlatCents,
    depositMinimumCents: pay.depositMinimumCents,
    balanceDueDaysBefore: pay.balanceDueDaysBefore,
    cancellationRefundDays: z
      .number({ error: 'Enter a number of days' })
      .int('Use whole days')
      .min(0, 'At least 0 days')
      .max(365, 'At most 365 days'),
    // Asked here because the home page, the cart and the terms speak of it only when there is one.
    damageWaiver: z.enum(damageWaiverChoices, { error: 'Choose whether you offer a damage waiver' }),
    /** Ignored (saved as 0) when no waiver is offered. */
    damageWaiverPercent: pay.damageWaiverPercent,
  }).refine((v) => v.damageWaiver === 'none' || v.damageWaiverPercent > 0, {
    message: 'Enter the percentage, or choose no damage waiver',
    path: ['damageWaiverPercent'],
  }),
  hours: z.object({ officeHours: p.officeHours }),
  payments: z.object({ paymentMode: pay.paymentMode }),
} satisfies Record<SetupStepId, z.ZodType>;
export type SetupStepInput<S extends SetupStepId> = z.output<(typeof setupStepSchemas)[S]>;

/** The business settings a step edits (tax also writes a field kept beside the settings). */
export const stepSettingsFields: Record<SetupStepId, (keyof BusinessSettings)[]> = {
  business: ['businessName', 'tagline', 'phone', 'email', 'bookingPrefix', 'offerSpanish'],
  address: ['addressLine1', 'addressCity', 'addressState', 'addressZip', 'timezone'],
  brand: ['brandColor'],
  warehouse: ['warehouseLine1', 'warehouseCity', 'warehouseState', 'warehouseZip'],
  area: [],
  tax: ['taxDeliveryFee', 'taxDamageWaiver'],
  // The damage waiver's two fields come from the step's answer (damageWaiverSettings).
  policies: ['depositMode', 'depositPercent', 'depositFlatCents', 'depositMinimumCents', 'balanceDueDaysBefore', 'cancellationRefundDays', 'damageWaiverPercent', 'damageWaiverOptional'],
  hours: ['officeHours'],
  payments: ['paymentMode'],
};

/** The step the wizard opens at: the first one not saved yet, or the review when all are. */
export function resumeStep(done: readonly string[]): SetupStepId | 'review' {
  return setupSteps.find((s) => !done.includes(s.id))?.id ?? 'review';
}

/** Basis points from a percent typed by the owner (7.25 → 725). */
export const percentToBps = (percent: number) => Math.round(percent * 100);
