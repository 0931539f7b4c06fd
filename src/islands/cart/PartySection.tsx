import { setZip } from './cart-store';
import { updateCart } from './use-cart';
import type { SectionProps } from './cart-section';
import { inputClass } from '../shared/form-classes';
import { addDaysIso } from '../../lib/time';
import { WindowSelects } from '../shared/TimeSelect';
import { interpolate } from '../../lib/i18n';
import { useWords } from '../shared/island-words';

/** The filled cart's party: date, times (and a last day), and the ZIP code the price depends on. */
export default function PartySection({ id, cart, state, maxRentalDays }: SectionProps & { maxRentalDays: number }) {
  const { cart: t, err } = useWords();
  const { today, errors, changeEvent, times, startOptions, changeStart, endOptions, multiDay, zipError } = state;
  return (
    <section aria-labelledby={`${id}-party`} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
      <h2 id={`${id}-party`} className="text-xl font-bold text-slate-900">
        {t.yourParty}
      </h2>
      <p className="mt-1 text-slate-700">{t.oneForAll}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-date`} className="font-semibold text-slate-900">
            {t.partyDate}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            className={`${inputClass} max-w-60`}
            value={cart.event?.date ?? ''}
            min={today ?? undefined}
            max={today ? addDaysIso(today, 365) : undefined}
            aria-invalid={errors.event ? true : undefined}
            aria-describedby={errors.event ? `${id}-event-error` : undefined}
            onChange={(e) => changeEvent({ date: e.target.value })}
          />
        </div>
        <WindowSelects
          id={id}
          times={{ ...times, startOptions, endOptions, changeStart, setEnd: (end) => changeEvent({ end }) }}
          labels={[t.starts, multiDay ? t.endsLastDay : t.ends]}
          labelClassName="font-semibold text-slate-900"
          selectClassName={inputClass}
        />
        <details className="sm:col-span-2" open={multiDay}>
          <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-4">
            {t.moreThanOneDay}
          </summary>
          <div className="mt-2">
            <label htmlFor={`${id}-end-date`} className="font-semibold text-slate-900">
              {t.lastDay}
            </label>
            <input
              id={`${id}-end-date`}
              type="date"
              className={`${inputClass} max-w-60`}
              value={cart.event?.endDate ?? ''}
              min={cart.event ? addDaysIso(cart.event.date, 1) : undefined}
              max={cart.event ? addDaysIso(cart.event.date, maxRentalDays - 1) : undefined}
              disabled={!cart.event}
              aria-describedby={`${id}-end-date-hint`}
              onChange={(e) => changeEvent({ endDate: e.target.value || undefined })}
            />
            <p id={`${id}-end-date-hint`} className="mt-1 text-sm text-slate-700">
              {interpolate(t.upToDays, { days: maxRentalDays })}
            </p>
          </div>
        </details>
        {errors.event && (
          <p id={`${id}-event-error`} className="font-semibold text-red-800 sm:col-span-2">
            {err(errors.event)}
          </p>
        )}
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-zip`} className="font-semibold text-slate-900">
            {t.zipOfParty}
          </label>
          <input
            id={`${id}-zip`}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            className={`${inputClass} max-w-40`}
            value={cart.zip}
            aria-invalid={zipError ? true : undefined}
            aria-describedby={`${id}-zip-hint${zipError ? ` ${id}-zip-error` : ''}`}
            onChange={(e) => updateCart((c) => setZip(c, e.target.value))}
          />
          <p id={`${id}-zip-hint`} className="mt-1 text-sm text-slate-700">
            {t.zipHint}
          </p>
          {zipError && (
            <p id={`${id}-zip-error`} className="mt-1 font-semibold text-red-800">
              {err(zipError)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
