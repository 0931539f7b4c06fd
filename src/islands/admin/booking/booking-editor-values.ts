import { adjustmentInput } from '../../../lib/pricing';
import type { Surface } from '../../../lib/catalog';
import type { SiteAnswers, SiteRefusalRef } from '../../../lib/site-check';
import { centsToDollarsInput } from '../../../lib/money';
import { addDaysIso } from '../../../lib/time';
import type { z } from '../../../lib/validation';
import { textReader, type TextProblems } from '../shared/admin-form';
import { deskPriceInput, type bookingChangeInput, type phoneBookingInput } from '../../../lib/staff-bookings';
import type { AdminBooking } from '../../../lib/staff-bookings/index.server';

/**
 * What the New booking and Change booking screens hold while staff type: amounts stay text (a
 * half-typed "12." is not lost) and become the API's body in `toPhoneBooking` / `toBookingChange`,
 * which the API's own schemas then check.
 */
export interface EditorValues {
  date: string;
  endDate: string;
  start: string;
  end: string;
  items: { product: string; quantity: string }[];
  customer: { name: string; email: string; phone: string };
  address: { line1: string; line2: string; city: string; state: string; zip: string; surface: string; notes: string };
  coupon: string;
  damageWaiver: boolean;
  adjustments: { label: string; reason: string; direction: 'discount' | 'surcharge'; kind: 'amount' | 'percent'; value: string }[];
  status: 'deposit_due' | 'confirmed';
  paymentTaken: boolean;
  payment: { amount: string; method: 'cash' | 'check' | 'card_in_person'; note: string };
  notify: boolean;
  /** The caller agreed to texts (asked only when the site can text; never ticked for them). */
  textConsent: boolean;
  /** The language the caller wants their e-mails, texts and invoice in (a new booking only; a booking's own is changed on its screen). */
  language: 'en' | 'es';
  /** The answers about the setup spot but the surface (that is the address's): the Setup spot card asks what the cart needs. */
  site: SiteAnswers;
  /** "Book it anyway" over the yard check's refusals: the ones shown when staff ticked it, and why. */
  siteOverride: { on: boolean; reason: string; refusals: SiteRefusalRef[] };
}

export const noSiteOverride: EditorValues['siteOverride'] = { on: false, reason: '', refusals: [] };

export const emptyAdjustment: EditorValues['adjustments'][number] = { label: '', reason: '', direction: 'discount', kind: 'amount', value: '' };

/** The party's times a new phone booking starts with, until staff type the caller's. */
const NEW_BOOKING_TIMES = { start: '10:00', end: '16:00' } as const;

/**
 * The date a new phone booking starts on, from the business's today and its wall clock now ('HH:MM'):
 * today while the form's start time is still ahead, else tomorrow. Opened in the afternoon on today,
 * the desk said "That time has already passed" in red before staff had chosen anything.
 */
export const newBookingDate = (today: string, timeNow: string): string =>
  timeNow < NEW_BOOKING_TIMES.start ? today : addDaysIso(today, 1);

/** A new phone booking on `date`; the address starts in the business's own state. */
export function newBookingValues(date: string, state: string): EditorValues {
  return {
    date,
    endDate: '',
    ...NEW_BOOKING_TIMES,
    items: [],
    customer: { name: '', email: '', phone: '' },
    address: { line1: '', line2: '', city: '', state, zip: '', surface: '', notes: '' },
    coupon: '',
    damageWaiver: true,
    adjustments: [],
    // Nothing is paid yet: the customer owes the deposit until staff record a payment (see SavingCard).
    status: 'deposit_due',
    paymentTaken: false,
    payment: { amount: '', method: 'card_in_person', note: '' },
    notify: true,
    textConsent: false,
    language: 'en',
    site: {},
    siteOverride: noSiteOverride,
  };
}

/** The change screen starts from the booking as it stands. */
export function changeValues(b: AdminBooking): EditorValues {
  return {
    ...newBookingValues(b.event.date, b.address.state),
    date: b.event.date,
    endDate: b.event.endDate !== b.event.date ? b.event.endDate : '',
    start: b.event.start,
    end: b.event.end,
    items: itemsStaffChose(b).map((i) => ({ product: i.product, quantity: String(i.quantity) })),
    customer: { name: b.customer.name, email: b.customer.email, phone: b.customer.phone },
    address: {
      line1: b.address.line1,
      line2: b.address.line2 ?? '',
      city: b.address.city,
      state: b.address.state,
      zip: b.address.zip,
      surface: b.address.surface ?? '',
      notes: b.address.notes,
    },
    coupon: b.totals.couponCode ?? '',
    damageWaiver: b.damageWaiverAccepted,
    site: b.site.answers,
    adjustments: b.adjustments.map((a) => ({
      label: a.label,
      reason: a.reason,
      direction: a.direction,
      kind: a.kind,
      value: a.kind === 'amount' ? centsToDollarsInput(a.value) : String(a.value),
    })),
  };
}

/**
 * The booking's items without the generators its "no outlet" answer brought: the price adds those again
 * from the answers, so a change to the outlet answer adds or drops them (and their price) as at checkout.
 */
export function itemsStaffChose(b: Pick<AdminBooking, 'items' | 'site'>): AdminBooking['items'] {
  const brought = b.site.outletGenerators;
  return b.items.flatMap((i) => {
    const quantity = i.product === brought?.product ? i.quantity - brought.quantity : i.quantity;
    return quantity > 0 ? [{ ...i, quantity }] : [];
  });
}

