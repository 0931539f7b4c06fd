import { formatMoney, formatSignedMoney } from '../../../../lib/money';
import { adjustmentLabel } from '../../../../lib/pricing';
import { priceProblems } from '../../../../lib/staff-bookings';
import { Card, tableClass, tdClass, thClass } from '../../shared/ui';
import type { DeskPrice } from '../use-booking-desk';
import type { AdminBooking, DeskQuote } from '../../../../lib/staff-bookings/index.server';

type PriceRow = [string, number | null, number | null];

/** An amount as the price table prints it: discounts with their minus sign. */
const amount = (cents: number | null) =>
  cents === null ? '' : cents < 0 ? formatSignedMoney(cents) : formatMoney(cents);

/** Why the price shown may be a moment old, for staff and screen readers. */
function PriceNote({ price, unfinishedAdjustments }: { price: DeskPrice; unfinishedAdjustments: boolean }) {
  const notes = [
    price.waiting === 'typing' && price.quote ? 'The price updates once what you are typing is complete.' : null,
    price.waiting === 'asking' ? 'Updating the price…' : null,
    unfinishedAdjustments ? 'An adjustment still being filled in is not in this price yet.' : null,
  ].filter(Boolean);
  return (
    <div role="status" className="mb-2 text-sm text-slate-700 empty:hidden">
      {price.error && <p className="font-semibold text-red-800">{price.error.message}</p>}
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}

/**
 * The price lines. For a change on a phone (below sm) the four columns do not fit 375 px: the words Now,
 * After the change and Difference head three columns once, and each line is its name over its three
 * amounts, so the difference is in sight without sideways scrolling. From sm up: four columns.
 */
function PriceTable({ q, old }: { q: DeskQuote; old: AdminBooking['totals'] | null }) {
  const rows: PriceRow[] = [
    ['Subtotal', old?.subtotalCents ?? null, q.subtotalCents],
    ['Discount', old ? -old.discountCents : null, -q.discountCents],
    ['Damage waiver', old?.damageWaiverCents ?? null, q.damageWaiverCents],
    ['Delivery', old?.deliveryFeeCents ?? null, q.deliveryFeeCents],
    ['Setup spot', old?.siteChargesCents ?? null, q.siteChargesCents],
    ['Adjustments', old?.adjustmentsCents ?? null, q.adjustmentsCents],
    ['Sales tax', old?.taxCents ?? null, q.taxCents],
    ['Total', old?.totalCents ?? null, q.totalCents],
    ['Deposit', old?.depositCents ?? null, q.depositCents],
  ];
  // The phone's layout is for a change's four columns; a new booking's two fit as a table.
  const phone = (className: string) => (old ? className : '');
  const right = `${thClass} text-right ${phone('max-sm:border-0 max-sm:px-0')}`;
  const amountCell = `${tdClass} text-right ${phone('max-sm:border-0 max-sm:px-0 max-sm:py-0')}`;
  const phoneRow = phone('max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-2');
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Price">
      {/* The roles said outright: drawn as blocks on a phone, the table stays a table to screen readers. */}
      <table role="table" className={`${tableClass} ${phone('max-sm:block')}`}>
        <thead role="rowgroup" className={phone('max-sm:block')}>
          <tr role="row" className={`${phoneRow} ${phone('max-sm:border-b max-sm:border-slate-300 max-sm:bg-slate-50')}`}>
            <th role="columnheader" className={`${thClass} ${phone('max-sm:sr-only')}`} scope="col">
              Line
            </th>
            {old && (
              <th role="columnheader" className={right} scope="col">
                Now
              </th>
            )}
            <th role="columnheader" className={right} scope="col">
              {old ? 'After the change' : 'Amount'}
            </th>
            {old && (
              <th role="columnheader" className={right} scope="col">
                Difference
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className={phone('max-sm:block')}>
          {rows.map(([label, before, after]) => (
            <tr role="row" key={label} className={`${phoneRow} ${phone('max-sm:border-b max-sm:border-slate-200 max-sm:py-1.5')}`}>
              <th role="rowheader" className={`${tdClass} font-semibold ${phone('max-sm:col-span-3 max-sm:border-0 max-sm:px-0 max-sm:py-0')}`} scope="row">
                {label}
              </th>
              {old && (
                <td role="cell" className={amountCell}>
                  {amount(before)}
                </td>
              )}
              <td role="cell" className={amountCell}>
                {amount(after)}
              </td>
              {old && (
                <td role="cell" className={amountCell}>
                  {before === null || after === null || before === after ? '' : formatSignedMoney(after - before)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The price as it will be; for a change, first what else changes (date, times, items, address, in
 * words), then the money beside the booking as it is, with the difference and any refund due.
 */
export function PriceCard({
  booking,
  price,
  changes,
  unfinishedAdjustments,
  couponRefusal,
}: {
  booking: AdminBooking | null;
  price: DeskPrice | null;
  changes: string[] | null;
  unfinishedAdjustments: boolean;
  /** Why the coupon left in its field does not apply (said there too); nothing while it is being typed. */
  couponRefusal: string | undefined;
}) {
  const q = price?.quote ?? null;
  const old = booking?.totals ?? null;
  const paid = old?.amountPaidCents ?? 0;
  return (
    <Card title="Price">
      {changes && (
        <div className="mb-3">
          <h3 className="font-bold text-slate-900">What changes</h3>
          {changes.length === 0 ? (
            <p className="text-sm text-slate-700">The date, times, items and address stay as they are.</p>
          ) : (
            <ul aria-label="What changes" className="mt-1 grid gap-0.5 text-sm text-slate-900">
              {changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!price && <p className="text-sm text-slate-700">Add an item and a ZIP code to see the price.</p>}
      {price && <PriceNote price={price} unfinishedAdjustments={unfinishedAdjustments} />}
      {q && (
        <>
          {/* A refusal by the yard check comes first; what else stops the booking is said after it, not hidden by it. */}
          {priceProblems(q).map((p) => (
            <p key={p} className="mb-2 text-sm font-semibold text-red-800">
              {p}
            </p>
          ))}
          {couponRefusal && <p className="mb-2 text-sm font-semibold text-red-800">Coupon not applied: {couponRefusal}</p>}
          {q.adjustments.length > 0 && (
            <ul className="mb-2 text-sm text-slate-800">
              {q.adjustments.map((a, i) => (
                <li key={i}>
                  {adjustmentLabel(a)}: {formatSignedMoney(a.cents)}
                </li>
              ))}
            </ul>
          )}
          <PriceTable q={q} old={old} />
          {old && (
            <p className="mt-2 text-sm font-semibold text-slate-900">
              Paid so far {formatMoney(paid)}.{' '}
              {paid > q.totalCents
                ? `Refund due: ${formatMoney(paid - q.totalCents)}.`
                : `Balance after the change: ${formatMoney(q.totalCents - paid)}.`}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
