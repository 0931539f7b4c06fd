import { MAX_LINE_QUANTITY, setQuantity } from './cart-store';
import { updateCart } from './use-cart';
import { smallButton, type SectionProps } from './cart-section';
import { interpolate, pluralOf } from '../../lib/i18n';
import { useWords } from '../shared/island-words';
import ResponsiveImage from '../shared/ResponsiveImage';
import { productPath } from '../../lib/paths';
import { LinkLine } from '../shared/LinkLine';

/** The heading the empty cart shows (CartPage's EmptyCart): where focus goes when the last line is removed. */
export const EMPTY_CART_HEADING = 'empty-cart-heading';

/**
 * A line's Remove button goes with its line: focus moves to the items' heading (or, with the last line
 * gone, the empty cart's) instead of falling back to the page's start, where a keyboard or screen-reader
 * user would have lost their place. After the removal is painted, when the heading is the one on screen.
 */
const focusAfterRemoving = (headingId: string) => requestAnimationFrame(() => document.getElementById(headingId)?.focus());

/** The filled cart's items, each with its status for the party's window, its quantity and Remove. */
export default function ItemsSection({ id, cart, state }: SectionProps) {
  const { unavailableCount, lineStatus, linePrice, lineName, remove } = state;
  const { cart: t, link } = useWords();
  return (
    <section aria-labelledby={`${id}-items`}>
      <h2 id={`${id}-items`} tabIndex={-1} className="text-xl font-bold text-slate-900">
        {interpolate(t.itemsHeading, { items: pluralOf(cart.items.reduce((n, i) => n + i.quantity, 0), t.items) })}
      </h2>
      {unavailableCount > 0 && (
        <p className="mt-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900">
          {unavailableCount === 1 ? t.unavailableOne : interpolate(t.unavailableMany, { count: unavailableCount })}
        </p>
      )}
      <ul className="mt-4 divide-y divide-brand-100 border-y border-brand-100">
        {cart.items.map((item, index) => {
          const status = lineStatus(item, index);
          const name = lineName(item);
          const statusId = `${id}-line-${index}`;
          return (
            <li key={item.product} className="flex gap-4 py-4">
              <ResponsiveImage
                src={item.image}
                alt=""
                layout="cartLine"
                className="aspect-[4/3] w-24 shrink-0 rounded-lg bg-brand-50 object-cover"
              />
              <div className="flex flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-bold text-slate-900">
                    <a href={link(productPath({ slug: item.product }))} className="hover:text-brand-800 hover:underline">
                      {name}
                    </a>
                  </h3>
                  {linePrice(item) && <p className="text-sm text-slate-700">{linePrice(item)}</p>}
                </div>
                {status && (
                  <p
                    id={statusId}
                    className={`text-sm font-semibold ${status.ok ? 'text-emerald-800' : 'text-red-800'}`}
                  >
                    {status.ok ? '✓ ' : ''}
                    {status.text}
                  </p>
                )}
                <div className="flex flex-wrap items-center gap-3">
                  <div role="group" aria-label={interpolate(t.quantityOf, { name })} className="flex items-center gap-2">
                    <button
                      type="button"
                      className={smallButton}
                      aria-label={interpolate(t.oneFewer, { name })}
                      disabled={item.quantity <= 1}
                      onClick={() => updateCart((c) => setQuantity(c, item.product, item.quantity - 1))}
                    >
                      −
                    </button>
                    <span
                      className="min-w-8 text-center text-lg font-bold tabular-nums text-slate-900"
                      aria-live="polite"
                    >
                      {item.quantity}
                    </span>
                    <button
                      type="button"
                      className={smallButton}
                      aria-label={interpolate(t.oneMore, { name })}
                      disabled={item.quantity >= MAX_LINE_QUANTITY}
                      onClick={() => updateCart((c) => setQuantity(c, item.product, item.quantity + 1))}
                    >
                      +
                    </button>
                  </div>
                  <button
                    type="button"
                    className="min-h-10 px-2 font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
                    aria-describedby={status ? statusId : undefined}
                    onClick={() => {
                      remove(item);
                      focusAfterRemoving(cart.items.length === 1 ? EMPTY_CART_HEADING : `${id}-items`);
                    }}
                  >
                    {t.remove}
                    <span className="sr-only"> {name}</span>
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <LinkLine href={link('/products')} className="mt-4">
        {t.addMore}
      </LinkLine>
    </section>
  );
}
