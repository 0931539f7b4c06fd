import type { WaiverContext, WaiverWords } from '../../lib/waivers';
import { INTL_LOCALE, interpolate } from '../../lib/i18n';
import { FieldError, fieldId, fieldsetClass, legendClass } from '../shared/form-kit';
import { formatClock, formatLongDate } from '../../lib/time';
import SignatureFields from './SignatureFields';
import type { WaiverFormState } from './use-waiver-form';
import { AdultsFields, GuestsFields, SignerFields } from './WaiverPeopleFields';

/** What a signer reads on the waiver: the party, the safety rules to tick and the full text (the fields are in WaiverPeopleFields and SignatureFields), and the whole form put together. */

interface Props {
  state: WaiverFormState;
}

export function PartySummary({ formId, context, words }: { formId: string; context: WaiverContext; words: WaiverWords }) {
  const t = words.form;
  const locale = INTL_LOCALE[words.language];
  return (
    <section aria-labelledby={`${formId}-booking`} className="rounded-2xl bg-brand-50 p-5">
      <h3 id={`${formId}-booking`} className="text-xl font-bold text-slate-900">
        {t.party}
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t.booking}</dt>
        <dd data-testid="waiver-booking-number">{context.bookingNumber}</dd>
        <dt className="font-semibold">{t.renter}</dt>
        <dd>{context.renterName}</dd>
        <dt className="font-semibold">{t.date}</dt>
        <dd>
          {formatLongDate(context.event.date, locale)}, {formatClock(context.event.start, locale)} – {formatClock(context.event.end, locale)}
        </dd>
        <dt className="font-semibold">{t.where}</dt>
        <dd>{context.event.city}</dd>
        <dt className="font-semibold">{t.rentals}</dt>
        <dd>{context.rentals.join(', ')}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {context.waiversSigned === 0 ? t.noneSigned : context.waiversSigned === 1 ? t.oneSigned : interpolate(t.manySigned, { count: context.waiversSigned })}
      </p>
    </section>
  );
}

export function SafetyRules({ state: { formId, form, errors, words } }: Props) {
  const { register } = form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{words.form.rulesLegend}</legend>
      <p className="text-slate-700">{words.form.rulesIntro}</p>
      <ul className="space-y-4">
        {words.rules.map((rule, index) => {
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

export function WaiverTextPanel({ state: { textId, text, words } }: Props) {
  return (
    // One landmark, the scrolling text, named by the heading: the box around it named the same would be a
    // second landmark of that name (axe's landmark-unique).
    <div className="space-y-3">
      <h3 id={`${textId}-title`} className="text-xl font-bold text-slate-900">
        {words.title}
      </h3>
      <p className="text-slate-700">
        {words.form.textIntro}
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
    </div>
  );
}
