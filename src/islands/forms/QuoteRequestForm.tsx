import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { EVENT_TYPES, MAX_QUOTE_ITEMS, MAX_QUOTE_QUANTITY, outsideServiceAreaNotice, quoteRequest, type QuoteCreated, type QuoteRequest, type QuoteRequestInput } from '../../lib/quote-requests/quote-request-form';
import { islandToast } from '../../lib/toast/sonner-toast';
import {
  Field,
  FieldError,
  fieldId,
  fieldsetClass,
  FormAlert,
  Honeypot,
  inputClass,
  legendClass,
  newSubmissionId,
  optionalNumber,
  primaryButtonClass,
  requiredNumber,
  secondaryButtonClass,
  SelectField,
  SuccessPanel,
  TextArea,
  TextField,
  todayIso,
} from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import { ContactFieldset } from './ContactFieldset';
import { useFormSubmission } from './use-form-submission';
import { useLivePrices } from '../shared/use-live-prices';
import { startingPriceLabel } from '../../lib/pricing/price-labels';

export interface QuoteProduct {
  slug: string;
  name: string;
  categoryName: string;
  /** "from $150 for up to 4 hours": the same starting price and wording as the catalog's. */
  fromPriceLabel: string;
}

export interface QuoteRequestFormProps {
  /** The active catalog, read at build time. */
  products: QuoteProduct[];
  /** For the outside-the-delivery-area notice. */
  businessPhone: string;
  /** For the live starting prices that replace the built ones (settings' currency). */
  currency?: string;
}

const FIELDS = ['eventType', 'eventDate', 'guestCount', 'zip', 'details', 'budget', 'name', 'email', 'phone'];
const isField = (path: string) => FIELDS.includes(path) || /^items\.\d+\.(quantity|product)$/.test(path);

const blank = (): QuoteRequestInput => ({
  submissionId: '',
  website: '',
  eventType: '' as QuoteRequestInput['eventType'],
  eventDate: '',
  guestCount: undefined as unknown as number,
  zip: '',
  items: [],
  details: '',
  name: '',
  email: '',
  phone: '',
});

/**
 * /request-a-quote: the event, rentals picked from the catalog with quantities and/or a free
 * description, a budget and contact details. `?product=slug` starts the list with that rental.
 */
