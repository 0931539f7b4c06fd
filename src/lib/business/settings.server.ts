import { overwriteOnConflict, type Sql } from '../db/index.server';
import { businessSettings, type BusinessSettings } from './schema';
import { adminPaths } from '../paths';
import { businessClock, type BusinessClock } from '../time';

/** A `business_settings` row as postgres.js (or row_to_json) returns it. */
export interface SettingsRow {
  business_name: string;
  tagline: string;
  phone: string;
  email: string;
  address_line1: string;
  address_city: string;
  address_state: string;
  address_zip: string;
  timezone: string;
  office_hours: BusinessSettings['officeHours'];
  delivery_window_start: string;
  delivery_window_end: string;
  deposit_mode: 'percent' | 'flat';
  deposit_percent: number;
  deposit_flat_cents: number;
  deposit_minimum_cents: number;
  balance_due_days_before: number;
  /** numeric: a string from a plain select, a number from row_to_json. */
  damage_waiver_percent: string | number;
  damage_waiver_optional: boolean;
  lead_time_hours: number;
  max_days_ahead: number;
  default_setup_minutes: number;
  default_teardown_minutes: number;
  hold_minutes: number;
  cake_lead_time_days: number;
  crew_may_take_bookings: boolean;
  offer_spanish: boolean;
  payment_mode: 'deposit_online' | 'pay_later';
  currency: string;
  reminder_send_time: string;
  balance_reminder_enabled: boolean;
  balance_reminder_days_before: number;
  day_before_reminder_enabled: boolean;
  waiver_reminder_enabled: boolean;
  waiver_reminder_hours_before: number;
  thank_you_enabled: boolean;
  thank_you_days_after: number;
  review_url: string;
  on_the_way_enabled: boolean;
  cart_reminder_enabled: boolean;
  day_before_wording: string;
  on_the_way_wording: string;
  review_request_wording: string;
  cart_reminder_wording: string;
  warehouse_line1: string;
  warehouse_city: string;
  warehouse_state: string;
  warehouse_zip: string;
  unpaid_hold_hours: number;
  max_units_per_product: number;
  max_items_per_booking: number;
  max_open_unpaid_per_email: number;
  max_open_unpaid_per_phone: number;
  max_open_unpaid_per_client: number;
  unverified_mail_daily_cap: number;
  waiver_copies_per_booking: number;
  cancellation_refund_days: number;
  cancellation_credit_hours: number;
  credit_expiry_months: number;
  change_cutoff_hours: number;
  rain_out_answer_days: number;
  auto_charge_balance: boolean;
  auto_charge_days_before: number;
  tax_delivery_fee: boolean;
  tax_damage_waiver: boolean;
  brand_color: string;
  booking_prefix: string;
  logo_path: string;
  text_quiet_start: string;
  text_quiet_end: string;
  site_rules: BusinessSettings['siteRules'];
  embed: BusinessSettings['embed'];
}

export class SettingsMissingError extends Error {
  override name = 'SettingsMissingError';
  constructor() {
    super(`The business settings have not been created yet: run \`npm run db:seed\` or save them in ${adminPaths.settings}`);
  }
}

/** Whether the site is still the seeded demo business (its content entries marked `demo` are built). */
export async function isDemoBusiness(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ is_demo: boolean }[]>`select is_demo from business_settings where id`;
  return row?.is_demo ?? false;
}

/** The saved time zone alone (the admin session's answer), null before any settings exist. */
export async function savedTimeZone(sql: Sql): Promise<string | null> {
  const [row] = await sql<{ timezone: string }[]>`select timezone from business_settings where id`;
  return row?.timezone ?? null;
}

/**
 * The business's clock for one request (or build): "now" stands at `now`, the request's instant, so
 * its "today" cannot change halfway through. No settings, no clock: never a zone made up.
 */
export async function getBusinessClock(sql: Sql, now?: Date): Promise<BusinessClock> {
  const zone = await savedTimeZone(sql);
  if (zone === null) throw new SettingsMissingError();
  return businessClock(zone, now);
}

export async function getSettings(sql: Sql): Promise<BusinessSettings> {
  const [row] = await sql<SettingsRow[]>`select * from business_settings where id`;
  if (!row) throw new SettingsMissingError();
  return settingsFromRow(row);
}

