import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { cakeBase, CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS, CAKE_SERVING_SIZES, type CakeChoice } from '../../lib/cakes/cake-options';
import { PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS, priceCake } from '../../lib/cakes/cake-pricing';
import { cakeOrderRequest, referencePhotoProblem, type CakeOrderCreated, type CakeOrderRequest, type CakeOrderRequestInput } from '../../lib/forms/cake-order';
import { islandToast } from '../../lib/toast/sonner-toast';
import { formatLongDate, formatMoney } from '../shared/format';
import {
  Field,
  FieldError,
  fieldId,
  fieldsetClass,
  FormAlert,
  FormToaster,
  Honeypot,
  inputClass,
  legendClass,
  newSubmissionId,
  primaryButtonClass,
  requiredNumber,
  secondaryButtonClass,
  SelectField,
  SuccessPanel,
  TextField,
  todayIso,
} from './form-kit';
import { useFormSubmission } from './use-form-submission';
import { useLivePrices } from '../shared/use-live-prices';

export interface CakeOrderFormProps {
  productSlug: string;
  productName: string;
  basePriceCents: number;
  /** settings.cakeLeadTimeDays; the server checks it again in the business's time zone. */
  leadTimeDays?: number;
  /** Heading level of the form title, to fit the page's outline (default 2). */
  headingLevel?: 2 | 3;
  /** Where pickups happen, e.g. "our Round Rock office" or settings.addressLine1. */
  pickupPlace?: string;
}

const FIELDS = ['servings', 'tiers', 'flavour', 'filling', 'frosting', 'messageOnCake', 'allergies', 'fulfilment', 'neededOn', 'bookingNumber', 'bookingEmail', 'name', 'email', 'phone', 'referencePhoto'];

const addDays = (iso: string, days: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
};

/** Longest side of the reference photo as sent: plenty for a baker, and far below the request limit. */
const PHOTO_MAX_SIDE = 1600;

/**
 * The chosen photo as a JPEG data URL, scaled down in the browser. A phone photo of several MB
 * becomes a few hundred KB, so it travels inside the JSON request.
 */
