import { lazy, Suspense, useMemo } from 'react';
import { EVENT_TYPES, MAX_QUOTE_QUANTITY } from '../../lib/quote-requests';
import {
  Field,
  FieldError,
  fieldId,
  fieldsetClass,
  inputClass,
  legendClass,
  optionalNumber,
  primaryButtonClass,
  requiredNumber,
  secondaryButtonClass,
  SelectField,
  SuccessPanel,
  TextArea,
  TextField,
} from '../shared/form-kit';
import type { QuoteRequestState } from './use-quote-request';
import { useFormWords } from './form-words';
import { WordsProvider, type IslandWords } from '../shared/island-words';

/** The parts of the quote request form: the event, the rentals and wishes, the setup spot, and the thank-you. */

// The checkout's questions, loaded only once a listed rental asks something of the yard.
const SiteQuestions = lazy(() => import('../shared/SiteQuestions'));

export function QuoteEvent({ state }: { state: QuoteRequestState }) {
  const { field, minDate } = state;
  const { t } = useFormWords<'quoteForm'>();
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.eventLegend}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField {...field('eventType')} label={t.eventType}>
          <option value="">{t.choose}</option>
          {EVENT_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {t.eventTypes[type.id]}
            </option>
          ))}
        </SelectField>
        <TextField {...field('eventDate')} label={t.date} type="date" {...(minDate ? { min: minDate } : {})} />
        <TextField
          {...field('guestCount', { setValueAs: requiredNumber })}
          label={t.guests}
          type="number"
          inputMode="numeric"
          min={1}
        />
        <TextField
          {...field('zip')}
          label={t.zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
        />
      </div>
    </fieldset>
  );
}

