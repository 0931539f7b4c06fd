import AddToCart, { type CartProduct } from '../cart/AddToCart';
import type { CartEvent } from '../cart/cart-store';
import { livePriceLabel } from '../../lib/pricing';
import type { LivePriceState } from '../shared/use-live-prices';
import ResponsiveImage from '../shared/ResponsiveImage';
import { productPath } from '../../lib/paths';
import type { ProductFreeCount } from './use-date-search';
import { useAtText } from './at-text';
import { useWords } from '../shared/island-words';
import { pluralOf } from '../../lib/i18n';
import { nameInLocale, storedTextLang } from '../../lib/catalog';

interface Props {
  id: string;
  product: CartProduct;
  event: CartEvent;
  /** The server's answer for this product; none when it did not say (then the visitor calls). */
  count: ProductFreeCount | undefined;
  live: LivePriceState;
}

/** One rental on /at: its picture, today's price for the window, how many are free and "Add to cart". */
export default function AvailableProductCard({ id, product, event, count, live }: Props) {
  const t = useAtText();
  const { price, link, locale } = useWords();
  const free = count?.available ?? false;
  const statusId = `${id}-${product.slug}-status`;
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm ${free ? 'border-brand-100' : 'border-slate-200'}`}
    >
      <ResponsiveImage
        src={product.image}
        alt=""
        layout="card3"
        className={`aspect-[4/3] w-full bg-brand-50 object-cover ${free ? '' : 'opacity-60'}`}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h4 className="font-bold text-slate-900">
          <a
            href={link(productPath(product, { date: event.date, start: event.start, end: event.end }))}
            className="hover:text-brand-800 hover:underline"
            lang={storedTextLang(product.nameEs, locale)}
            data-content-fallback={storedTextLang(product.nameEs, locale)}
          >
            {nameInLocale(product, locale)}
          </a>
        </h4>
        <p className="text-sm text-slate-700">
          {
            livePriceLabel({ exact: live.exact?.get(product.slug), latest: live.latest?.get(product.slug) }, 1, {
              cents: product.fromPriceCents,
              hours: product.fromPriceHours,
            }, 'usd', price)?.label
          }
        </p>
        <p id={statusId} className={`text-sm font-semibold ${free ? 'text-emerald-800' : 'text-slate-700'}`}>
          {!count
            ? t.callToCheck
            : free
              ? count.freeCount === null
                ? t.available
                : pluralOf(count.freeCount, t.availableCount)
              : (count.reason?.message ?? t.notAvailable)}
        </p>
        <div className="mt-auto pt-2">
          {free && (
            <AddToCart
              product={product}
              event={event}
              quantity={1}
              describedBy={statusId}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
            />
          )}
        </div>
      </div>
    </li>
  );
}