type TypedAdjustment = EditorValues['adjustments'][number];

function adjustment(a: TypedAdjustment, index: number, read: ReturnType<typeof textReader>) {
  return {
    label: a.label,
    reason: a.reason,
    direction: a.direction,
    kind: a.kind,
    value:
      a.kind === 'amount'
        ? read.dollars(`adjustments.${index}.value`, a.value)
        : read.number(`adjustments.${index}.value`, a.value),
  };
}

/** An adjustment row staff have finished: all of it filled in as the API takes it. */
export function isFinishedAdjustment(a: TypedAdjustment): boolean {
  const problems: TextProblems = {};
  const body = adjustment(a, 0, textReader(problems));
  return Object.keys(problems).length === 0 && adjustmentInput.safeParse(body).success;
}

/** The cart part both bodies share, with what is not a number noted in `problems`. */
function cart(v: EditorValues, problems: TextProblems) {
  const read = textReader(problems);
  return {
    items: v.items.map((i, index) => ({
      product: i.product,
      quantity: read.number(`items.${index}.quantity`, i.quantity),
    })),
    event: { date: v.date, start: v.start, end: v.end, ...(v.endDate ? { endDate: v.endDate } : {}) },
    address: {
      line1: v.address.line1,
      ...(v.address.line2.trim() ? { line2: v.address.line2 } : {}),
      city: v.address.city,
      state: v.address.state,
      zip: v.address.zip,
      // Any text: the schema names a surface it does not know.
      ...(v.address.surface ? { surface: v.address.surface as Surface } : {}),
      notes: v.address.notes,
    },
    coupon: v.coupon,
    damageWaiver: v.damageWaiver,
    adjustments: v.adjustments.map((a, index) => adjustment(a, index, read)),
    // The yard's answers, with the surface as the address says (one answer for both).
    site: siteOf(v),
  };
}

function siteOf(v: EditorValues): SiteAnswers {
  const { surface: _stored, ...rest } = v.site;
  return { ...rest, ...(v.address.surface ? { surface: v.address.surface as Surface } : {}) };
}

/** "Book it anyway", when ticked over refusals the price showed. */
const overrideOf = (v: EditorValues) =>
  v.siteOverride.on && v.siteOverride.refusals.length > 0
    ? { siteOverride: { reason: v.siteOverride.reason, refusals: v.siteOverride.refusals } }
    : {};

export function toPhoneBooking(v: EditorValues, problems: TextProblems): z.input<typeof phoneBookingInput> {
  const read = textReader(problems);
  return {
    ...cart(v, problems),
    customer: v.customer,
    status: v.status,
    payment: v.paymentTaken
      ? {
          amountCents: read.dollars('payment.amountCents', v.payment.amount),
          method: v.payment.method,
          note: v.payment.note,
        }
      : null,
    sendConfirmation: v.notify,
    ...(v.textConsent ? { textConsent: true } : {}),
    ...(v.language === 'es' ? { language: 'es' as const } : {}),
    ...overrideOf(v),
  };
}

export function toBookingChange(v: EditorValues, problems: TextProblems): z.input<typeof bookingChangeInput> {
  return { ...cart(v, problems), customer: v.customer, notifyCustomer: v.notify, ...overrideOf(v) };
}

/** Enough to ask a price: an item, a ZIP code and the event's window. */
export const hasPriceBasics = (v: EditorValues): boolean =>
  v.items.length > 0 && /^\d{5}$/.test(v.address.zip) && Boolean(v.date && v.start && v.end);

/**
 * The price request for the desk, or null while the form cannot be priced yet. Adjustment rows still
 * being typed are left out (staff see them priced once finished), and a request the API would refuse
 * (a half-typed coupon, a quantity of nothing) is not sent: its fields say why once staff leave them.
 */
export function toPriceRequest(v: EditorValues, bookingId: string | null) {
  if (!hasPriceBasics(v)) return null;
  const problems: TextProblems = {};
  const c = cart({ ...v, adjustments: v.adjustments.filter(isFinishedAdjustment) }, problems);
  const body = {
    items: c.items,
    event: c.event,
    zip: v.address.zip,
    coupon: c.coupon,
    damageWaiver: c.damageWaiver,
    adjustments: c.adjustments,
    site: c.site,
    ...(bookingId ? { bookingId } : {}),
  };
  if (Object.keys(problems).length || !deskPriceInput.safeParse(body).success) return null;
  return body;
}

/**
 * The form as the desk prices it: with the coupon as staff last left its field. A code still being typed
 * is not asked (every key would be a refused code, counted against the coupon tries, and its refusal
 * shown mid-word); leaving the field prices it.
 */
export const withCouponLeft = (v: EditorValues, couponLeft: string): EditorValues =>
  v.coupon === couponLeft ? v : { ...v, coupon: couponLeft };

/**
 * Why the code in the Coupon field does not apply, for the field itself: only once staff have left it
 * (`typed` is what was left) and from the price asked with that very code, never one a moment old.
 */
export function couponRefusal(
  price: { quote: { coupon: { error: string | null } } | null; coupon: string | null } | null,
  typed: string,
  couponLeft: string,
): string | undefined {
  if (!price?.quote || typed !== couponLeft || price.coupon !== couponLeft || !couponLeft.trim()) return undefined;
  return price.quote.coupon.error ?? undefined;
}
