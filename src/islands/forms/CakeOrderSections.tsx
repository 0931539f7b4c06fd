import type { CakeOrderCreated } from '../../lib/cakes';
import {
  FieldError,
  fieldId,
  fieldsetClass,
  legendClass,
  SuccessPanel,
  TextField,
} from '../shared/form-kit';
import { formatLongDate } from '../../lib/time';
import { formatMoney } from '../../lib/money';
import { BookingEmailField, BookingNumberField } from './BookingFields';
import { ContactFieldset } from './ContactFieldset';
import { InlineRadios } from './InlineRadios';
import type { CakeOrderState } from './use-cake-order';
import { bookingNumberExample } from '../../lib/reference';
import { useFormWords } from './form-words';
import { formatsFor, translateError } from '../../lib/i18n';

/** The parts of the cake order form after the cake (CakeChoices): pickup or delivery, who orders it, the price, and the thank-you. */

export function CakeFulfilment({ state, pickupPlace, bookingPrefix }: { state: CakeOrderState; pickupPlace: string; bookingPrefix: string }) {
  const { formId, form, field, fulfilment, earliest } = state;
  const { locale } = useFormWords<'cakeForm'>();
  const longDate = (isoDate: string) => longDateIn(locale, isoDate);
  const { register } = form;
  const { t, forms, say, err } = useFormWords<'cakeForm'>();
  const errors = form.formState.errors;
  const fulfilmentId = fieldId(formId, 'fulfilment');
  return (
    <fieldset className={fieldsetClass} aria-describedby={errors.fulfilment ? `${fulfilmentId}-error` : undefined}>
      <legend className={legendClass}>{t.fulfilLegend}</legend>
      <InlineRadios
        options={[
          { value: 'pickup', label: say(t.pickUpAt, { place: pickupPlace }) },
          { value: 'delivery', label: t.deliverWith },
        ]}
        {...register('fulfilment')}
      />
      <FieldError id={fulfilmentId} message={err(errors.fulfilment?.message)} />
      {fulfilment === 'delivery' ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <BookingNumberField
            field={field('bookingNumber')}
            label={t.rentalNumber}
            hint={say(t.rentalNumberHint, { example: bookingNumberExample(bookingPrefix) })}
          />
          <BookingEmailField field={field('bookingEmail')} label={forms.bookingEmail} />
        </div>
      ) : (
        <TextField
          {...field('neededOn')}
          label={t.pickupDate}
          type="date"
          {...(earliest ? { min: earliest, hint: say(t.earliestPickup, { date: longDate(earliest) }) } : {})}
          className="max-w-xs"
        />
      )}
    </fieldset>
  );
}

/** A day written in full in the page's language: English keeps the date format the site always used. */
function longDateIn(locale: 'en' | 'es', isoDate: string) {
  return locale === 'en' ? formatLongDate(isoDate) : formatsFor(locale).longDate(isoDate);
}

export function CakeContact({ state }: { state: CakeOrderState }) {
  const { t } = useFormWords<'cakeForm'>();
  return <ContactFieldset field={state.field} legend={t.detailsLegend} phone="required, before the e-mail" />;
}

export function CakePrice({ state, headingLevel }: { state: CakeOrderState; headingLevel: 2 | 3 }) {
  const { formId, price } = state;
  const { t } = useFormWords<'cakeForm'>();
  const PriceHeading = headingLevel === 3 ? 'h4' : 'h3';
  return (
    <section aria-labelledby={`${formId}-price`} className="rounded-2xl bg-brand-50 p-5">
      <PriceHeading id={`${formId}-price`} className="text-lg font-bold text-slate-900">
        {t.yourPrice}
      </PriceHeading>
      <div aria-live="polite" className="mt-2">
        {price.ok ? (
          <>
            <dl className="space-y-1 text-slate-800">
              {price.lines.map((line) => (
                <div key={line.label} className="flex justify-between gap-4">
                  <dt>{translateError(line.label, t.choices)}</dt>
                  <dd>{formatMoney(line.amountCents)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 flex justify-between border-t border-brand-200 pt-2 text-lg font-bold text-slate-900">
              <span>{t.cakeTotal}</span>
              <span data-testid="cake-price">{formatMoney(price.totalCents)}</span>
            </p>
          </>
        ) : (
          <p className="font-semibold text-red-800">{translateError(price.message, t.choices)}</p>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t.payWhen}
      </p>
    </section>
  );
}

export function CakeOrderSent({
  sent,
  pickupPlace,
  onAgain,
}: {
  sent: CakeOrderCreated;
  pickupPlace: string;
  onAgain(): void;
}) {
  const { t, say, locale } = useFormWords<'cakeForm'>();
  const date = longDateIn(locale, sent.neededOn);
  return (
    <SuccessPanel
      title={t.sentTitle}
      again={{ label: t.again, onClick: onAgain }}
    >
      <p>
        {t.yourNumber}<strong data-testid="cake-order-number">{sent.orderNumber}</strong>.
      </p>
      <p>
        {sent.fulfilment === 'pickup'
          ? say(t.pickupOn, { date, place: pickupPlace })
          : say(t.deliveredWith, { number: sent.bookingNumber ?? '', date })}{' '}
        {t.totalIs}<strong>{formatMoney(sent.priceCents)}</strong>.
      </p>
      <p>{t.bakerCalls}</p>
    </SuccessPanel>
  );
}
