import type { ReactNode } from 'react';
import { amountsLeft } from '../../lib/money';
import { interpolate } from '../../lib/i18n';
import { priceLineDetail } from '../../lib/pricing';
import { useWords } from '../shared/island-words';
import type { PriceQuote } from './use-quote';

interface Props {
  quote: PriceQuote;
  /** True while a newer price is loading: the figures shown are the previous ones. */
  busy?: boolean;
  /** Heading id, so the surrounding section can be labelled by it. */
  headingId: string;
  heading?: string;
  /** Extra rows under the damage waiver line (the cart's decline checkbox). */
  waiverControl?: ReactNode;
  /** Credit the booking spends on its deposit (the checkout, once the customer proved their e-mail). */
  creditCents?: number;
}

function Row({
  label,
  detail,
  amount,
  strong,
  testId,
  extra,
}: {
  label: ReactNode;
  detail?: ReactNode;
  amount: ReactNode;
  strong?: boolean;
  testId?: string;
  /** A control that belongs to this line (a second <dd>, so the list stays valid). */
  extra?: ReactNode;
}) {
  return (
    <div
      className={`flex flex-wrap items-start justify-between gap-x-4 py-2 ${strong ? 'text-lg font-extrabold text-slate-900' : 'text-slate-800'}`}
    >
      <dt className="min-w-0 flex-1">
        {label}
        {detail && <span className="block text-sm font-normal text-slate-700">{detail}</span>}
      </dt>
      <dd className="shrink-0 text-right tabular-nums" data-testid={testId}>
        {amount}
      </dd>
      {extra && <dd className="mt-2 w-full">{extra}</dd>}
    </div>
  );
}

/** Every line of the server's price, in the order the customer pays it. No price is computed here (what credit leaves of the deposit is amountsDue's). */
export default function PriceBreakdown({ quote, busy = false, headingId, heading, waiverControl, creditCents = 0 }: Props) {
  const { cart: t, f, price: priceWords } = useWords();
  const formatMoney = (cents: number) => f.money(cents);
  const balanceDay = f.longDate(quote.balanceDueOn);
  // Pay later: nothing is paid online today, so nothing is "due today" either.
  const payLater = quote.depositOnline === false;
  // What is left of the deposit after credit: the same computation as the booking's (amountsDue).
  const depositLeft = amountsLeft({ totalCents: quote.totalCents, depositCents: quote.depositCents, amountPaidCents: creditCents }).depositOutstandingCents;
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {heading ?? t.price}
      </h2>
      <dl className="mt-3 divide-y divide-brand-100">
        {quote.lines.map((line) => (
          <Row
            key={line.product}
            label={
              <>
                {line.name} <span className="whitespace-nowrap">× {line.quantity}</span>
              </>
            }
            detail={`${line.siteAdded ? t.siteAdded : ''}${priceLineDetail(line, 'usd', priceWords)}`}
            amount={formatMoney(line.lineTotalCents)}
          />
        ))}
        <Row label={t.subtotal} amount={formatMoney(quote.subtotalCents)} testId="quote-subtotal" />
        {quote.discountCents > 0 && (
          <Row
            label={quote.coupon.code ? interpolate(t.discountCode, { code: quote.coupon.code }) : t.discount}
            amount={`−${formatMoney(quote.discountCents)}`}
            testId="quote-discount"
          />
        )}
        {/* A business without a damage waiver: no line, and no control to decline one. */}
        {(quote.damageWaiverOffered || quote.damageWaiverCents > 0) && (
          <Row
            label={t.damageWaiver}
            detail={
              quote.damageWaiverCents > 0
                ? t.waiverCovers
                : t.waiverDeclined
            }
            amount={quote.damageWaiverCents > 0 ? formatMoney(quote.damageWaiverCents) : formatMoney(0)}
            testId="quote-damage-waiver"
            extra={waiverControl}
          />
        )}
        <Row
          label={t.delivery}
          amount={quote.deliveryFeeCents === 0 ? t.free : formatMoney(quote.deliveryFeeCents)}
          testId="quote-delivery"
        />
        {quote.siteCharges.map((charge) => (
          <Row key={charge.label} label={charge.label} detail={charge.reason} amount={formatMoney(charge.cents)} testId="quote-site-charge" />
        ))}
        <Row label={t.tax} amount={formatMoney(quote.taxCents)} testId="quote-tax" />
        <Row label={t.total} amount={formatMoney(quote.totalCents)} strong testId="quote-total" />
        <Row
          label={creditCents > 0 || payLater ? t.deposit : t.depositToday}
          detail={payLater ? t.depositByPhone : t.depositReserves}
          amount={formatMoney(quote.depositCents)}
          strong={creditCents === 0}
          testId="quote-deposit"
        />
        {creditCents > 0 && (
          <>
            <Row label={t.creditApplied} amount={`−${formatMoney(creditCents)}`} testId="credit-applied" />
            <Row label={payLater ? t.depositLeft : t.dueToday} amount={formatMoney(depositLeft)} strong testId="due-after-credit" />
          </>
        )}
        <Row
          label={t.balance}
          detail={interpolate(t.balanceDue, { date: balanceDay })}
          amount={formatMoney(quote.balanceCents)}
          testId="quote-balance"
        />
      </dl>
    </div>
  );
}