export default function QuoteRequestForm({ products, businessPhone, currency = 'usd' }: QuoteRequestFormProps) {
  const formId = useId();
  const [sent, setSent] = useState<(QuoteCreated & { email: string; zip: string }) | null>(null);
  const [picked, setPicked] = useState('');
  const [pickedQuantity, setPickedQuantity] = useState(1);
  const [pickError, setPickError] = useState<string | null>(null);
  const [minDate, setMinDate] = useState<string | undefined>(undefined);
  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({ resolver: zodResolver(quoteRequest), defaultValues: blank() });
  const { register, handleSubmit, reset, setValue, setError, formState, control } = form;
  const items = useFieldArray({ control, name: 'items' });
  const { send, sending, problem, invalid } = useFormSubmission({
    setError,
    isField,
    title: 'We couldn’t send your request',
  });

  const bySlug = useMemo(() => new Map(products.map((p) => [p.slug, p])), [products]);
  const live = useLivePrices(useMemo(() => products.map((p) => p.slug), [products]), null);
  const priceLabel = (p: QuoteProduct) => {
    const from = live.latest?.get(p.slug)?.from;
    return from ? startingPriceLabel(from, currency) : p.fromPriceLabel;
  };
  const categories = useMemo(() => {
    const groups = new Map<string, QuoteProduct[]>();
    for (const p of products) groups.set(p.categoryName, [...(groups.get(p.categoryName) ?? []), p]);
    return [...groups];
  }, [products]);

  useEffect(() => {
    setValue('submissionId', newSubmissionId());
    setMinDate(todayIso());
    const slug = new URLSearchParams(window.location.search).get('product');
    if (slug && bySlug.has(slug)) {
      items.replace([{ product: slug, quantity: 1 }]);
      setPicked('');
    }
    // Once, when the page opens.
  }, []);

  const addPicked = () => {
    if (!picked) return setPickError('Choose a rental to add');
    const current = form.getValues('items') ?? [];
    const existing = current.findIndex((i) => i.product === picked);
    const quantity = Math.min(MAX_QUOTE_QUANTITY, Math.max(1, Math.round(pickedQuantity) || 1));
    if (existing >= 0) {
      setValue(`items.${existing}.quantity`, Math.min(MAX_QUOTE_QUANTITY, (current[existing]!.quantity || 0) + quantity), { shouldValidate: true });
    } else {
      if (current.length >= MAX_QUOTE_ITEMS) return setPickError(`A quote can list at most ${MAX_QUOTE_ITEMS} rentals; describe the rest below`);
      items.append({ product: picked, quantity });
    }
    setPickError(null);
    setPicked('');
    setPickedQuantity(1);
  };

  const onValid = async (data: QuoteRequest) => {
    const created = await send<QuoteCreated>('/api/quotes', { json: data });
    if (!created) return;
    islandToast.success('Quote request sent', `Your quote number is ${created.quoteNumber}.`);
    setSent({ ...created, email: data.email, zip: data.zip });
  };

  const again = () => {
    reset({ ...blank(), submissionId: newSubmissionId() });
    setSent(null);
  };

  const errors = formState.errors;
  const pickId = `${formId}-pick`;
  const pickQuantityId = `${formId}-pick-quantity`;

  if (sent) {
    return (
      <div data-testid="quote-request-form">
        <IslandToaster />
        <SuccessPanel
          title="Thank you! Your quote request is in"
          actions={
            <>
              <a className={primaryButtonClass} href={sent.personalUrl}>
                Open your quote page
              </a>
              <button type="button" className={secondaryButtonClass} onClick={again}>
                Request another quote
              </button>
            </>
          }
        >
          <p>
            Your quote number is <strong data-testid="quote-number">{sent.quoteNumber}</strong>.
          </p>
          <p>We sent a confirmation to {sent.email}. We check availability for your date and reply with a price, usually within one business day.</p>
          {sent.outsideServiceArea && (
            <p className="font-semibold text-amber-900" data-testid="quote-outside-area">
              {outsideServiceAreaNotice(sent.zip, businessPhone)}
            </p>
          )}
        </SuccessPanel>
      </div>
    );
  }

  return (
    <div data-testid="quote-request-form">
      <IslandToaster />
      <form onSubmit={handleSubmit(onValid, invalid)} noValidate aria-labelledby={`${formId}-title`} className="space-y-8">
        <h2 id={`${formId}-title`} className="sr-only">
          Quote request
        </h2>
        {problem && <FormAlert title={problem.title} message={problem.message} />}
        <Honeypot {...register('website')} />

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Your event</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField formId={formId} {...register('eventType')} label="Kind of event" error={errors.eventType?.message}>
              <option value="">Choose…</option>
              {EVENT_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </SelectField>
            <TextField formId={formId} {...register('eventDate')} label="Date" type="date" {...(minDate ? { min: minDate } : {})} error={errors.eventDate?.message} />
            <TextField
              formId={formId}
              {...register('guestCount', { setValueAs: requiredNumber })}
              label="About how many guests?"
              type="number"
              inputMode="numeric"
              min={1}
              error={errors.guestCount?.message}
            />
            <TextField
              formId={formId}
              {...register('zip')}
              label="ZIP code of the event"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              error={errors.zip?.message}
            />
          </div>
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>What would you like?</legend>
          <p className="text-slate-700">Pick rentals from our catalog, describe what you have in mind, or both.</p>
          <div className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
            <div>
              <label htmlFor={pickId} className="font-semibold text-slate-900">
                Rental
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
                <option value="">Choose a rental…</option>
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
                Quantity
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
              Add to my list
            </button>
          </div>
          <FieldError id={pickId} message={pickError ?? undefined} />

          {items.fields.length > 0 ? (
            <ul className="divide-y divide-brand-100 rounded-xl border border-brand-100" aria-label="Rentals on your list">
              {items.fields.map((item, index) => {
                const product = bySlug.get(item.product);
                const quantityId = fieldId(formId, `items.${index}.quantity`);
                const rowErrors = errors.items?.[index];
                const message = rowErrors?.quantity?.message ?? rowErrors?.product?.message;
                return (
                  <li key={item.id} className="grid items-center gap-3 p-3 sm:grid-cols-[1fr_7rem_auto]">
                    <span className="font-semibold text-slate-900">{product?.name ?? item.product}</span>
                    <div>
                      <label htmlFor={quantityId} className="sr-only">
                        Quantity of {product?.name ?? item.product}
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
                      Remove<span className="sr-only"> {product?.name ?? item.product}</span>
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
            <p className="text-sm text-slate-700">No rentals on your list yet.</p>
          )}

          <TextArea
            formId={formId}
            {...register('details')}
            label="Anything else?"
            optional
            hint="Times, setup surface, how many children, a theme, or rentals you don’t see in the list."
            rows={4}
            maxLength={2000}
            error={errors.details?.message}
          />
          <Field id={fieldId(formId, 'budget')} label="Budget in dollars" optional hint="Helps us suggest the right package." error={errors.budget?.message}>
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

        <ContactFieldset formId={formId} form={form} legend="How can we reach you?" phone="optional" />

        <button type="submit" className={primaryButtonClass} disabled={sending}>
          {sending ? 'Sending…' : 'Request my quote'}
        </button>
      </form>
    </div>
  );
}
