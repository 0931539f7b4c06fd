import { useDeferredValue, useId } from 'react';
import type { Cart } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import CheckoutEmpty from './CheckoutEmpty';
import { AddressSection, CheckoutBanner, ContactSection, SetupSection, TermsSection } from './CheckoutSections';
import OrderSummary from './OrderSummary';
import { loadSchema, useCheckout } from './use-checkout';

interface Props {
  businessName: string;
  phone: string;
  email: string;
  defaultState: string;
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

function Checkout({ cart, businessName, phone, email, defaultState }: Props & { cart: Cart }) {
  const id = useId();
  const checkout = useCheckout(cart, { businessName, defaultState });
  const { banner, bannerRef, submitting } = checkout;
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
        <ContactSection formId={id} checkout={checkout} />
        <AddressSection formId={id} checkout={checkout} cartZip={cart.zip} />
        <SetupSection formId={id} checkout={checkout} />
        <TermsSection formId={id} checkout={checkout} />
        <div className="space-y-3">
          <HumanCheckStatus check={checkout.humanCheck} />
          <button
            type="submit"
            disabled={submitting}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-wait disabled:bg-brand-800 sm:w-auto"
          >
            {submitting ? 'Placing your booking…' : 'Place booking and pay deposit'}
          </button>
          <p className="mt-3 text-sm text-slate-700">
            Next you pay the deposit on Stripe’s secure payment page. If online payment is unavailable, your booking is
            saved and you pay the deposit by phone. Questions? Call {phone} or e-mail {email}.
          </p>
        </div>
      </form>
      <OrderSummary headingId={`${id}-summary`} cart={cart} checkout={checkout} />
    </div>
  );
}