async function photoForUpload(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d')!;
  // Transparent areas would turn black in a JPEG.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

function choiceLabel(choice: CakeChoice, perServingCents: number) {
  return choice.premium ? `${choice.label} (+${formatMoney(perServingCents)} per serving)` : choice.label;
}

/** The order form on a cake's product page: size, flavours, message, pickup or delivery with a rental. */
export default function CakeOrderForm({ productSlug, productName, basePriceCents, leadTimeDays = 3, headingLevel = 2, pickupPlace = 'our Round Rock office' }: CakeOrderFormProps) {
  const formId = useId();
  const base = cakeBase(productSlug);
  const sizes = CAKE_SERVING_SIZES.filter((s) => s >= base.servings);
  const tierOptions = Array.from({ length: base.maxTiers - base.tiers + 1 }, (_, i) => base.tiers + i);
  const blank = (): CakeOrderRequestInput => ({
    submissionId: '',
    website: '',
    product: productSlug,
    servings: base.servings,
    tiers: base.tiers,
    flavour: 'vanilla',
    filling: 'buttercream',
    frosting: 'vanilla-buttercream',
    messageOnCake: '',
    allergies: '',
    fulfilment: 'pickup',
    neededOn: '',
    bookingNumber: '',
    bookingEmail: '',
    name: '',
    email: '',
    phone: '',
  });

  const [sent, setSent] = useState<CakeOrderCreated | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [earliest, setEarliest] = useState<string | undefined>(undefined);
  const form = useForm<CakeOrderRequestInput, unknown, CakeOrderRequest>({ resolver: zodResolver(cakeOrderRequest), defaultValues: blank() });
  const { register, handleSubmit, reset, setValue, setError, formState, control } = form;
  const [servings, tiers, filling, frosting, fulfilment, message] = useWatch({ control, name: ['servings', 'tiers', 'filling', 'frosting', 'fulfilment', 'messageOnCake'] });
  const { send, sending, problem, invalid } = useFormSubmission({
    setError,
    // The photo input is outside react-hook-form.
    ownFieldError: (name, text) => {
      if (name !== 'referencePhoto') return false;
      setPhotoError(text);
      return true;
    },
    isField: (path) => FIELDS.includes(path),
    title: 'We couldn’t send your cake order',
  });

  useEffect(() => {
    setValue('submissionId', newSubmissionId());
    setEarliest(addDays(todayIso(), leadTimeDays));
  }, [setValue, leadTimeDays]);

  // The server prices the order from the database: a base price staff changed since the page was built
  // comes from GET /api/prices, so the estimate here matches the order.
  const liveBasePriceCents = useLivePrices([productSlug], null).latest?.get(productSlug)?.basePriceCents ?? basePriceCents;
  const price = priceCake({ productSlug, basePriceCents: liveBasePriceCents, servings: Number(servings), tiers: Number(tiers), filling: String(filling), frosting: String(frosting) });

  const onValid = async (data: CakeOrderRequest) => {
    if (photoError) return;
    let referencePhoto: string | undefined;
    if (photo) {
      try {
        referencePhoto = await photoForUpload(photo);
      } catch {
        setPhotoError('We couldn’t read that photo. Please choose a JPEG or PNG picture.');
        return;
      }
    }
    const created = await send<CakeOrderCreated>('/api/cake-orders', { json: referencePhoto ? { ...data, referencePhoto } : data });
    if (!created) return;
    islandToast.success('Cake order sent', `Your order number is ${created.orderNumber}.`);
    setSent(created);
  };

  const again = () => {
    reset({ ...blank(), submissionId: newSubmissionId() });
    setPhoto(null);
    setPhotoError(null);
    setSent(null);
  };

  const errors = formState.errors;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const PriceHeading = headingLevel === 3 ? 'h4' : 'h3';
  const photoId = fieldId(formId, 'referencePhoto');
  const fulfilmentId = fieldId(formId, 'fulfilment');

  if (sent) {
    return (
      <div data-testid="cake-order-form">
        <FormToaster />
        <SuccessPanel
          title="Thank you! Your cake order is in"
          actions={
            <button type="button" className={secondaryButtonClass} onClick={again}>
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
      </div>
    );
  }

  return (
    <div data-testid="cake-order-form">
      <FormToaster />
      <form onSubmit={handleSubmit(onValid, invalid)} noValidate aria-labelledby={`${formId}-title`} className="space-y-6">
        <Heading id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
          Order this cake
        </Heading>
        <p className="text-slate-700">
          Baked to order for you. Please order at least {leadTimeDays} {leadTimeDays === 1 ? 'day' : 'days'} ahead.
        </p>
        {problem && <FormAlert title={problem.title} message={problem.message} />}
        <Honeypot {...register('website')} />

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Your {productName}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField formId={formId} registration={register('servings', { setValueAs: requiredNumber })} label="Size" error={errors.servings?.message}>
              {sizes.map((s) => (
                <option key={s} value={s}>
                  Serves {s}
                </option>
              ))}
            </SelectField>
            {tierOptions.length > 1 ? (
              <SelectField formId={formId} registration={register('tiers', { setValueAs: requiredNumber })} label="Tiers" error={errors.tiers?.message}>
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
            <SelectField formId={formId} registration={register('flavour')} label="Cake flavour" error={errors.flavour?.message}>
              {CAKE_FLAVOURS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </SelectField>
            <SelectField formId={formId} registration={register('filling')} label="Filling" error={errors.filling?.message}>
              {CAKE_FILLINGS.map((c) => (
                <option key={c.id} value={c.id}>
                  {choiceLabel(c, PREMIUM_FILLING_PER_SERVING_CENTS)}
                </option>
              ))}
            </SelectField>
            <SelectField formId={formId} registration={register('frosting')} label="Frosting" error={errors.frosting?.message}>
              {CAKE_FROSTINGS.map((c) => (
                <option key={c.id} value={c.id}>
                  {choiceLabel(c, PREMIUM_FROSTING_PER_SERVING_CENTS)}
                </option>
              ))}
            </SelectField>
            <TextField
              formId={formId}
              registration={register('messageOnCake')}
              label="Message on the cake"
              optional
              maxLength={80}
              hint={`${String(message ?? '').length} of 80 characters`}
              error={errors.messageOnCake?.message}
            />
          </div>
          <TextField
            formId={formId}
            registration={register('allergies')}
            label="Allergies and dietary needs"
            optional
            hint="Our kitchen also handles wheat, milk, eggs, soy and tree nuts."
            multiline={2}
            maxLength={500}
            error={errors.allergies?.message}
          />
          <Field id={photoId} label="Reference photo" optional hint="A picture of a design you like: JPEG, PNG, WebP or GIF, up to 5 MB." error={photoError ?? undefined}>
            {(aria) => (
              <input
                {...aria}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:py-1 file:font-semibold file:text-brand-900`}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  setPhoto(file);
                  setPhotoError(file ? referencePhotoProblem(file) : null);
                }}
              />
            )}
          </Field>
        </fieldset>

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
                registration={register('bookingNumber')}
                label="Booking number of your rental"
                hint="It looks like PF-7K3Q9X. The cake comes on your party day."
                autoComplete="off"
                className="uppercase"
                error={errors.bookingNumber?.message}
              />
              <TextField formId={formId} registration={register('bookingEmail')} label="E-mail used for the booking" type="email" autoComplete="email" error={errors.bookingEmail?.message} />
            </div>
          ) : (
            <TextField
              formId={formId}
              registration={register('neededOn')}
              label="Pickup date"
              type="date"
              {...(earliest ? { min: earliest, hint: `The earliest pickup date is ${formatLongDate(earliest)}.` } : {})}
              className="max-w-xs"
              error={errors.neededOn?.message}
            />
          )}
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Your details</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField formId={formId} registration={register('name')} label="Your name" autoComplete="name" error={errors.name?.message} />
            <TextField formId={formId} registration={register('phone')} label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} />
            <TextField formId={formId} registration={register('email')} label="E-mail" type="email" autoComplete="email" error={errors.email?.message} />
          </div>
        </fieldset>

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
          <p className="mt-2 text-sm text-slate-700">You pay when our baker confirms your order; delivery with a rental costs nothing extra.</p>
        </section>

        <button type="submit" className={primaryButtonClass} disabled={sending}>
          {sending ? 'Sending…' : 'Order this cake'}
        </button>
      </form>
    </div>
  );
}
