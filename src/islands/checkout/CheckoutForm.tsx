import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { amountsLeft } from '../../lib/money';
import { interpolate } from '../../lib/i18n';
import { useCheckoutWords, withWords, type Words } from '../shared/island-words';
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
export default withWords(CheckoutOrEmpty);

function CheckoutOrEmpty(props: Props) {
  const { checkout: t, link } = useCheckoutWords();
  // The cart store's first answer arrives right after hydration as a synchronous update (a store
  // change always is), and rendering the whole form in one piece was the page's longest task (about
  // 350 ms on a 4x-throttled CPU). Deferred, the form renders as a transition, which React splits into
  // small slices around input and paint; later cart changes (the ZIP field) follow a moment behind.
  const cart = useDeferredValue(useCart());
  if (cart === null) {
    return (
      <p className="py-10 text-lg text-slate-700" role="status">
        {t.loadingOrder}
      </p>
    );
  }
  if (cart.items.length === 0 || !cart.event)
    return <CheckoutEmpty reason={cart.items.length === 0 ? 'empty' : 'no-date'} t={t} hrefs={{ products: link('/products'), cart: link('/cart') }} />;
  return <Checkout cart={cart} {...props} />;
}

function Checkout({ cart, businessName, phone, email, defaultState, textConsentWording }: Props & { cart: Cart }) {
  const w = useCheckoutWords();
  const t = w.checkout;
  const id = useId();
  const checkout = useCheckout(cart, { businessName, defaultState, formId: id });
  const { banner, bannerRef, submitting } = checkout;
  const words = submitWords(checkout.quoteState.quote, checkout.credit, phone, w);
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
          {t.bookingDetails}
        </h2>
        {banner && <CheckoutBanner banner={banner} bannerRef={bannerRef} />}
        <ContactSection formId={id} checkout={checkout} textConsentWording={textConsentWording} />
        <AddressSection formId={id} checkout={checkout} cartZip={cart.zip} />
        <SetupSection formId={id} checkout={checkout} cart={cart} />
        <TermsSection formId={id} checkout={checkout} />
        <CreditSection checkout={checkout} />
        <div className="space-y-3">
          {/* The check's status sits under the button: it starts when the form first takes the focus, and
              its words change length as it runs, so above the button it moved the button between a
              phone's press and release, and a first tap on it did nothing. */}
          <button
            type="submit"
            disabled={submitting}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-wait disabled:bg-brand-800 sm:w-auto"
          >
            {submitting ? t.placing : words.button}
          </button>
          <HumanCheckStatus check={checkout.humanCheck} words={t} />
          <p className="mt-3 text-sm text-slate-700" data-testid="checkout-next">
            {interpolate(t.questions, { next: words.next, phone, email })}
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
function submitWords(
  quote: CheckoutState['quoteState']['quote'],
  credit: CheckoutState['credit'],
  phone: string,
  { checkout: t, f }: Words & { checkout: NonNullable<Words['checkout']> },
): { button: string; next: string } {
  if (!quote) return { button: t.placeBooking, next: t.priceBeside };
  // What is left to pay of the deposit, as depositToPay (src/lib/money) writes it in English.
  const depositToPay = (depositCents: number, outstanding: number) =>
    outstanding < depositCents
      ? interpolate(t.depositLeftOf, { left: f.money(outstanding), deposit: f.money(depositCents) })
      : interpolate(t.yourDeposit, { deposit: f.money(depositCents) });
  const creditCents = creditApplied(credit, quote.depositCents);
  const left = amountsLeft({ totalCents: quote.totalCents, depositCents: quote.depositCents, amountPaidCents: creditCents }).depositOutstandingCents;
  if (quote.depositCents > 0 && left === 0) {
    return { button: t.placeFromCredit, next: t.creditPays };
  }
  if (quote.depositOnline === false) {
    return {
      button: t.placeBooking,
      next: interpolate(t.payLaterNext, { amount: depositToPay(quote.depositCents, left), phone }),
    };
  }
  return creditCents > 0
    ? {
        button: interpolate(t.placeAndPay, { amount: f.money(left) }),
        next: interpolate(t.payNext, { amount: depositToPay(quote.depositCents, left) }),
      }
    : { button: t.placeAndPayDeposit, next: t.payDepositNext };
}

/** "Have credit with us?": the e-mail proved with a one-time code, then the credit the booking spends. */
function CreditSection({ checkout }: { checkout: CheckoutState }) {
  const { checkout: t, f } = useCheckoutWords();
  const [open, setOpen] = useState(false);
  const { credit } = checkout;
  return (
    <section aria-labelledby="checkout-credit" className="rounded-xl border-2 border-brand-100 p-4">
      <h3 id="checkout-credit" className="font-bold text-slate-900">
        {t.haveCredit}
      </h3>
      {credit ? (
        <p className="mt-1 text-slate-800" data-testid="credit-ready">
          {interpolate(t.creditWillApply, { amount: f.money(credit.availableCents) })}
        </p>
      ) : open ? (
        <Suspense fallback={<p className="mt-1 text-slate-700">{t.loading}</p>}>
          <CreditStep initialEmail={String(checkout.form.valueOf('customer.email') ?? '')} onGranted={checkout.setCredit} />
        </Suspense>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="mt-1 font-semibold text-brand-800 underline underline-offset-4">
          {t.useCredit}
        </button>
      )}
    </section>
  );
}
