import { useId } from 'react';
import { inputClass, primaryButtonClass } from '../shared/form-classes';
import type { TrackOrderState } from './use-track-order';

/**
 * "Find your booking": the booking number and the e-mail or phone used. The inputs are uncontrolled
 * (the hook reads them through refs), so what a visitor types before the page is interactive stays.
 */
export function LookupForm({ state }: { state: TrackOrderState }) {
  const { lookUp, numberRef, contactRef, errorRef, fieldErrors, formError, loading } = state;
  const id = useId();
  return (
    <form
      onSubmit={lookUp}
      noValidate
      aria-labelledby={`${id}-find`}
      className="max-w-xl rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-find`} className="text-xl font-bold text-slate-900">
        Find your booking
      </h2>
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${id}-number`} className="font-semibold text-slate-900">
            Booking number
          </label>
          <p id={`${id}-number-hint`} className="text-sm text-slate-700">
            In your confirmation e-mail, like PF-7K3Q9X.
          </p>
          <input
            ref={numberRef}
            id={`${id}-number`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`${inputClass} max-w-60 font-mono uppercase`}
            defaultValue=""
            aria-invalid={fieldErrors.bookingNumber ? true : undefined}
            aria-describedby={`${id}-number-hint${fieldErrors.bookingNumber ? ` ${id}-number-error` : ''}`}
          />
          {fieldErrors.bookingNumber && (
            <p id={`${id}-number-error`} className="mt-1 font-semibold text-red-800">
              {fieldErrors.bookingNumber}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-contact`} className="font-semibold text-slate-900">
            E-mail or phone number
          </label>
          <p id={`${id}-contact-hint`} className="text-sm text-slate-700">
            The one you used when you booked.
          </p>
          <input
            ref={contactRef}
            id={`${id}-contact`}
            type="text"
            autoComplete="email"
            className={inputClass}
            defaultValue=""
            aria-invalid={fieldErrors.contact ? true : undefined}
            aria-describedby={`${id}-contact-hint${fieldErrors.contact ? ` ${id}-contact-error` : ''}`}
          />
          {fieldErrors.contact && (
            <p id={`${id}-contact-error`} className="mt-1 font-semibold text-red-800">
              {fieldErrors.contact}
            </p>
          )}
        </div>
        {formError && (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900"
          >
            {formError}
          </p>
        )}
        <button type="submit" className={primaryButtonClass} disabled={loading}>
          {loading ? 'Looking up your booking…' : 'Find my booking'}
        </button>
      </div>
    </form>
  );
}
