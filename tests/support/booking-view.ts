import type { BookingView } from '../../src/lib/booking';
import type { BusinessSettings } from '../../src/lib/business';
import type { Locale } from '../../src/lib/i18n';

/** The business the e-mail tests write as: in Austin's time zone, Spanish offered. */
export const emailSettings = {
  businessName: 'Party Co',
  phone: '555-010-0000',
  email: 'hi@party.test',
  currency: 'usd',
  timezone: 'America/Chicago',
  offerSpanish: true,
  creditExpiryMonths: 12,
} as BusinessSettings;

const zero = {
  subtotalCents: 0,
  discountCents: 0,
  couponCode: null,
  damageWaiverCents: 0,
  deliveryFeeCents: 0,
  adjustmentsCents: 0,
  siteChargesCents: 0,
  taxCents: 0,
};

/**
 * A booking as the e-mails see it: one castle on Saturday, December 19, 2026, 10:00 to 16:00 in Austin,
 * $200 with a $60 deposit paid unless told otherwise.
 */
export function sampleBookingView(
  language: Locale,
  changes: {
    status?: BookingView['status'];
    statusLabel?: string;
    amountPaidCents?: number | undefined;
    calendarSequence?: number;
  } = {},
): BookingView {
  const amountPaidCents = changes.amountPaidCents ?? 6000;
  return {
    id: 'b1',
    number: 'PC-ABC123',
    status: changes.status ?? 'confirmed',
    statusLabel: changes.statusLabel ?? 'Confirmed',
    language,
    customer: { name: 'Ana Ruiz', firstName: 'Ana', email: 'ana@example.com', phone: '5125550100' },
    invoiceToken: 'inv',
    manageToken: 'man',
    confirmRequestKey: null,
    holdExpiresAt: null,
    waiversSigned: 0,
    createdAt: '2026-11-01T12:00:00Z',
    payments: [],
    calendarSequence: changes.calendarSequence ?? 0,
    refundDueCents: 0,
    event: {
      date: '2026-12-19',
      endDate: '2026-12-19',
      start: '10:00',
      end: '16:00',
      startsAt: '2026-12-19T16:00:00Z',
      endsAt: '2026-12-19T22:00:00Z',
    },
    address: {
      line1: '1 Elm St',
      line2: null,
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      surface: null,
      notes: '',
    },
    items: [{ product: 'castle', name: 'Castle', quantity: 1, unitPriceCents: 20000, lineTotalCents: 20000 }],
    adjustments: [],
    site: { answers: {}, charges: [], flags: [] },
    totals: {
      ...zero,
      totalCents: 20000,
      depositCents: 6000,
      amountPaidCents,
      amountDueCents: 20000 - amountPaidCents,
      depositOutstandingCents: 0,
    },
    balanceDueOn: '2026-12-12',
  };
}
