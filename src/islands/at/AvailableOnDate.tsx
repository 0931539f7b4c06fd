import { useId, useMemo, useState } from 'react';
import { AtTextContext, useAtText } from './at-text';
import IslandToaster from '../shared/IslandToaster';
import type { CartProduct } from '../cart/AddToCart';
import { useLivePrices } from '../shared/use-live-prices';
import { addDaysIso } from '../../lib/time';
import { WindowSelects } from '../shared/TimeSelect';
import { useWords, WordsProvider, type IslandWords } from '../shared/island-words';
import { interpolate, pluralOf, type Messages } from '../../lib/i18n';
import { TitledForm } from '../shared/TitledForm';
import { inputClass } from '../shared/form-classes';
import { productListPath } from '../../lib/paths';
import AvailableProductCard from './AvailableProductCard';
import { useDateSearch } from './use-date-search';
import { LinkLine } from '../shared/LinkLine';

export interface AtCategory {
  slug: string;
  name: string;
  products: CartProduct[];
}

interface Props {
  categories: AtCategory[];
  openFrom?: string;
  openUntil?: string;
  /** The business's time zone (settings): "today" and the open hours are its local ones. */
  timeZone: string;
  /** The page's words for the add-to-cart buttons and their toasts (src/lib/i18n/island-words.ts). */
  words: IslandWords;
  /** The page's words for the search and its results. */
  text: Messages['atSearch'];
}

/** /at: pick a date and a window, see every rental's free count, grouped by category. */
export default function AvailableOnDate({ words, text, ...props }: Props) {
  return (
    <WordsProvider words={words}>
      <AtTextContext.Provider value={text}>
        <DateSearch {...props} />
      </AtTextContext.Provider>
    </WordsProvider>
  );
}

function DateSearch({
  categories,
  openFrom = '07:00',
  openUntil = '21:00',
  timeZone,
}: Omit<Props, 'words' | 'text'>) {
  const id = useId();
  const t = useAtText();
  const words = useWords();
  const { f, link } = words;
  const { today, date, setDate, start, changeStart, end, setEnd, dateError, result, dateRef, submit, startOptions, endOptions } =
    useDateSearch({ openFrom, openUntil, timeZone, text: t });
  const [onlyFree, setOnlyFree] = useState(false);
  const ready = result.status === 'ready' ? result : null;
  const allSlugs = useMemo(() => categories.flatMap((c) => c.products.map((p) => p.slug)), [categories]);
  // What each costs for the window shown, from the database (the page lists the catalog of its build).
  const live = useLivePrices(ready ? allSlugs : [], ready?.event ?? null);
  const total = categories.reduce((n, c) => n + c.products.length, 0);
  const freeTotal = ready
    ? categories.reduce((n, c) => n + c.products.filter((p) => ready.counts.get(p.slug)?.available).length, 0)
    : 0;

  return (
    <div className="space-y-10">
      <IslandToaster />
      <TitledForm id={id} title={t.formTitle} onSubmit={submit} className="rounded-2xl border-2 border-brand-200 bg-white p-6">
        <div className="mt-4 grid gap-4 sm:grid-cols-[1.4fr_1fr_1fr_auto] sm:items-end">
          <div>
            <label htmlFor={`${id}-date`} className="font-semibold text-slate-900">
              {t.date}
            </label>
            <input
              ref={dateRef}
              id={`${id}-date`}
              type="date"
              className={inputClass}
              value={date}
              min={today ?? undefined}
              max={today ? addDaysIso(today, 365) : undefined}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${id}-date-error` : undefined}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <WindowSelects id={id} times={{ start, end, startOptions, endOptions, changeStart, setEnd }} labelClassName="font-semibold text-slate-900" selectClassName={inputClass} />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
          >
            {t.show}
          </button>
        </div>
        {dateError && (
          <p id={`${id}-date-error`} className="mt-2 font-semibold text-red-800">
            {dateError}
          </p>
        )}
        <p className="mt-3 text-sm text-slate-700">
          {interpolate(t.fits, { from: f.clock(openFrom), until: f.clock(openUntil) })}
        </p>
      </TitledForm>

      <div role="status" className="text-lg font-semibold text-slate-900">
        {result.status === 'loading' && interpolate(t.checking, { when: f.eventWindow(result.event) })}
        {result.status === 'error' && <span className="text-red-800">{result.error.message}</span>}
        {ready && pluralOf(freeTotal, t.freeOf, { total, when: f.eventWindow(ready.event) })}
      </div>

      {ready && (
        <section aria-labelledby={`${id}-results`}>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id={`${id}-results`} className="text-2xl font-bold text-slate-900">
              {interpolate(t.rentalsFor, { when: f.eventWindow(ready.event) })}
            </h2>
            <label className="flex min-h-10 items-center gap-2 font-semibold text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={onlyFree}
                onChange={(e) => setOnlyFree(e.target.checked)}
              />
              {t.onlyFree}
            </label>
          </div>
          {categories.map((category) => {
            const products = category.products.filter((p) => !onlyFree || ready.counts.get(p.slug)?.available);
            if (products.length === 0) return null;
            return (
              <section key={category.slug} aria-labelledby={`${id}-${category.slug}`} className="mt-8">
                <h3 id={`${id}-${category.slug}`} className="text-xl font-bold text-slate-900">
                  <a href={link(productListPath(category))} className="hover:text-brand-800 hover:underline">
                    {category.name}
                  </a>
                </h3>
                <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {products.map((product) => (
                    <AvailableProductCard
                      key={product.slug}
                      id={id}
                      product={product}
                      event={ready.event}
                      count={ready.counts.get(product.slug)}
                      live={live}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
          <LinkLine href={link('/cart')} className="mt-10">
            {t.goToCart}
          </LinkLine>
        </section>
      )}
    </div>
  );
}
