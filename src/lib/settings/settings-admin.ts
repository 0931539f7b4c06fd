import { staffCents as cents, wholeNumber, z } from '../validation';
import { slug } from '../catalog';
import { stateCode, zipCode } from '../locations';
import { remindersSection } from '../reminders';
import { bookingPrefix, embedSettings, siteRules, weekdays, type BusinessSettings } from '../business';
import { timeZoneStateProblem } from './state-time-zones';
import { usTimeZones } from './us-time-zones';

/**
 * The settings screen saves one section at a time; each has its own schema with messages staff
 * can act on. The merged row is validated again by the settings schema before it is written.
 */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');

const dayHours = z
  .object({ open: clock, close: clock })
  .refine((h) => h.close > h.open, { message: 'Closing time must be after opening time', path: ['close'] })
  .nullable();

/**
 * The time zone must be one the business's state keeps (timeZoneStateProblem), refused at the time-zone
 * field: for the Business profile and the setup's address step alike.
 */
export function zoneFitsState(v: { addressState: string; timezone: string }, ctx: z.RefinementCtx) {
  const problem = timeZoneStateProblem(v.addressState, v.timezone);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['timezone'] });
}

export const profileSection = z.object({
  businessName: z.string().trim().min(1, 'Enter the business name').max(120, 'Use at most 120 characters'),
  tagline: z.string().trim().max(200, 'Use at most 200 characters'),
  phone: z
    .string()
    .trim()
    .min(7, 'Enter a phone number')
    .max(30, 'Use at most 30 characters')
    .regex(/^[0-9+().\s-]+$/, 'Use digits, spaces and + ( ) - only'),
  email: z.email('Enter a valid e-mail address').max(200),
  addressLine1: z.string().trim().min(1, 'Enter the street address').max(200, 'Use at most 200 characters'),
  addressCity: z.string().trim().min(1, 'Enter the city').max(80, 'Use at most 80 characters'),
  addressState: stateCode,
  addressZip: zipCode,
  /**
   * The business's clock (delivery windows, reminders, "today" on the day screen). Here as well as in the
   * setup's address step: a zone chosen wrongly there had no other place to be put right.
   */
  timezone: z.enum(usTimeZones.map((t) => t.id) as [string, ...string[]], { error: 'Choose the time zone' }),
  officeHours: z.object(Object.fromEntries(weekdays.map((d) => [d, dayHours])) as Record<(typeof weekdays)[number], typeof dayHours>),
  /** New booking numbers start with it; the forms' hints show it ("like BB-7K3Q9X"). */
  bookingPrefix,
  /** The site's palette is derived from it at build (src/lib/business/brand-palette.ts). */
  brandColor: z
    .string({ error: 'Choose a colour' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #db2777')
    .transform((c) => c.toLowerCase()),
  /** The public pages in Spanish as well (issue #40): a rebuild adds or removes every /es/ page. */
  offerSpanish: z.boolean({ error: 'Choose whether the site is also in Spanish' }),
}).superRefine(zoneFitsState);

const bookingFields = z.object({
  leadTimeHours: wholeNumber(0, 720, 'hours'),
  maxDaysAhead: wholeNumber(1, 1095, 'days'),
  deliveryWindowStart: clock,
  deliveryWindowEnd: clock,
  defaultSetupMinutes: wholeNumber(0, 600, 'minutes'),
  defaultTeardownMinutes: wholeNumber(0, 600, 'minutes'),
  holdMinutes: wholeNumber(5, 1440, 'minutes'),
  cakeLeadTimeDays: wholeNumber(0, 60, 'days'),
  crewMayTakeBookings: z.boolean({ error: 'Choose whether crew may take bookings' }),
});
export const bookingSection = bookingFields.refine((s) => s.deliveryWindowEnd > s.deliveryWindowStart, {
  message: 'The window must end after it starts',
  path: ['deliveryWindowEnd'],
});

export const paymentsSection = z.object({
  paymentMode: z.enum(['deposit_online', 'pay_later'], { error: 'Choose how deposits are paid' }),
  depositMode: z.enum(['percent', 'flat'], { error: 'Choose a percentage or a flat deposit' }),
  depositPercent: wholeNumber(0, 100, 'percent'),
  depositFlatCents: cents,
  depositMinimumCents: cents,
  balanceDueDaysBefore: wholeNumber(0, 60, 'days'),
  damageWaiverPercent: z
    .number({ error: 'Enter a percentage' })
    .min(0, 'Cannot be negative')
    .max(50, 'At most 50 percent')
    .refine((n) => Number.isInteger(n * 100), 'Use at most two decimals'),
  damageWaiverOptional: z.boolean({ error: 'Choose optional or required' }),
  // Whether the state taxes these with a taxable rental (some states tax both, many neither).
  taxDeliveryFee: z.boolean({ error: 'Choose whether the delivery fee is taxed' }),
  taxDamageWaiver: z.boolean({ error: 'Choose whether the damage waiver is taxed' }),
  // Balances that collect themselves: the card saved at the deposit checkout is charged N days ahead.
  autoChargeBalance: z.boolean({ error: 'Choose whether the balance is charged automatically' }),
  autoChargeDaysBefore: wholeNumber(0, 30, 'days'),
});

/**
 * What one visitor may take or make the business send: the limits that stop a script which pays the
 * human check's price (see docs/security.md).
 */
export const protectionSection = z.object({
  unpaidHoldHours: wholeNumber(1, 336, 'hours'),
  maxUnitsPerProduct: wholeNumber(1, 100, 'units'),
  maxItemsPerBooking: wholeNumber(1, 100, 'products'),
  maxOpenUnpaidPerEmail: wholeNumber(1, 50, 'bookings'),
  maxOpenUnpaidPerPhone: wholeNumber(1, 50, 'bookings'),
  maxOpenUnpaidPerClient: wholeNumber(1, 10_000, 'bookings'),
  unverifiedMailDailyCap: wholeNumber(0, 10_000, 'messages'),
  waiverCopiesPerBooking: wholeNumber(0, 500, 'copies'),
});

/** Where the trucks load: the day's suggested routes start and end at its ZIP code. */
export const warehouseSection = z.object({
  warehouseLine1: z.string({ error: 'Enter the street address' }).trim().min(1, 'Enter the street address').max(200, 'Use at most 200 characters'),
  warehouseCity: z.string({ error: 'Enter the city' }).trim().min(1, 'Enter the city').max(80, 'Use at most 80 characters'),
  warehouseState: stateCode,
  warehouseZip: zipCode,
});

/** The change and cancellation policy: what a customer gets back when, and until when a date moves free. */
const changesFields = z.object({
  cancellationRefundDays: wholeNumber(0, 365, 'days'),
  cancellationCreditHours: wholeNumber(0, 8760, 'hours'),
  creditExpiryMonths: wholeNumber(1, 60, 'months'),
  changeCutoffHours: wholeNumber(0, 720, 'hours'),
  rainOutAnswerDays: wholeNumber(1, 90, 'days'),
});
export const changesSection = changesFields.refine((s) => s.cancellationCreditHours <= s.cancellationRefundDays * 24, {
  // The credit tier lies between the two limits: a credit limit further out than the refund limit leaves none.
  message: 'Must not be more than the full-refund limit in hours',
  path: ['cancellationCreditHours'],
});

/** Quiet hours for text messages, on the business's clock: texts due between them wait until they end. */
export const textsSection = z.object({
  textQuietStart: clock,
  textQuietEnd: clock,
});

/**
 * The owner's rules for the customer's yard (business/site-rules.ts), saved whole: the surfaces served,
 * the fees of a harder setup, the generator, "Not sure" and the help under each checkout question.
 * That the generator is a product of the catalog is checked by the service (it reads the catalog).
 */
export const siteSection = z.object({ siteRules });

/** Add to your website (issue #39): the owner's other websites that may show the booking widget, and the page bookings return to. */
export const embedSection = z.object({ embed: embedSettings });

export const settingsSections = { profile: profileSection, booking: bookingSection, payments: paymentsSection, reminders: remindersSection, warehouse: warehouseSection, protection: protectionSection, changes: changesSection, texts: textsSection, site: siteSection, embed: embedSection } as const;
export type SettingsSection = keyof typeof settingsSections;
export const settingsSectionName = z.enum(['profile', 'booking', 'payments', 'reminders', 'warehouse', 'protection', 'changes', 'texts', 'site', 'embed'], { error: 'Unknown settings section' });

export const sectionLabels: Record<SettingsSection, string> = {
  profile: 'Business profile',
  booking: 'Booking rules',
  payments: 'Deposit, damage waiver, tax and payments',
  reminders: 'Reminders',
  warehouse: 'Warehouse',
  protection: 'Limits and abuse protection',
  changes: 'Changes and cancellations',
  texts: 'Text messages',
  site: 'Site rules',
  embed: 'Add to your website',
};

const sectionFields: Record<SettingsSection, (keyof BusinessSettings)[]> = {
  profile: Object.keys(profileSection.shape) as (keyof BusinessSettings)[],
  booking: Object.keys(bookingFields.shape) as (keyof BusinessSettings)[],
  payments: Object.keys(paymentsSection.shape) as (keyof BusinessSettings)[],
  reminders: Object.keys(remindersSection.shape) as (keyof BusinessSettings)[],
  warehouse: Object.keys(warehouseSection.shape) as (keyof BusinessSettings)[],
  protection: Object.keys(protectionSection.shape) as (keyof BusinessSettings)[],
  changes: Object.keys(changesFields.shape) as (keyof BusinessSettings)[],
  texts: Object.keys(textsSection.shape) as (keyof BusinessSettings)[],
  site: Object.keys(siteSection.shape) as (keyof BusinessSettings)[],
  embed: Object.keys(embedSection.shape) as (keyof BusinessSettings)[],
};

/** The fields of one section, picked from the full settings (what the screen edits and the audit keeps). */
export function sectionValues(settings: BusinessSettings, section: SettingsSection): Partial<BusinessSettings> {
  return Object.fromEntries(sectionFields[section].map((k) => [k, settings[k]]));
}

/** Settings the prebuilt pages print (header, footer, contact, landing pages, cake and booking info). */
const shownOnPages: (keyof BusinessSettings)[] = [
  'businessName', 'tagline', 'phone', 'email', 'addressLine1', 'addressCity', 'addressState', 'addressZip', 'officeHours',
  'deliveryWindowStart', 'deliveryWindowEnd', 'leadTimeHours', 'maxDaysAhead', 'cakeLeadTimeDays',
  'paymentMode', 'depositMode', 'depositPercent', 'depositMinimumCents', 'damageWaiverPercent',
  // Landing pages price an example order; the palette, the logo and the time zone are on every page.
  'taxDeliveryFee', 'taxDamageWaiver', 'brandColor', 'logoPath', 'timezone',
  // The booking-number hints of the track-order, contact, waiver and cake forms.
  'bookingPrefix',
  // The cancellation policy page summarises the policy.
  'cancellationRefundDays', 'cancellationCreditHours', 'creditExpiryMonths', 'changeCutoffHours',
];

/** Which of the changed settings appear on static pages (a rebuild is needed when any do). */
export function changedPageFields(before: BusinessSettings, after: BusinessSettings): string[] {
  return shownOnPages.filter((k) => canonical(before[k]) !== canonical(after[k]));
}

/** JSON with object keys sorted: jsonb does not keep key order, so office hours come back reordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Service areas as staff edit them: ZIP codes typed as a list, money in cents, tax in basis points. */
export const serviceAreaBody = z.object({
  slug,
  city: z.string().trim().min(1, 'Enter the city').max(80, 'Use at most 80 characters'),
  state: stateCode,
  /** '' when not known: the city pages print "{county} County" only when there is one. */
  county: z.string({ error: 'Enter the county' }).trim().max(80, 'Use at most 80 characters').default(''),
  zipCodes: z
    .array(zipCode, { error: 'List the ZIP codes' })
    .min(1, 'Add at least one ZIP code')
    .max(200, 'At most 200 ZIP codes')
    .transform((zips) => [...new Set(zips)].sort()),
  deliveryFeeCents: cents,
  taxRateBps: wholeNumber(0, 2000, 'basis points (20 % at most)'),
  minimumOrderCents: cents,
  active: z.boolean({ error: 'Active is true or false' }),
});
export type ServiceAreaBody = z.infer<typeof serviceAreaBody>;

/** '78664, 78665\n78681' → ['78664', '78665', '78681'] (what the ZIP text box holds). */
export const parseZipList = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
