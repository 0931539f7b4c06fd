import { useEffect, useState } from 'react';
import type { PriceQuote } from '../../lib/booking/index.server';
import { publicApi } from '../../lib/paths';
import { UNKNOWN_PRODUCT_IMAGE } from '../../lib/catalog';
import type { PriceRequest } from '../../lib/pricing';
import { formatsFor, interpolate, type Locale, type Messages } from '../../lib/i18n';
import { cartEvent } from '../cart/cart-event';
import { cartStore, parseSite, type Cart } from '../cart/cart-store';
import { requestJson } from '../shared/api';
import { LoadingOrProblem } from '../shared/LoadingOrProblem';
import { primaryButtonClass } from '../shared/form-classes';

/** The saved cart as the browser's cart: names from today's prices, the "from" figure left for the cart page to fill. */
function toCart(saved: PriceRequest, quote: PriceQuote): Cart {
  return {
    items: saved.items.map((i) => ({
      product: i.product,
      name: quote.lines.find((l) => l.product === i.product)?.name ?? i.product,
      nameEs: null,
      quantity: i.quantity,
      image: UNKNOWN_PRODUCT_IMAGE,
      fromPriceCents: 0,
      fromPriceHours: null,
    })),
    event: cartEvent(saved.event),
    zip: saved.zip,
    coupon: saved.coupon ?? '',
    damageWaiver: saved.damageWaiver,
    site: parseSite(saved.site),
  };
}

/**
 * The unfinished-checkout reminder's link (/saved-cart?key=…): the same cart back in this browser, with
 * today's prices and availability (the normal pricing, checked again on the server), then on to checkout.
 */
type Words = Omit<Messages['savedCartPage'], 'title' | 'description' | 'heading' | 'lede' | 'noScript'>;

export interface SavedCartProps {
  /** The page's words (what the island shows of its page's dictionary). */
  words: Words;
  locale: Locale;
  /** Checkout and the cart in the page's language. */
  paths: { checkout: string; cart: string };
}

export default function SavedCart({ words: t, locale, paths }: SavedCartProps) {
  const f = formatsFor(locale);
  const [state, setState] = useState<{ quote: PriceQuote; cart: PriceRequest } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const key = new URLSearchParams(location.search).get('key') ?? '';
    void requestJson<{ cart: PriceRequest; quote: PriceQuote }>(publicApi.savedCart, {
      method: 'POST',
      json: { key },
    }).then((r) => {
      if (!r.ok) {
        setProblem(r.error.message);
        return;
      }
      cartStore().update(() => toCart(r.data.cart, r.data.quote));
      setState(r.data);
    });
  }, []);

  if (!state) {
    return <LoadingOrProblem problem={problem} loading={t.loading} />;
  }
  const { quote, cart } = state;
  return (
    <section
      aria-labelledby="saved-cart-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="saved-cart-heading" className="text-xl font-bold text-slate-900">
        {interpolate(t.back, { when: f.eventWindow({ date: cart.event.date, start: cart.event.start, end: cart.event.end }) })}
      </h2>
      <p className="text-slate-700">{t.today}</p>
      <ul className="divide-y divide-slate-200">
        {quote.lines.map((l) => (
          <li key={l.product} className="flex justify-between gap-4 py-2">
            <span>
              {l.name} × {l.quantity}
              {!l.available && (
                <span className="block text-sm font-semibold text-red-800">
                  {l.reason ?? t.noLonger}
                </span>
              )}
            </span>
            <span className="font-semibold">{f.money(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between text-lg font-bold text-slate-900">
        <span>{t.total}</span>
        <span data-testid="saved-cart-total">{f.money(quote.totalCents)}</span>
      </p>
      {quote.problem && <p className="font-semibold text-red-800">{quote.problem}</p>}
      <a className={primaryButtonClass} href={quote.bookable ? paths.checkout : paths.cart}>
        {quote.bookable ? t.toCheckout : t.openCart}
      </a>
    </section>
  );
}