export function settingsFromRow(row: SettingsRow): BusinessSettings {
  return {
    businessName: row.business_name,
    tagline: row.tagline,
    phone: row.phone,
    email: row.email,
    addressLine1: row.address_line1,
    addressCity: row.address_city,
    addressState: row.address_state,
    addressZip: row.address_zip,
    timezone: row.timezone,
    officeHours: row.office_hours,
    deliveryWindowStart: row.delivery_window_start.slice(0, 5),
    deliveryWindowEnd: row.delivery_window_end.slice(0, 5),
    depositMode: row.deposit_mode,
    depositPercent: row.deposit_percent,
    depositFlatCents: row.deposit_flat_cents,
    depositMinimumCents: row.deposit_minimum_cents,
    balanceDueDaysBefore: row.balance_due_days_before,
    damageWaiverPercent: Number(row.damage_waiver_percent),
    damageWaiverOptional: row.damage_waiver_optional,
    leadTimeHours: row.lead_time_hours,
    maxDaysAhead: row.max_days_ahead,
    defaultSetupMinutes: row.default_setup_minutes,
    defaultTeardownMinutes: row.default_teardown_minutes,
    holdMinutes: row.hold_minutes,
    cakeLeadTimeDays: row.cake_lead_time_days,
    crewMayTakeBookings: row.crew_may_take_bookings,
    offerSpanish: row.offer_spanish,
    paymentMode: row.payment_mode,
    currency: row.currency,
    reminderSendTime: row.reminder_send_time.slice(0, 5),
    balanceReminderEnabled: row.balance_reminder_enabled,
    balanceReminderDaysBefore: row.balance_reminder_days_before,
    dayBeforeReminderEnabled: row.day_before_reminder_enabled,
    waiverReminderEnabled: row.waiver_reminder_enabled,
    waiverReminderHoursBefore: row.waiver_reminder_hours_before,
    thankYouEnabled: row.thank_you_enabled,
    thankYouDaysAfter: row.thank_you_days_after,
    reviewUrl: row.review_url,
    onTheWayEnabled: row.on_the_way_enabled,
    cartReminderEnabled: row.cart_reminder_enabled,
    dayBeforeWording: row.day_before_wording,
    onTheWayWording: row.on_the_way_wording,
    reviewRequestWording: row.review_request_wording,
    cartReminderWording: row.cart_reminder_wording,
    warehouseLine1: row.warehouse_line1,
    warehouseCity: row.warehouse_city,
    warehouseState: row.warehouse_state,
    warehouseZip: row.warehouse_zip,
    unpaidHoldHours: row.unpaid_hold_hours,
    maxUnitsPerProduct: row.max_units_per_product,
    maxItemsPerBooking: row.max_items_per_booking,
    maxOpenUnpaidPerEmail: row.max_open_unpaid_per_email,
    maxOpenUnpaidPerPhone: row.max_open_unpaid_per_phone,
    maxOpenUnpaidPerClient: row.max_open_unpaid_per_client,
    unverifiedMailDailyCap: row.unverified_mail_daily_cap,
    waiverCopiesPerBooking: row.waiver_copies_per_booking,
    cancellationRefundDays: row.cancellation_refund_days,
    cancellationCreditHours: row.cancellation_credit_hours,
    creditExpiryMonths: row.credit_expiry_months,
    changeCutoffHours: row.change_cutoff_hours,
    rainOutAnswerDays: row.rain_out_answer_days,
    autoChargeBalance: row.auto_charge_balance,
    autoChargeDaysBefore: row.auto_charge_days_before,
    taxDeliveryFee: row.tax_delivery_fee,
    taxDamageWaiver: row.tax_damage_waiver,
    brandColor: row.brand_color,
    bookingPrefix: row.booking_prefix,
    logoPath: row.logo_path,
    textQuietStart: row.text_quiet_start.slice(0, 5),
    textQuietEnd: row.text_quiet_end.slice(0, 5),
    siteRules: row.site_rules,
    embed: row.embed,
  };
}

