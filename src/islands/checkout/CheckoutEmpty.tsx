/**
 * What checkout shows when there is nothing to book yet. It needs no script: checkout.astro renders the
 * empty-cart version as plain HTML for the client:cart directive to reveal (no React is loaded for an
 * empty cart), and CheckoutForm renders it when the cart empties or has no date after hydration.
 * Its words come from the page (checkout's dictionary slice), in the page's language.
 */
import type { Messages } from '../../lib/i18n';

export default function CheckoutEmpty({
  reason,
  headingId = 'checkout-empty',
  t,
  hrefs,
}: {
  reason: 'empty' | 'no-date';
  t: Pick<Messages['checkout'], 'emptyTitle' | 'noDateTitle' | 'emptyText' | 'noDateText' | 'browse' | 'backToCart'>;
  /** The catalog and the cart in the page's language. */
  hrefs: { products: string; cart: string };
  /** Unique on the page: the static copy and the island's can both be in the document (one hidden). */
  headingId?: string;
}) {
  const empty = reason === 'empty';
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-brand-100 bg-brand-50 p-8">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {empty ? t.emptyTitle : t.noDateTitle}
      </h2>
      <p className="mt-2 text-slate-700">
        {empty ? t.emptyText : t.noDateText}
      </p>
      <p className="mt-5 flex flex-wrap gap-3">
        <a
          href={empty ? hrefs.products : hrefs.cart}
          className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800"
        >
          {empty ? t.browse : t.backToCart}
        </a>
      </p>
    </section>
  );
}
