import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { amountsLeft, depositToPay, formatMoney } from '../../lib/money';
import type { Cart } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import CheckoutEmpty from './CheckoutEmpty';
import { AddressSection, CheckoutBanner, ContactSection, SetupSection, TermsSection } from './CheckoutSections';
import OrderSummary from './OrderSummary';
import { creditApplied, loadSchema, useCheckout, type CheckoutState } from './use-checkout';

// Loaded only when a customer asks to use credit: checkout's own script does not carry it.
const CreditStep = lazy(() => import('./CreditStep'));

interface Props {
  businessName: string;
  phone: string;
  email: string;
  defaultState: string;
  /** The question about texts, word for word; null when the site cannot text (no box at all). */
  textConsentWording: string | null;
}

/** The checkout page: contact, event address, setup notes and terms, beside the exact price. */
export default function CheckoutForm(props: Props) {
  // The cart store's first answer arrives right after hydration as a synchronous update (a store
  // change always is), and rendering the whole form in one piece was the page's longest task (about
  // 350 ms on a 4x-throttled CPU). Deferred, the form renders as a transition, which React splits into
  // small slices around input and paint; later cart changes (the ZIP field) follow a moment behind.
  const cart = useDeferredValue(useCart());
  if (cart === null) {
    return (
      <p className="py-10 text-lg text-slate-700" role="status">
        Loading your order…
      </p>
    );
  }
  if (cart.items.length === 0 || !cart.event)
    return <CheckoutEmpty reason={cart.items.length === 0 ? 'empty' : 'no-date'} />;
  return <Checkout cart={cart} {...props} />;
}

function Checkout({ cart, businessName, phone, email, defaultState, textConsentWording }: Props & { cart: Cart }) {
  const id = useId();
  const checkout = useCheckout(cart, { businessName, defaultState, formId: id });
  const { banner, bannerRef, submitting } = checkout;
  const words = submitWords(checkout.quoteState.quote, checkout.credit, phone);
  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
      <form
        onSubmit={(e) => void checkout.submit(e)}
        onFocus={() => {
          void loadSchema();
          checkout.humanCheck.start();
        }}
        onPointerDown={() => void loadSchema()}
        noValidate
        aria-labelledby={`${id}-form-title`}
        className="space-y-8"
      >
        <h2 id={`${id}-form-title`} className="sr-only">
          Booking details
        </h2>
        {banner && <CheckoutBanner banner={banner} bannerRef={bannerRef} />}
        <ContactSection formId={id} checkout={checkout} textConsentWording={textConsentWording} />
        <AddressSection formId={id} checkout={checkout} cartZip={cart.zip} />
        <SetupSection formId={id} checkout={checkout} cart={cart} />
        <TermsSection formId={id} checkout={checkout} />
        <CreditSection checkout={checkout} />
        <div className="space-y-3">
          <HumanCheckStatus check={checkout.humanCheck} />
          <button
            type="submit"
            disabled={submitting}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-wait disabled:bg-brand-800 sm:w-auto"
          >
            {submitting ? 'Placing your booking…' : words.button}
          </button>
          <p className="mt-3 text-sm text-slate-700" data-testid="checkout-next">
            {words.next} Questions? Call {phone} or e-mail {email}.
          </p>
        </div>
      </form>
      <OrderSummary headingId={`${id}-summary`} cart={cart} checkout={checkout} />
    </div>
  );
}

/**
 * The button and the sentence under it say what placing the booking does: open the payment page for
 * what is due today (the deposit, or what credit leaves of it), nothing to pay when credit covers it,
 * or, in pay-later mode (the server's quote says which), book now and pay the deposit by phone.
 */
function submitWords(quote: CheckoutState['quoteState']['quote'], credit: CheckoutState['credit'], phone: string): { button: string; next: string } {
  if (!quote) return { button: 'Place booking', next: 'Your exact price shows beside the form before you book.' };
  const creditCents = creditApplied(credit, quote.depositCents);
  const left = amountsLeft({ totalCents: quote.totalCents, depositCents: quote.depositCents, amountPaidCents: creditCents }).depositOutstandingCents;
  if (quote.depositCents > 0 && left === 0) {
    return { button: 'Place booking (deposit paid from credit)', next: 'Your credit pays the deposit: there is nothing to pay today.' };
  }
  if (quote.depositOnline === false) {
    return {
      button: 'Place booking',
      next: `Nothing is charged now. We e-mail you the booking; to confirm it, pay ${depositToPay({ depositCents: quote.depositCents, depositOutstandingCents: left })} by phone at ${phone}. The e-mail says how long we keep your equipment for you until then.`,
    };
  }
  return creditCents > 0
    ? { button: `Place booking and pay ${formatMoney(left)}`, next: `Next you pay ${depositToPay({ depositCents: quote.depositCents, depositOutstandingCents: left })} on Stripe’s secure payment page.` }
    : { button: 'Place booking and pay deposit', next: 'Next you pay the deposit on Stripe’s secure payment page.' };
}

/** "Have credit with us?": the e-mail proved with a one-time code, then the credit the booking spends. */
function CreditSection({ checkout }: { checkout: CheckoutState }) {
  const [open, setOpen] = useState(false);
  const { credit } = checkout;
  return (
    <section aria-labelledby="checkout-credit" className="rounded-xl border-2 border-brand-100 p-4">
      <h3 id="checkout-credit" className="font-bold text-slate-900">
        Have credit with us?
      </h3>
      {credit ? (
        <p className="mt-1 text-slate-800" data-testid="credit-ready">
          Your credit of {formatMoney(credit.availableCents)} will be applied to this booking.
        </p>
      ) : open ? (
        <Suspense fallback={<p className="mt-1 text-slate-700">Loading…</p>}>
          <CreditStep initialEmail={String(checkout.form.valueOf('customer.email') ?? '')} onGranted={checkout.setCredit} />
        </Suspense>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="mt-1 font-semibold text-brand-800 underline underline-offset-4">
          Use your credit
        </button>
      )}
    </section>
  );
}