export function QuoteRentals({ state }: { state: QuoteRequestState }) {
  const { formId, form, field, items, bySlug, categories, priceLabel, picked, setPicked, pickedQuantity, setPickedQuantity, pickError, setPickError, addPicked } = state;
  const { register } = form;
  const { t, forms, say, err } = useFormWords<'quoteForm'>();
  const errors = form.formState.errors;
  const pickId = `${formId}-pick`;
  const pickQuantityId = `${formId}-pick-quantity`;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.wantLegend}</legend>
      <p className="text-slate-700">{t.wantText}</p>
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
        <div>
          <label htmlFor={pickId} className="font-semibold text-slate-900">
            {t.rental}
          </label>
          <select
            id={pickId}
            className={inputClass}
            value={picked}
            aria-invalid={pickError ? true : undefined}
            aria-describedby={pickError ? `${pickId}-error` : undefined}
            onChange={(e) => {
              setPicked(e.target.value);
              setPickError(null);
            }}
          >
            <option value="">{t.chooseRental}</option>
            {categories.map(([category, list]) => (
              <optgroup key={category} label={category}>
                {list.map((p) => (
                  <option key={p.slug} value={p.slug}>
                    {p.name} ({priceLabel(p)})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={pickQuantityId} className="font-semibold text-slate-900">
            {t.quantity}
          </label>
          <input
            id={pickQuantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUOTE_QUANTITY}
            className={inputClass}
            value={Number.isNaN(pickedQuantity) ? '' : pickedQuantity}
            onChange={(e) => setPickedQuantity(e.target.valueAsNumber)}
          />
        </div>
        <button type="button" className={secondaryButtonClass} onClick={addPicked}>
          {t.addToList}
        </button>
      </div>
      <FieldError id={pickId} message={pickError ?? undefined} />

      {items.fields.length > 0 ? (
        <ul className="divide-y divide-brand-100 rounded-xl border border-brand-100" aria-label={t.listLabel}>
          {items.fields.map((item, index) => {
            const product = bySlug.get(item.product);
            const quantityId = fieldId(formId, `items.${index}.quantity`);
            const rowErrors = errors.items?.[index];
            const message = err(rowErrors?.quantity?.message ?? rowErrors?.product?.message);
            return (
              <li key={item.id} className="grid items-center gap-3 p-3 sm:grid-cols-[1fr_7rem_auto]">
                <span className="font-semibold text-slate-900">{product?.name ?? item.product}</span>
                <div>
                  <label htmlFor={quantityId} className="sr-only">
                    {say(t.quantityOf, { name: product?.name ?? item.product })}
                  </label>
                  <input
                    id={quantityId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_QUOTE_QUANTITY}
                    className={`${inputClass} mt-0`}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${quantityId}-error` : undefined}
                    {...register(`items.${index}.quantity`, { setValueAs: requiredNumber })}
                  />
                </div>
                <button type="button" className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50" onClick={() => items.remove(index)}>
                  {t.remove}<span className="sr-only"> {product?.name ?? item.product}</span>
                </button>
                {message && (
                  <p id={`${quantityId}-error`} className="font-semibold text-red-800 sm:col-span-3">
                    {message}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t.noneYet}</p>
      )}

      <TextArea
        {...field('details')}
        label={t.details}
        optional
        hint={t.detailsHint}
        rows={4}
        maxLength={2000}
      />
      <Field id={fieldId(formId, 'budget')} label={t.budget} optional optionalText={forms.optional} hint={t.budgetHint} error={err(errors.budget?.message)}>
        {(aria) => (
          <div className="flex max-w-xs items-center gap-2">
            <span aria-hidden="true" className="mt-1 font-semibold text-slate-700">
              $
            </span>
            <input {...aria} type="number" inputMode="numeric" min={1} className={inputClass} {...register('budget', { setValueAs: optionalNumber })} />
          </div>
        )}
      </Field>
    </fieldset>
  );
}

/** "Your setup spot": the questions the listed rentals ask, as checkout asks them; none, no section. */
export function QuoteSetupSpot({ state }: { state: QuoteRequestState }) {
  const { formId, site, siteValues, siteErrors, answerSite } = state;
  const { t, locale, siteQuestions, errors } = useFormWords<'quoteForm'>();
  // Checkout's words for its questions, of which a quote request has only these: the questions read
  // nothing else (the cart's and the price's words stay checkout's, and out of this form's script).
  const siteWords = useMemo(() => (siteQuestions ? ({ locale, siteQuestions, errors, checkout: null, localPaths: [] } as unknown as IslandWords) : null), [locale, siteQuestions, errors]);
  if (site.questions.length === 0) return null;
  const questions = <SiteQuestions formId={formId} site={site} answers={siteValues} errors={siteErrors} onAnswer={answerSite} />;
  return (
    <fieldset className={fieldsetClass} data-testid="site-questions">
      <legend className={legendClass}>{t.spotLegend}</legend>
      <Suspense fallback={<p className="text-slate-700">{t.loadingQuestions}</p>}>
        {/* The questions speak English unless the page hands over their words (a Spanish page does). */}
        {siteWords ? (
          <WordsProvider words={siteWords}>{questions}</WordsProvider>
        ) : (
          questions
        )}
      </Suspense>
    </fieldset>
  );
}

export function QuoteRequestSent({ sent, businessPhone, onAgain }: { sent: NonNullable<QuoteRequestState['sent']>; businessPhone: string; onAgain(): void }) {
  const { t, say, locale } = useFormWords<'quoteForm'>();
  return (
    <SuccessPanel
      title={t.sentTitle}
      actions={
        <a className={primaryButtonClass} href={locale === 'en' ? sent.personalUrl : `/${locale}${sent.personalUrl}`}>
          {t.openPage}
        </a>
      }
      again={{ label: t.again, onClick: onAgain }}
    >
      <p>
        {t.yourNumber}<strong data-testid="quote-number">{sent.quoteNumber}</strong>.
      </p>
      <p>{say(t.sentText, { email: sent.email })}</p>
      {sent.outsideServiceArea && (
        <p className="font-semibold text-amber-900" data-testid="quote-outside-area">
          {say(t.outsideArea, { zip: sent.zip, phone: businessPhone })}
        </p>
      )}
    </SuccessPanel>
  );
}
