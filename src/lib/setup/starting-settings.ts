import { DEFAULT_SITE_RULES, NO_EMBED, type BusinessSettings } from '../business';
import { defaultWording } from '../customer-messages';

/**
 * The settings an empty start (`START_EMPTY=true npm start`) begins with: neutral placeholders that
 * name no business, town or state's rule, so the site builds and the admin opens before the owner
 * has been through the setup wizard, which replaces every placeholder the public pages show. Until
 * the setup is finished the public pages say the site is opening soon and ask not to be indexed.
 * The operating defaults (limits, reminders, booking rules) are the ones a new business can keep.
 */
export function startingSettings(ownerEmail: string | undefined): BusinessSettings {
  const open = { open: '09:00', close: '17:00' };
  return {
    businessName: 'Your business',
    tagline: '',
    phone: '000-000-0000',
    email: ownerEmail ?? 'owner@example.com',
    addressLine1: 'Your street address',
    addressCity: 'Your city',
    // The schema needs a state code; the setup's address step asks for the real one.
    addressState: 'NY',
    addressZip: '00000',
    timezone: 'America/New_York',
    officeHours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: null },
    deliveryWindowStart: '08:00',
    deliveryWindowEnd: '20:00',
    depositMode: 'percent',
    depositPercent: 25,
    depositFlatCents: 5000,
    depositMinimumCents: 0,
    balanceDueDaysBefore: 0,
    damageWaiverPercent: 0,
    damageWaiverOptional: true,
    leadTimeHours: 24,
    maxDaysAhead: 365,
    defaultSetupMinutes: 60,
    defaultTeardownMinutes: 45,
    holdMinutes: 30,
    cakeLeadTimeDays: 3,
    crewMayTakeBookings: false,
    // A new business offers its site in Spanish too until the owner turns it off (issue #40).
    offerSpanish: true,
    // No Stripe account yet: bookings come in as "deposit due" until the owner chooses otherwise.
    paymentMode: 'pay_later',
    currency: 'usd',
    reminderSendTime: '09:00',
    balanceReminderEnabled: true,
    balanceReminderDaysBefore: 3,
    dayBeforeReminderEnabled: true,
    waiverReminderEnabled: true,
    waiverReminderHoursBefore: 24,
    thankYouEnabled: true,
    thankYouDaysAfter: 1,
    reviewUrl: '',
    onTheWayEnabled: true,
    cartReminderEnabled: true,
    ...defaultWording,
    warehouseLine1: 'Your warehouse address',
    warehouseCity: 'Your city',
    warehouseState: 'NY',
    warehouseZip: '00000',
    unpaidHoldHours: 48,
    maxUnitsPerProduct: 4,
    maxItemsPerBooking: 10,
    maxOpenUnpaidPerEmail: 2,
    maxOpenUnpaidPerPhone: 2,
    maxOpenUnpaidPerClient: 3,
    unverifiedMailDailyCap: 200,
    waiverCopiesPerBooking: 40,
    cancellationRefundDays: 7,
    cancellationCreditHours: 48,
    creditExpiryMonths: 12,
    changeCutoffHours: 48,
    rainOutAnswerDays: 14,
    // Off until the owner chooses it: it needs Stripe and changes what customers agree to.
    autoChargeBalance: false,
    autoChargeDaysBefore: 2,
    // Many states tax neither; the setup's tax step asks.
    taxDeliveryFee: false,
    taxDamageWaiver: false,
    // Until the setup's first step proposes the business's own initials: 'BK' (booking) names no business.
    bookingPrefix: 'BK',
    brandColor: '#db2777',
    logoPath: '',
    textQuietStart: '21:00',
    textQuietEnd: '08:00',
    // No generator until the owner names one: a powered unit needs an outlet in reach.
    siteRules: DEFAULT_SITE_RULES,
    // The booking widget is shown nowhere until the owner lists a website.
    embed: NO_EMBED,
  };
}
