import { WAIVER_RULES, WAIVER_TITLE, type WaiverContext } from '../../lib/waivers';
import { FieldError, fieldId, fieldsetClass, legendClass } from '../shared/form-kit';
import { formatClock, formatLongDate } from '../../lib/time';
import SignatureFields from './SignatureFields';
import type { WaiverFormState } from './use-waiver-form';
import { AdultsFields, GuestsFields, SignerFields } from './WaiverPeopleFields';

/** What a signer reads on the waiver: the party, the safety rules to tick and the full text (the fields are in WaiverPeopleFields and SignatureFields), and the whole form put together. */

interface Props {
  state: WaiverFormState;
}

export function PartySummary({ formId, context }: { formId: string; context: WaiverContext }) {
  return (
    <section aria-labelledby={`${formId}-booking`} className="rounded-2xl bg-brand-50 p-5">
      <h3 id={`${formId}-booking`} className="text-xl font-bold text-slate-900">
        The party
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Booking</dt>
        <dd data-testid="waiver-booking-number">{context.bookingNumber}</dd>
        <dt className="font-semibold">Renter</dt>
        <dd>{context.renterName}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>
          {formatLongDate(context.event.date)}, {formatClock(context.event.start)} – {formatClock(context.event.end)}
        </dd>
        <dt className="font-semibold">Where</dt>
        <dd>{context.event.city}</dd>
        <dt className="font-semibold">Rentals</dt>
        <dd>{context.rentals.join(', ')}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {context.waiversSigned === 0
          ? 'No waiver has been signed for this booking yet.'
          : `${context.waiversSigned} ${context.waiversSigned === 1 ? 'waiver has' : 'waivers have'} been signed for this booking. Every adult who supervises can sign their own.`}
      </p>
    </section>
  );
}

export function SafetyRules({ state: { formId, form, errors } }: Props) {
  const { register } = form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Safety rules</legend>
      <p className="text-slate-700">Tick each rule to confirm you have read it and will make sure it is followed.</p>
      <ul className="space-y-4">
        {WAIVER_RULES.map((rule, index) => {
          const id = fieldId(formId, `acknowledged.${rule.id}`);
          const error = errors.acknowledged?.[rule.id]?.message;
          return (
            <li key={rule.id}>
              <div className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[`${id}-text`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
                  {...register(`acknowledged.${rule.id}`)}
                />
                <div>
                  <label htmlFor={id} className="font-semibold text-slate-900">
                    {index + 1}. {rule.title}
                  </label>
                  <p id={`${id}-text`} className="text-slate-700">
                    {rule.text}
                  </p>
                </div>
              </div>
              <FieldError id={id} message={error} />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The waiver's whole form between its heading and its button, the same for a customer online and a guest on the crew's phone. */
export function WaiverFormFields({ state }: Props) {
  return (
    <>
      <SignerFields state={state} />
      <AdultsFields state={state} />
      <GuestsFields state={state} />
      <SafetyRules state={state} />
      <WaiverTextPanel state={state} />
      <SignatureFields state={state} />
    </>
  );
}

export function WaiverTextPanel({ state: { textId, text } }: Props) {
  return (
    <section aria-labelledby={`${textId}-title`} className="space-y-3">
      <h3 id={`${textId}-title`} className="text-xl font-bold text-slate-900">
        {WAIVER_TITLE}
      </h3>
      <p className="text-slate-700">
        This is the full text you sign, with your details filled in. Your signed copy is e-mailed to you as a PDF.
      </p>
      <div
        role="region"
        aria-labelledby={`${textId}-title`}
        tabIndex={0}
        className="max-h-80 overflow-y-auto rounded-xl border border-slate-300 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <pre className="whitespace-pre-wrap font-sans text-sm leading-relaxed text-slate-800" data-testid="waiver-text">
          {text}
        </pre>
      </div>
    </section>
  );
}
