import type { CakeOrderCreated } from '../../lib/cakes/cake-order-form';
import { CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS, type CakeChoice } from '../../lib/cakes/cake-options';
import { PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS } from '../../lib/cakes/cake-pricing';
import {
  Field,
  FieldError,
  fieldId,
  fieldsetClass,
  inputClass,
  legendClass,
  requiredNumber,
  secondaryButtonClass,
  SelectField,
  SuccessPanel,
  TextArea,
  TextField,
} from '../shared/form-kit';
import { formatLongDate } from '../../lib/time/format';
import { formatMoney } from '../../lib/money';
import { ContactFieldset } from './ContactFieldset';
import type { CakeOrderState } from './use-cake-order';

/** The parts of the cake order form: the cake, pickup or delivery, who orders it, the price, and the thank-you. */

function choiceLabel(choice: CakeChoice, perServingCents: number) {
  return choice.premium ? `${choice.label} (+${formatMoney(perServingCents)} per serving)` : choice.label;
}

export function CakeChoices({ state, productName }: { state: CakeOrderState; productName: string }) {
  const { formId, form, base, sizes, tierOptions, message, photoError, choosePhoto } = state;
  const { register } = form;
  const errors = form.formState.errors;
  const photoId = fieldId(formId, 'referencePhoto');
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Your {productName}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          formId={formId}
          {...register('servings', { setValueAs: requiredNumber })}
          label="Size"
          error={errors.servings?.message}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              Serves {s}
            </option>
          ))}
        </SelectField>
        {tierOptions.length > 1 ? (
          <SelectField
            formId={formId}
            {...register('tiers', { setValueAs: requiredNumber })}
            label="Tiers"
            error={errors.tiers?.message}
          >
            {tierOptions.map((t) => (
              <option key={t} value={t}>
                {t} {t === 1 ? 'tier' : 'tiers'}
              </option>
            ))}
          </SelectField>
        ) : (
          <div>
            <p className="font-semibold text-slate-900">Tiers</p>
            <p className="mt-3 text-slate-700">{base.tiers === 1 ? 'Single layer' : `${base.tiers} tiers`}</p>
            <FieldError id={fieldId(formId, 'tiers')} message={errors.tiers?.message} />
          </div>
        )}
        <SelectField formId={formId} {...register('flavour')} label="Cake flavour" error={errors.flavour?.message}>
          {CAKE_FLAVOURS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField formId={formId} {...register('filling')} label="Filling" error={errors.filling?.message}>
          {CAKE_FILLINGS.map((c) => (
            <option key={c.id} value={c.id}>
              {choiceLabel(c, PREMIUM_FILLING_PER_SERVING_CENTS)}
            </option>
          ))}
        </SelectField>
        <SelectField formId={formId} {...register('frosting')} label="Frosting" error={errors.frosting?.message}>
          {CAKE_FROSTINGS.map((c) => (
            <option key={c.id} value={c.id}>
              {choiceLabel(c, PREMIUM_FROSTING_PER_SERVING_CENTS)}
            </option>
          ))}
        </SelectField>
        <TextField
          formId={formId}
          {...register('messageOnCake')}
          label="Message on the cake"
          optional
          maxLength={80}
          hint={`${message.length} of 80 characters`}
          error={errors.messageOnCake?.message}
        />
      </div>
      <TextArea
        formId={formId}
        {...register('allergies')}
        label="Allergies and dietary needs"
        optional
        hint="Our kitchen also handles wheat, milk, eggs, soy and tree nuts."
        rows={2}
        maxLength={500}
        error={errors.allergies?.message}
      />
      <Field
        id={photoId}
        label="Reference photo"
        optional
        hint="A picture of a design you like: JPEG, PNG, WebP or GIF, up to 5 MB."
        error={photoError ?? undefined}
      >
        {(aria) => (
          <input
            {...aria}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:py-1 file:font-semibold file:text-brand-900`}
            onChange={(e) => choosePhoto(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
    </fieldset>
  );
}

export function CakeFulfilment({ state, pickupPlace }: { state: CakeOrderState; pickupPlace: string }) {
  const { formId, form, fulfilment, earliest } = state;
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
          <TextField
            formId={formId}
            {...register('bookingNumber')}
            label="Booking number of your rental"
            hint="It looks like PF-7K3Q9X. The cake comes on your party day."
            autoComplete="off"
            inputClassName="uppercase"
            error={errors.bookingNumber?.message}
          />
          <TextField
            formId={formId}
            {...register('bookingEmail')}
            label="E-mail used for the booking"
            type="email"
            autoComplete="email"
            error={errors.bookingEmail?.message}
          />
        </div>
      ) : (
        <TextField
          formId={formId}
          {...register('neededOn')}
          label="Pickup date"
          type="date"
          {...(earliest ? { min: earliest, hint: `The earliest pickup date is ${formatLongDate(earliest)}.` } : {})}
          className="max-w-xs"
          error={errors.neededOn?.message}
        />
      )}
    </fieldset>
  );
}

export function CakeContact({ state }: { state: CakeOrderState }) {
  return <ContactFieldset formId={state.formId} form={state.form} legend="Your details" phone="required, before the e-mail" />;
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
      actions={
        <button type="button" className={secondaryButtonClass} onClick={onAgain}>
          Order another cake
        </button>
      }
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