/** Creates or replaces the single settings row. */
export async function saveSettings(sql: Sql, input: BusinessSettings): Promise<void> {
  const s = businessSettings.parse(input);
  const columns = {
    id: true,
    business_name: s.businessName,
    tagline: s.tagline,
    phone: s.phone,
    email: s.email,
    address_line1: s.addressLine1,
    address_city: s.addressCity,
    address_state: s.addressState,
    address_zip: s.addressZip,
    timezone: s.timezone,
    office_hours: sql.json(s.officeHours),
    delivery_window_start: s.deliveryWindowStart,
    delivery_window_end: s.deliveryWindowEnd,
    deposit_mode: s.depositMode,
    deposit_percent: s.depositPercent,
    deposit_flat_cents: s.depositFlatCents,
    deposit_minimum_cents: s.depositMinimumCents,
    balance_due_days_before: s.balanceDueDaysBefore,
    damage_waiver_percent: s.damageWaiverPercent,
    damage_waiver_optional: s.damageWaiverOptional,
    lead_time_hours: s.leadTimeHours,
    max_days_ahead: s.maxDaysAhead,
    default_setup_minutes: s.defaultSetupMinutes,
    default_teardown_minutes: s.defaultTeardownMinutes,
    hold_minutes: s.holdMinutes,
    cake_lead_time_days: s.cakeLeadTimeDays,
    crew_may_take_bookings: s.crewMayTakeBookings,
    offer_spanish: s.offerSpanish,
    payment_mode: s.paymentMode,
    currency: s.currency,
    reminder_send_time: s.reminderSendTime,
    balance_reminder_enabled: s.balanceReminderEnabled,
    balance_reminder_days_before: s.balanceReminderDaysBefore,
    day_before_reminder_enabled: s.dayBeforeReminderEnabled,
    waiver_reminder_enabled: s.waiverReminderEnabled,
    waiver_reminder_hours_before: s.waiverReminderHoursBefore,
    thank_you_enabled: s.thankYouEnabled,
    thank_you_days_after: s.thankYouDaysAfter,
    review_url: s.reviewUrl,
    on_the_way_enabled: s.onTheWayEnabled,
    cart_reminder_enabled: s.cartReminderEnabled,
    day_before_wording: s.dayBeforeWording,
    on_the_way_wording: s.onTheWayWording,
    review_request_wording: s.reviewRequestWording,
    cart_reminder_wording: s.cartReminderWording,
    warehouse_line1: s.warehouseLine1,
    warehouse_city: s.warehouseCity,
    warehouse_state: s.warehouseState,
    warehouse_zip: s.warehouseZip,
    unpaid_hold_hours: s.unpaidHoldHours,
    max_units_per_product: s.maxUnitsPerProduct,
    max_items_per_booking: s.maxItemsPerBooking,
    max_open_unpaid_per_email: s.maxOpenUnpaidPerEmail,
    max_open_unpaid_per_phone: s.maxOpenUnpaidPerPhone,
    max_open_unpaid_per_client: s.maxOpenUnpaidPerClient,
    unverified_mail_daily_cap: s.unverifiedMailDailyCap,
    waiver_copies_per_booking: s.waiverCopiesPerBooking,
    cancellation_refund_days: s.cancellationRefundDays,
    cancellation_credit_hours: s.cancellationCreditHours,
    credit_expiry_months: s.creditExpiryMonths,
    change_cutoff_hours: s.changeCutoffHours,
    rain_out_answer_days: s.rainOutAnswerDays,
    auto_charge_balance: s.autoChargeBalance,
    auto_charge_days_before: s.autoChargeDaysBefore,
    tax_delivery_fee: s.taxDeliveryFee,
    tax_damage_waiver: s.taxDamageWaiver,
    brand_color: s.brandColor,
    booking_prefix: s.bookingPrefix,
    logo_path: s.logoPath,
    text_quiet_start: s.textQuietStart,
    text_quiet_end: s.textQuietEnd,
    site_rules: sql.json(s.siteRules),
    embed: sql.json(s.embed),
  };
  await sql`
    insert into business_settings ${sql(columns)}
    ${overwriteOnConflict(sql, columns, ['id'])}, updated_at = now()`;
}
