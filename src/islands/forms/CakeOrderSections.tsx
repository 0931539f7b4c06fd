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
import type { CakeOrderState } from './use-cake-order';
import { bookingNumberExample } from '../../lib/reference';

/** The parts of the cake order form after the cake (CakeChoices): pickup or delivery, who orders it, the price, and the thank-you. */

export function CakeFulfilment({ state, pickupPlace, bookingPrefix }: { state: CakeOrderState; pickupPlace: string; bookingPrefix: string }) {
  const { formId, form, field, fulfilment, earliest } = state;
  const { register } = form;
  const errors = form.formState.errors;
  const fulfilmentId = fieldId(formId, 'fulfilment');
  return (
    <fieldset className={fieldsetClass} aria-describedby={errors.fulfilment ? `${fulfilmentId}-error` : undefined}>
      <legend className={legendClass}>Pickup or delivery</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input type="radio" value="pickup" className="size-5 accent-brand-700" {...register('fulfilment')} />
          Pick up at {pickupPlace}
        </label>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input type="radio" value="delivery" className="size-5 accent-brand-700" {...register('fulfilment')} />
          Deliver with my rental booking
        </label>
      </div>
      <FieldError id={fulfilmentId} message={errors.fulfilment?.message} />
      {fulfilment === 'delivery' ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <BookingNumberField
            field={field('bookingNumber')}
            label="Booking number of your rental"
            hint={`It looks like ${bookingNumberExample(bookingPrefix)}. The cake comes on your party day.`}
          />
          <BookingEmailField field={field('bookingEmail')} />
        </div>
      ) : (
        <TextField
          {...field('neededOn')}
          label="Pickup date"
          type="date"
          {...(earliest ? { min: earliest, hint: `The earliest pickup date is ${formatLongDate(earliest)}.` } : {})}
          className="max-w-xs"
        />
      )}
    </fieldset>
  );
}

export function CakeContact({ state }: { state: CakeOrderState }) {
  return <ContactFieldset field={state.field} legend="Your details" phone="required, before the e-mail" />;
}

export function CakePrice({ state, headingLevel }: { state: CakeOrderState; headingLevel: 2 | 3 }) {
  const { formId, price } = state;
  const PriceHeading = headingLevel === 3 ? 'h4' : 'h3';
  return (
    <section aria-labelledby={`${formId}-price`} className="rounded-2xl bg-brand-50 p-5">
      <PriceHeading id={`${formId}-price`} className="text-lg font-bold text-slate-900">
        Your price
      </PriceHeading>
      <div aria-live="polite" className="mt-2">
        {price.ok ? (
          <>
            <dl className="space-y-1 text-slate-800">
              {price.lines.map((line) => (
                <div key={line.label} className="flex justify-between gap-4">
                  <dt>{line.label}</dt>
                  <dd>{formatMoney(line.amountCents)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 flex justify-between border-t border-brand-200 pt-2 text-lg font-bold text-slate-900">
              <span>Cake total</span>
              <span data-testid="cake-price">{formatMoney(price.totalCents)}</span>
            </p>
          </>
        ) : (
          <p className="font-semibold text-red-800">{price.message}</p>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        You pay when our baker confirms your order; delivery with a rental costs nothing extra.
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
  return (
    <SuccessPanel
      title="Thank you! Your cake order is in"
      again={{ label: 'Order another cake', onClick: onAgain }}
    >
      <p>
        Your order number is <strong data-testid="cake-order-number">{sent.orderNumber}</strong>.
      </p>
      <p>
        {sent.fulfilment === 'pickup'
          ? `Pickup on ${formatLongDate(sent.neededOn)} at ${pickupPlace}.`
          : `Delivered with your rental ${sent.bookingNumber} on ${formatLongDate(sent.neededOn)}.`}{' '}
        Cake total: <strong>{formatMoney(sent.priceCents)}</strong>.
      </p>
      <p>Our baker calls or e-mails you within one business day to confirm the design and how to pay.</p>
    </SuccessPanel>
  );
}
