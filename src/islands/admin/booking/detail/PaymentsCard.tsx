import { useState, type ReactNode } from 'react';
import { paymentLineLabels, paymentMethodLabels } from '../../../../lib/booking';
import { formatMoney } from '../../../../lib/money';
import { adjustmentLabel, signedMoney } from '../../../../lib/pricing';
import { formatMediumDate } from '../../../../lib/time';
import { staffClock } from '../../shared/business';
import { DataTable, type Column, CellNote } from '../../shared/DataTable';
import { Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';
import { Facts } from './Facts';
import { CreditPaymentForm } from './CreditPaymentForm';
import { PaymentForm } from './PaymentForm';
import { RefundForm } from './RefundForm';
import { BookingRefundForm } from './BookingRefund';
import { moneyStanding } from './money-standing';
import type { AdminPayment } from '../../../../lib/staff-bookings/index.server';

/**
 * The money: totals above, then every payment and refund. The table takes the card's whole width and
 * each row's Refund sits beside its amount, so the button stays inside the card at 1280 px and at
 * 390 px (what does not fit on a phone is Method, Note and By, which scroll inside the card).
 */
export function PaymentsCard({ booking, reload, canManage }: CardProps & { canManage: boolean }) {
  const t = booking.totals;
  const { closed, recordPayment } = moneyStanding(booking, canManage);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [refundingBooking, setRefundingBooking] = useState(false);
  const columns: Column<AdminPayment>[] = [
    {
      key: 'payment',
      header: 'Payment',
      rowHeader: true,
      cell: (p) => (
        <>
          {paymentLineLabels(p).kind}
          {p.status !== 'succeeded' && <> ({p.status})</>}
          <CellNote>{staffClock().timestamp(p.at)}</CellNote>
        </>
      ),
    },
    { key: 'amount', header: 'Amount', className: 'tabular-nums', cell: (p) => <Amount payment={p} canManage={canManage} onRefund={() => setRefunding(p)} /> },
    { key: 'method', header: 'Method', cell: (p) => paymentLineLabels(p).method },
    { key: 'note', header: 'Note', cell: (p) => p.note },
    { key: 'by', header: 'By', cell: (p) => p.recordedBy ?? (p.method === 'stripe' ? 'Online' : '') },
  ];
  return (
    <Card title="Payments">
      <div className="grid gap-4">
        <div className="max-w-md">
          <Facts
            rows={[
              // One row: the lines themselves, each named for its product, are on the Setup spot card (a long name would widen this list past a phone).
              ...(t.siteChargesCents > 0 ? [['Setup spot', formatMoney(t.siteChargesCents)] as [string, string]] : []),
              ...booking.adjustments.map((a): [string, string] => [adjustmentLabel(a), signedMoney(a.cents)]),
              ['Total', formatMoney(t.totalCents)],
              ['Deposit', formatMoney(t.depositCents)],
              ['Paid', <span key="p" data-testid="amount-paid">{formatMoney(t.amountPaidCents)}</span>],
              // A cancelled or expired booking owes nothing (amountsDue): say so rather than "$0" beside a due date.
              ...(closed
                ? [['Balance due', <span key="b" data-testid="balance-due">Nothing: the booking is {booking.status === 'cancelled' ? 'cancelled' : 'expired'}</span>] as [string, ReactNode]]
                : [
                    ['Balance due', <span key="b" data-testid="balance-due">{formatMoney(t.amountDueCents)}</span>] as [string, ReactNode],
                    ['Balance due on', booking.balanceDueOn ? formatMediumDate(booking.balanceDueOn) : 'At delivery'] as [string, ReactNode],
                  ]),
            ]}
          />
          {booking.autoCharge && <AutoCharge autoCharge={booking.autoCharge} />}
        </div>
        <div className="min-w-0">
          <DataTable caption="Payments and refunds" columns={columns} rows={booking.payments} rowKey={(p) => p.id} empty="No payments yet." />
          {refunding && <RefundForm key={refunding.id} payment={refunding} bookingId={booking.id} onDone={() => (setRefunding(null), reload())} onCancel={() => setRefunding(null)} />}
          {canManage && t.amountPaidCents > 0 && !refundingBooking && (
            <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => (setRefunding(null), setRefundingBooking(true))}>
              Refund from the booking
            </button>
          )}
          {refundingBooking && (
            <BookingRefundForm booking={booking} onDone={() => (setRefundingBooking(false), reload())} onCancel={() => setRefundingBooking(false)} />
          )}
        </div>
      </div>
      {recordPayment && (
        <PaymentForm key={t.amountDueCents} bookingId={booking.id} balanceCents={t.amountDueCents} reload={reload} />
      )}
      {recordPayment && booking.customerCreditCents > 0 && (
        <CreditPaymentForm key={`${t.amountDueCents}-${booking.customerCreditCents}`} bookingId={booking.id} balanceCents={t.amountDueCents} creditCents={booking.customerCreditCents} reload={reload} />
      )}
    </Card>
  );
}

/** A payment's amount, what was refunded or disputed of it, and its Refund button. */
function Amount({ payment: p, canManage, onRefund }: { payment: AdminPayment; canManage: boolean; onRefund(): void }) {
  const disputeTone = p.dispute && (p.dispute.status === 'open' || p.dispute.status === 'lost') ? 'text-red-800' : 'text-slate-700';
  return (
    <>
      {signedMoney(p.kind === 'refund' ? -p.amountCents : p.amountCents)}
      {p.refundedCents > 0 && <CellNote>{formatMoney(p.refundedCents)} refunded</CellNote>}
      {p.dispute && (
        <span className={`block text-xs font-semibold ${disputeTone}`}>
          {p.dispute.statusLabel}: {formatMoney(p.dispute.amountCents)}
          {p.dispute.reason && <> ({p.dispute.reason.replaceAll('_', ' ')})</>}
        </span>
      )}
      {canManage && p.refundable && (
        <button type="button" className={`${secondaryButtonClass} mt-1 block`} onClick={onRefund}>
          Refund<span className="sr-only"> {formatMoney(p.amountCents)} {paymentMethodLabels[p.method]}</span>
        </button>
      )}
      {canManage && p.refundableCents > 0 && !p.refundable && p.method === 'stripe' && <CellNote>Refund in Stripe (not configured here)</CellNote>}
    </>
  );
}

/** The card saved at the deposit checkout, when the balance goes on it, and every attempt with Stripe's answer. */
function AutoCharge({ autoCharge: a }: { autoCharge: NonNullable<CardProps['booking']['autoCharge']> }) {
  return (
    <div className="mt-3 text-sm text-slate-800" data-testid="auto-charge">
      {a.card && (
        <p>
          <span className="font-semibold">Card on file: {a.card}</span>
          {a.chargeOn ? <>, balance charged automatically on {formatMediumDate(a.chargeOn)}</> : ' (automatic balance charges are off in the settings)'}
        </p>
      )}
      {a.attempts.length > 0 && (
        <ul className="mt-1 space-y-1" aria-label="Automatic balance charges">
          {a.attempts.map((c) => (
            <li key={c.at} className={c.status === 'failed' ? 'text-red-800' : undefined}>
              {staffClock().timestamp(c.at)}: {formatMoney(c.amountCents)} {c.statusLabel.toLowerCase()}
              {c.reason === 'edit' && ' (after an edit)'}
              {c.message && <>: {c.message}</>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
