import { z } from '../validation';
import { prefixTaken } from '../reference';
import { embedSettings } from './embed-settings';
import { siteRules } from './site-rules';

/** The booking-number prefix the owner types: 2–4 capital letters (upper-cased first, so "bb" is not an error). */
export const bookingPrefix = z
  .string({ error: 'Enter 2 to 4 letters' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,4}$/, 'Use 2 to 4 letters A–Z, like BB')
  .refine((p) => !prefixTaken(p), { message: 'That prefix is used for other numbers (CK is for cake orders): choose another' });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');
const dayHours = z.object({ open: time, close: time }).nullable();
/** A whole number within bounds (the settings screen's sections word the messages; this is the stored row's check). */
const wholeBetween = (min: number, max: number) => z.number().int().min(min).max(max);

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const weekdayNames: Record<(typeof weekdays)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const businessSettings = z.object({
  businessName: z.string().trim().min(1).max(120),
  tagline: z.string().max(200),
  phone: z.string().trim().min(7).max(30),
  email: z.email(),
  addressLine1: z.string().trim().min(1).max(200),
  addressCity: z.string().trim().min(1).max(80),
  addressState: z.string().regex(/^[A-Z]{2}$/),
  addressZip: z.string().regex(/^\d{5}$/),
  timezone: z.string().min(1),
  /** Office hours per weekday; null means closed. */
  officeHours: z.object(Object.fromEntries(weekdays.map((d) => [d, dayHours])) as Record<(typeof weekdays)[number], typeof dayHours>),
  deliveryWindowStart: time,
  deliveryWindowEnd: time,
  depositMode: z.enum(['percent', 'flat']),
  depositPercent: wholeBetween(0, 100),
  depositFlatCents: z.number().int().nonnegative(),
  depositMinimumCents: z.number().int().nonnegative(),
  balanceDueDaysBefore: wholeBetween(0, 60),
  damageWaiverPercent: z.number().min(0).max(50),
  damageWaiverOptional: z.boolean(),
  leadTimeHours: wholeBetween(0, 720),
  maxDaysAhead: wholeBetween(1, 1095),
  defaultSetupMinutes: wholeBetween(0, 600),
  defaultTeardownMinutes: wholeBetween(0, 600),
  holdMinutes: wholeBetween(5, 1440),
  cakeLeadTimeDays: wholeBetween(0, 60),
  /** Crew may take phone bookings (managers and owners always may). */
  crewMayTakeBookings: z.boolean(),
  /** The public site in Spanish too (/es/…, issue #40); off: no Spanish page is built and no switch shown. */
  offerSpanish: z.boolean(),
  paymentMode: z.enum(['deposit_online', 'pay_later']),
  currency: z.string().regex(/^[a-z]{3}$/),
  /** Local time from which day-based reminders (balance due, day before, thank-you) go out. */
  reminderSendTime: time,
  balanceReminderEnabled: z.boolean(),
  /** Days before the balance due date. */
  balanceReminderDaysBefore: wholeBetween(0, 30),
  dayBeforeReminderEnabled: z.boolean(),
  waiverReminderEnabled: z.boolean(),
  /** Hours before the event start, when no waiver is signed yet. */
  waiverReminderHoursBefore: wholeBetween(1, 168),
  thankYouEnabled: z.boolean(),
  /** Days after the booking is completed. */
  thankYouDaysAfter: wholeBetween(0, 7),
  /** Where the thank-you asks for a review; '' sends the thank-you without one. */
  reviewUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
  /** Messages a customer gets (src/lib/customer-messages): "on the way" from the day screen, the unfinished-checkout reminder, */
  onTheWayEnabled: z.boolean(),
  cartReminderEnabled: z.boolean(),
  /** and the owner's words for each, with {firstName}, {business}, {window}, {eta}, {date} filled in. */
  dayBeforeWording: z.string().trim().min(1).max(1000),
  onTheWayWording: z.string().trim().min(1).max(1000),
  reviewRequestWording: z.string().trim().min(1).max(1000),
  cartReminderWording: z.string().trim().min(1).max(1000),
  /** Where the trucks load: the day's routes start and end here. */
  warehouseLine1: z.string().trim().min(1).max(200),
  warehouseCity: z.string().trim().min(1).max(80),
  warehouseState: z.string().regex(/^[A-Z]{2}$/),
  warehouseZip: z.string().regex(/^\d{5}$/),
  /** An online booking neither paid nor confirmed by staff keeps its units this long, then is released. */
  unpaidHoldHours: wholeBetween(1, 336),
  /** What one online booking may take: units of one product, and products in all. */
  maxUnitsPerProduct: wholeBetween(1, 100),
  maxItemsPerBooking: wholeBetween(1, 100),
  /** Open unpaid online bookings at once per e-mail address, phone number and client address. */
  maxOpenUnpaidPerEmail: wholeBetween(1, 50),
  maxOpenUnpaidPerPhone: wholeBetween(1, 50),
  maxOpenUnpaidPerClient: wholeBetween(1, 10_000),
  /** Acknowledgements to unverified addresses per day, across all visitors (0: none are sent). */
  unverifiedMailDailyCap: wholeBetween(0, 10000),
  /** The change and cancellation policy (src/lib/changes/policy.ts): a full refund this many days or more ahead, */
  cancellationRefundDays: wholeBetween(0, 365),
  /** then what was paid as a credit down to this many hours ahead, then nothing; */
  cancellationCreditHours: wholeBetween(0, 8760),
  /** such a credit can be spent this long; */
  creditExpiryMonths: wholeBetween(1, 60),
  /** a move to another date is free until this many hours before the event. */
  changeCutoffHours: wholeBetween(0, 720),
  /** after a rain-out, customers choose what happens within this many days (then they keep a rain check). */
  rainOutAnswerDays: wholeBetween(1, 90),
  /** Balances that collect themselves (src/lib/payments/auto-charge.ts): the deposit checkout saves the card, */
  autoChargeBalance: z.boolean(),
  /** and the balance is charged to it this many days before the event. */
  autoChargeDaysBefore: wholeBetween(0, 30),
  /** Copies of signed waivers e-mailed to signers, per booking. */
  waiverCopiesPerBooking: wholeBetween(0, 500),
  /** Whether the delivery charge and the damage waiver are taxed with a taxable rental (a state's rule). */
  taxDeliveryFee: z.boolean(),
  taxDamageWaiver: z.boolean(),
  /** Quiet hours for texts on the business's clock ('HH:MM'; start = end: none): a text due then waits until they end. */
  textQuietStart: time,
  textQuietEnd: time,
  /** The letters before the dash of new booking numbers ('BB' → BB-7K3Q9X); numbers made before keep theirs. */
  bookingPrefix,
  /** '#rrggbb'; the build derives the site's palette from it. */
  brandColor: z.string().regex(/^#[0-9a-f]{6}$/, 'Use a colour like #db2777'),
  /** The logo's path in the file storage, '' for none. */
  logoPath: z.string().max(300),
  /** The yard: what the business serves, its fees for a harder setup, the checkout's help (site-rules.ts). */
  siteRules,
  /** The booking widget on the owner's other website(s): where it may be shown, where a booking returns to. */
  embed: embedSettings,
});
export type BusinessSettings = z.infer<typeof businessSettings>;

/**
 * Whether the business offers a damage waiver at all: a 0 % waiver is none (the setup's "No damage
 * waiver" saves 0), and then no page, price or checkout mentions one.
 */
export const damageWaiverOffered = (s: Pick<BusinessSettings, 'damageWaiverPercent'>): boolean => s.damageWaiverPercent > 0;
