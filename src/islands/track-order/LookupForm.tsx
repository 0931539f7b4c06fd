import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { errorClass, inputClass, primaryButtonClass } from '../shared/form-classes';
import { TitledForm } from '../shared/TitledForm';
import type { TrackOrderState } from './use-track-order';
import { bookingNumberExample } from '../../lib/reference';
import { interpolate } from '../../lib/i18n';
import { useTrackWords } from './words';

/**
 * "Find your booking": the booking number and the e-mail or phone used. The inputs are uncontrolled
 * (the hook reads them through refs), so what a visitor types before the page is interactive stays.
 */
export function LookupForm({ state, bookingPrefix }: { state: TrackOrderState; bookingPrefix: string }) {
  const { lookUp, numberRef, contactRef, errorRef, fieldErrors, formError, loading } = state;
  const id = useId();
  const t = useTrackWords().trackOrder.lookup;
  return (
    <TitledForm id={id} title={t.title} onSubmit={lookUp} className="max-w-xl rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
      <div className="mt-4 space-y-4">
        <LookupField
          id={`${id}-number`}
          label={t.number}
          hint={interpolate(t.numberHint, { example: bookingNumberExample(bookingPrefix) })}
          error={fieldErrors.bookingNumber}
          inputRef={numberRef}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={`${inputClass} max-w-60 font-mono uppercase`}
        />
        <LookupField
          id={`${id}-contact`}
          label={t.contact}
          hint={t.contactHint}
          error={fieldErrors.contact}
          inputRef={contactRef}
          autoComplete="email"
          className={inputClass}
        />
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
          {loading ? t.looking : t.find}
        </button>
      </div>
    </TitledForm>
  );
}

/** A labelled text input with its hint under the label and its error under the input, both announced with it. */
function LookupField({
  id,
  label,
  hint,
  error,
  inputRef,
  ...input
}: { id: string; label: string; hint: string; error: string | undefined; inputRef: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      <input
        ref={inputRef}
        id={id}
        type="text"
        defaultValue=""
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
