import { adjustmentLabel } from '../../lib/pricing';
import { interpolate, type Messages } from '../../lib/i18n';
import { primaryButtonClass } from '../shared/form-classes';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';
import { useTrackWords } from './words';
import { paymentGroups } from './payment-lines';

/** One line of the booking's money: what it is and its amount, lined up on the right. */
function MoneyRow({ label, value, testId, className }: { label: string; value: string; testId?: string; className?: string }) {
  return (
    <div className={className ? `flex justify-between gap-4 py-1.5 ${className}` : 'flex justify-between gap-4 py-1.5'}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** How a payment line reads to the customer: credit spent on the booking, and money moved into a credit (no refund to a card). */
function receivedAs(p: PublicBooking['payments'][number], t: Messages['trackOrder']['payments']): string {
  const kind = (t.kinds as Record<string, string>)[p.kind] ?? p.kind;
  if (p.method === 'credit') return p.kind === 'refund' ? t.movedToCredit : interpolate(t.fromCredit, { kind });
  return interpolate(t.byMethod, { kind, method: (t.methods as Record<string, string>)[p.method] ?? p.method.replace('_', ' ') });
}

/** The money: the totals as charged, what is paid and still due, the payments received, the invoice and the payment button. */
export function PaymentsCard({
  booking: b,
  formatInstant,
  paying,
  payError,
  onPay,
}: {
  booking: PublicBooking;
  formatInstant: (iso: string) => string;
  paying: boolean;
  payError: string | null;
  onPay: () => void;
}) {
  const { f, trackOrder } = useTrackWords();
  const w = trackOrder.payments;
  const formatMoney = (cents: number) => f.money(cents);
  const signedMoney = (cents: number) => (cents < 0 ? `−${f.money(-cents)}` : f.money(cents));
  const t = b.totals;
  // The server decides (payment mode, Stripe configured): no button that could only answer "not available".
  const payKind = b.paymentOffer
    ? {
        label: `${b.paymentOffer.kind === 'balance' ? w.payBalance : b.paymentOffer.amountCents < t.depositCents ? w.payRestDeposit : w.payDeposit} (${formatMoney(b.paymentOffer.amountCents)})`,
      }
    : null;
  // A rained-out party waiting for its customer's choice has no balance date: the party is not going ahead that day.
  const dueBy = b.balanceDueOn && t.amountDueCents > 0 && !b.rainOut ? interpolate(w.dueBy, { date: f.longDate(b.balanceDueOn) }) : '';
  // Before the booking is confirmed, what confirms it: the deposit, less what is paid of it (credit spent at checkout).
  const groups = paymentGroups(b.payments);
  const depositLeft = (b.status === 'hold' || b.status === 'deposit_due') && t.depositOutstandingCents > 0 ? t.depositOutstandingCents : null;
  return (
    <CustomerCard id="money-heading" heading={w.heading} level={3}>
      <dl className="mt-2 divide-y divide-brand-100 text-slate-800">
        <MoneyRow label={w.rentals} value={formatMoney(t.subtotalCents)} />
        {t.discountCents > 0 && <MoneyRow label={`${w.discount}${t.couponCode ? ` (${t.couponCode})` : ''}`} value={`−${formatMoney(t.discountCents)}`} />}
        {t.damageWaiverCents > 0 && <MoneyRow label={w.damageWaiver} value={formatMoney(t.damageWaiverCents)} />}
        <MoneyRow label={w.delivery} value={t.deliveryFeeCents === 0 ? w.free : formatMoney(t.deliveryFeeCents)} />
        {b.site.charges.map((c, i) => (
          <MoneyRow key={`site-${i}`} label={c.label} value={formatMoney(c.cents)} />
        ))}
        {b.adjustments.map((a, i) => (
          <MoneyRow key={i} label={adjustmentLabel(a)} value={signedMoney(a.cents)} />
        ))}
        <MoneyRow label={w.tax} value={formatMoney(t.taxCents)} />
        <MoneyRow label={w.total} value={formatMoney(t.totalCents)} testId="booking-total" className="text-lg font-extrabold text-slate-900" />
        <MoneyRow label={w.paid} value={formatMoney(t.amountPaidCents)} testId="booking-paid" />
        <MoneyRow
          label={`${w.due}${dueBy}`}
          value={formatMoney(t.amountDueCents)}
          testId="booking-due"
          className="font-bold text-slate-900"
        />
        {depositLeft !== null && (
          <MoneyRow label={w.depositLeft} value={formatMoney(depositLeft)} testId="booking-deposit-due" />
        )}
      </dl>
      {(['received', 'refunds'] as const).map(
        (group) =>
          groups[group].length > 0 && (
            <div key={group}>
              <h4 className="mt-4 font-bold text-slate-900">{w[group]}</h4>
              <ul className="mt-1 space-y-1 text-sm text-slate-800">
                {groups[group].map((p) => (
                  <li key={`${p.kind}-${p.at}`}>
                    {interpolate(w.receivedLine, { amount: formatMoney(p.amountCents), how: receivedAs(p, w), when: formatInstant(p.at) })}
                  </li>
                ))}
              </ul>
            </div>
          ),
      )}
      {b.cakes.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm text-slate-800" data-testid="booking-cakes">
          {b.cakes.map((c) => (
            <li key={c.number}>
              {interpolate(w.cake, { number: c.number, price: formatMoney(c.priceCents) })} ({c.product})
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <a href={b.invoiceUrl} className="font-semibold text-brand-800 underline underline-offset-4" data-testid="invoice-link">
          {w.invoice}
        </a>
      </p>
      {payKind && (
        <div className="mt-5">
          <button type="button" className={primaryButtonClass} disabled={paying} onClick={onPay}>
            {paying ? w.opening : payKind.label}
          </button>
          <p className="mt-2 text-sm text-slate-700">{w.stripeNote}</p>
          {payError && (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {payError}
            </p>
          )}
        </div>
      )}
    </CustomerCard>
  );
}
