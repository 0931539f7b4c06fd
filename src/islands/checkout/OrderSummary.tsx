import type { Cart } from '../cart/cart-store';
import PriceBreakdown from '../cart/PriceBreakdown';
import { useCheckoutWords } from '../shared/island-words';
import { creditApplied, type CheckoutState } from './use-checkout';
import { LinkLine } from '../shared/LinkLine';

/** The price beside the form: the server's breakdown for the cart, the party's time and a way back to the cart. */
export default function OrderSummary({
  headingId,
  cart,
  checkout: { quoteState, announcement, credit },
}: {
  headingId: string;
  cart: Cart;
  checkout: CheckoutState;
}) {
  const { checkout: t, f, link } = useCheckoutWords();
  const quote = quoteState.quote;
  return (
    <section
      aria-labelledby={headingId}
      className="h-fit rounded-2xl border-2 border-brand-200 bg-white p-5 lg:sticky lg:top-4"
    >
      {quote ? (
        <PriceBreakdown
          quote={quote}
          busy={quoteState.status === 'loading'}
          headingId={headingId}
          heading={t.orderSummary}
          creditCents={creditApplied(credit, quote.depositCents)}
        />
      ) : (
        <>
          <h2 id={headingId} className="text-xl font-bold text-slate-900">
            {t.orderSummary}
          </h2>
          <p className="mt-2 text-slate-700">
            {quoteState.status === 'error'
              ? quoteState.error.message
              : quoteState.status === 'idle'
                ? t.enterZip
                : t.pricing}
          </p>
        </>
      )}
      {cart.event && <p className="mt-4 font-semibold text-slate-900">{f.eventWindow(cart.event)}</p>}
      {quote?.autoCharge && (
        <p className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="auto-charge-consent">
          {quote.autoCharge.consent}
        </p>
      )}
      {quote && !quote.bookable && quote.problem && (
        <p className="mt-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-900">
          {quote.problem}
        </p>
      )}
      <LinkLine href={link('/cart')} className="mt-4">
        {t.editCart}
      </LinkLine>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
