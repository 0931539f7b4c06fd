import { formatMoney, formatSignedMoney } from '../../../../lib/money';
import { buttonClass } from '../../shared/ui';
import { totalNote } from './desk-form';
import type { DeskPrice } from '../use-booking-desk';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';
import type { WindowProblem } from '../../../../lib/availability';
import { deskBlock, deskSiteLine } from '../../../../lib/staff-bookings';

const fieldWords: Record<WindowProblem['field'], string> = {
  date: 'the date',
  start: 'the start time',
  end: 'the end time',
};

/**
 * The total and the save button, always in view while the form scrolls: a bar along the bottom of
 * the screen on a phone or tablet, a column beside the form that follows it down on a wide screen.
 */
export function StickySummary({
  booking,
  price,
  saving,
  bookingAnyway,
  onShowWindowProblem,
}: {
  booking: AdminBooking | null;
  price: DeskPrice | null;
  saving: boolean;
  /** Staff ticked "Book it anyway" over the setup spot check's refusals. */
  bookingAnyway: boolean;
  /** Takes staff to the field the window's reason is said at (the bar may be far below it on a phone). */
  onShowWindowProblem(field: WindowProblem['field']): void;
}) {
  const q = price?.quote ?? null;
  const siteLine = q ? deskSiteLine(q, booking?.site.override ?? null, bookingAnyway) : null;
  // What else stops the booking (a discount over the order, a time outside the delivery window, a unit
  // taken), beside a refusal too: "Book it anyway" covers only the yard check's.
  const block = q ? deskBlock(q, price?.windowProblem ?? null) : null;
  const old = booking?.totals ?? null;
  return (
    <section
      aria-label="Total and save"
      className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] md:-mx-6 md:px-6 lg:top-4 lg:bottom-auto lg:mx-0 lg:flex-col lg:items-stretch lg:self-start lg:rounded-xl lg:border lg:p-4 lg:shadow-sm"
    >
      <div className="min-w-0 text-sm text-slate-800" aria-live="polite">
        {q ? (
          <>
            <p className="text-base text-slate-900">
              <span className="font-semibold">Total</span>{' '}
              <span className="text-lg font-bold" data-testid="desk-total">
                {formatMoney(q.totalCents)}
              </span>
              {price?.waiting && <span className="ml-2 text-sm text-slate-700">{totalNote(price.waiting)}</span>}
            </p>
            {/* The total above is the last one priced: a newer question refused (a ZIP not served) says so here
                too, or the bar would offer a price for what the form no longer holds. */}
            {price?.error && (
              <p className="font-semibold text-red-800" data-testid="desk-price-error">
                Price not updated: {price.error.message}
              </p>
            )}
            {old ? (
              <p>
                {/* "Was $268.78 · $0" read as a price of nothing: an unchanged total says so. */}
                Was {formatMoney(old.totalCents)} ·{' '}
                {q.totalCents === old.totalCents ? 'no change' : formatSignedMoney(q.totalCents - old.totalCents)}
              </p>
            ) : (
              <p>Deposit {formatMoney(q.depositCents)}</p>
            )}
            {block && 'field' in block && (
              <p className="font-semibold text-red-800" data-testid="desk-blocked">
                Can’t be booked:{' '}
                <button type="button" className="underline" onClick={() => onShowWindowProblem(block.field)}>
                  change {fieldWords[block.field]}
                </button>
              </p>
            )}
            {block && 'message' in block && (
              <p className="font-semibold text-red-800" data-testid="desk-blocked">
                Can’t be booked: {block.message}
              </p>
            )}
            {siteLine && (
              <p className={siteLine === 'anyway' ? 'font-semibold text-slate-900' : 'font-semibold text-red-800'}>
                {siteLine === 'anyway' ? 'Booking anyway over the setup spot check' : 'Refused by the setup spot check'}
              </p>
            )}
          </>
        ) : (
          <p>
            {!price
              ? 'No price yet: add an item and a ZIP code.'
              : price.error
                ? price.error.message
                : 'Working out the price…'}
          </p>
        )}
      </div>
      <button type="submit" className={buttonClass} disabled={saving}>
        {saving ? 'Saving…' : booking ? 'Save changes' : 'Book it'}
      </button>
    </section>
  );
}
