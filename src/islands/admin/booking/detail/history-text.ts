import { type BookingStatus, paymentMethodLabels, staffStatusLabels } from '../../../../lib/booking';
import { formatMoney } from '../../../../lib/money';
import { type BusinessClock, formatClock, formatEventWindow, type EventTimes } from '../../../../lib/time';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

type Entry = AdminBooking['history'][number];

/** The audit log's actions as the History card names them. */
export const historyActionLabels: Record<string, string> = {
  'booking.status': 'Status changed',
  'booking.note': 'Note added',
  'booking.payment': 'Payment recorded',
  'booking.refund': 'Refund',
  'booking.booking_refund': 'Refund from the booking',
  'booking.unit': 'Unit moved',
  'booking.resend_confirmation': 'E-mail resent',
  'booking.reminder': 'Reminder sent',
  'booking.create': 'Booked by staff',
  'booking.edit': 'Booking changed',
  'booking.truck': 'Truck',
  'booking.keep': 'Kept past its deadline',
  'booking.rotate_links': 'New link',
  'booking.customer_updated': 'Customer record updated',
  'booking.customer_move': 'Moved by the customer',
  'booking.customer_cancel': 'Cancelled by the customer',
  'booking.manage_link': 'Change link e-mailed',
  'booking.balance_charged': 'Balance charged to the saved card',
  'booking.balance_charge_failed': 'Automatic balance charge failed',
  'booking.rain_out': 'Rained out',
  'booking.rain_out_answer': 'Rain check settled',
  'booking.crew_waiver': 'Waiver signed on the crew’s phone',
  'booking.texts_stopped': 'Texts stopped',
  'booking.texts_resumed': 'Texts resumed',
  'booking.on_the_way': 'On the way',
  'booking.site_photos.add': 'Photos of the setup spot added',
};

const statusName = (status: unknown) => staffStatusLabels[status as BookingStatus] ?? String(status);
const contact = (c: { name?: string; email?: string; phone?: string }) => `${c.name ?? ''} · ${c.email ?? ''} · ${c.phone ?? ''}`;

/**
 * What an audited change did, in a line ("Delivered → Completed", "$50 cash"); dates and times in
 * the one format of src/lib/time/format.ts, instants on the business's clock.
 */
export function describeChange(entry: Entry, clock: BusinessClock): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case 'booking.status':
      return `${statusName(before.status)} → ${statusName(after.status)}${after.reason ? ` (${String(after.reason)})` : ''}`;
    case 'booking.payment': {
      const p = after.payment as { amountCents: number; method: string };
      return `${formatMoney(p.amountCents)} ${paymentMethodLabels[p.method]?.toLowerCase() ?? p.method}`;
    }
    case 'booking.refund': {
      const r = (after.refund ?? {}) as { amountCents?: number; reason?: string };
      return `${formatMoney(r.amountCents ?? 0)}: ${r.reason ?? ''}`;
    }
    case 'booking.booking_refund': {
      const paidBy = typeof after.paidBy === 'string' ? ` (paid back by ${paymentMethodLabels[after.paidBy]?.toLowerCase() ?? after.paidBy})` : '';
      const left = typeof after.leftCents === 'number' && after.leftCents > 0 ? `; ${formatMoney(after.leftCents)} still to pay back by hand` : '';
      return `${formatMoney(Number(after.amountCents ?? 0))}${paidBy}: ${String(after.reason ?? '')}${left}`;
    }
    case 'booking.unit':
      return `${String(before.unit)} → ${String(after.unit)}`;
    case 'booking.resend_confirmation':
      return `to ${String(after.to)}`;
    case 'booking.reminder':
      return `${String(after.label)} to ${String(after.to)}`;
    case 'booking.create':
      return `on the phone, ${formatMoney(after.totalCents as number)}`;
    case 'booking.customer_move':
    case 'booking.edit': {
      const side = (v: { event?: EventTimes; totalCents?: number }) => [v.event ? formatEventWindow(v.event) : '', formatMoney(v.totalCents ?? 0)].filter(Boolean).join(', ');
      return `${side(before)} → ${side(after)}`;
    }
    case 'booking.customer_cancel': {
      const parts = [['refund due', after.refundCents], ['credit', after.creditCents], ['kept', after.keptCents]]
        .filter(([, cents]) => typeof cents === 'number' && cents > 0)
        .map(([what, cents]) => `${what as string} ${formatMoney(cents as number)}`);
      return `${statusName(before.status)} → ${statusName('cancelled')}${parts.length ? ` (${parts.join(', ')})` : ''}`;
    }
    case 'booking.manage_link':
      return `to ${String(after.to)}`;
    case 'booking.keep':
      return `(was to be released ${typeof before.releasesAt === 'string' ? clock.timestamp(before.releasesAt) : ''})`;
    case 'booking.rotate_links':
      return Array.isArray(after.rotated) ? after.rotated.join(' and ') : '';
    case 'booking.customer_updated':
      return `${contact(before)} → ${contact(after)}`;
    case 'booking.balance_charged':
      return `${formatMoney(after.amountCents as number)}${after.reason === 'edit' ? ' after an edit' : ''}`;
    case 'booking.balance_charge_failed':
      return `${formatMoney(after.amountCents as number)}: ${String(after.message)}; payment link e-mailed to ${String(after.to)}`;
    case 'booking.rain_out':
      return `offered ${Array.isArray(after.offers) ? after.offers.join(', ') : ''}`;
    case 'booking.rain_out_answer': {
      const [credit, refunded, due] = [after.creditCents, after.refundedCents, after.refundDueCents].map(Number);
      const money =
        credit! > 0
          ? `${formatMoney(credit!)} kept as a credit`
          : refunded! > 0 || due! > 0
            ? `${formatMoney(refunded!)} refunded${due! > 0 ? `, ${formatMoney(due!)} still to pay back by hand` : ''}`
            : 'cancelled at no charge';
      return `${after.answer === 'lapsed' ? 'no answer in time' : `chose ${String(after.answer)}`}: ${money}`;
    }
    case 'booking.truck':
      return `→ ${typeof after.truckName === 'string' ? after.truckName : 'none'}`;
    case 'booking.on_the_way':
      return `arrival about ${typeof after.eta === 'string' ? formatClock(after.eta) : ''}, ${after.textId ? 'by text' : 'by e-mail'}`;
    case 'booking.texts_stopped':
    case 'booking.texts_resumed':
      return `${String(after.phone ?? '')} answered ${String(after.keyword ?? '')} by text`;
    case 'booking.site_photos.add':
      return `${String(after.added ?? '')} by the customer (${String(after.count ?? '')} of ${String(after.max ?? '')})`;
    case 'booking.crew_waiver':
      return `${String(after.signerName ?? '')}, signed ${typeof after.signedAt === 'string' ? clock.timestamp(after.signedAt) : ''}`;
    default:
      return '';
  }
}
