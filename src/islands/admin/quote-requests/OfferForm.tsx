import { useEffect, useId, useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { asPriceRefusal, type NotServed } from '../../../lib/booking';
import type { PriceQuote } from '../../../lib/booking/index.server';
import { quoteOfferInput, type QuoteOfferInput } from '../../../lib/quote-requests';
import type { OfferProduct, QuoteDetail } from '../../../lib/quote-requests/index.server';
import { formatMediumDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { Checkbox, FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { adminRequest } from '../shared/admin-api';
import { apiResolver, showServerErrors } from '../shared/admin-form';
import { useRecordEditor } from '../shared/record-editor';
import { AmountTable } from '../shared/record-parts';
import { buttonClass, secondaryButtonClass } from '../shared/ui';
import { formFields } from '../../shared/form-fields';
import type { SiteAnswers } from '../../../lib/site-check';
import SiteQuestions, { type SiteAnswerValues } from '../../shared/SiteQuestions';
import { siteAnswerErrors, withSiteAnswer } from '../../shared/site-answers';
import { SiteCheckCard, type SiteOverrideValues } from '../shared/SiteCheckCard';
import { Card } from '../shared/ui';

interface OfferValues {
  items: { product: string; quantity: string }[];
  event: { date: string; start: string; end: string };
  zip: string;
  coupon: string;
  damageWaiver: boolean;
  message: string;
  /** The setup spot's answers the offer is priced with: the customer's, or what staff corrected them to. */
  site: SiteAnswers;
  siteOverride: SiteOverrideValues;
}
const offerResolver = apiResolver(quoteOfferInput, ({ site, siteOverride, ...v }: OfferValues, read) => ({
  ...v,
  coupon: v.coupon.toUpperCase(),
  items: v.items.map((item, i) => ({ product: item.product, quantity: read.number(`items.${i}.quantity`, item.quantity) })),
  ...(Object.keys(site).length ? { site } : {}),
  ...(siteOverride.on && siteOverride.refusals.length ? { siteOverride: { reason: siteOverride.reason, refusals: siteOverride.refusals } } : {}),
}));
const offerFields = (path: string) => ['items', 'event', 'zip', 'coupon', 'message', 'site', 'siteOverride'].includes(path.split('.')[0]!);

/** The offer last sent, or what the customer asked for. */
function offerValues(quote: QuoteDetail): OfferValues {
  const previous = quote.offer?.request;
  return {
    items: (previous ? previous.items : quote.items.flatMap((i) => (i.product ? [{ product: i.product, quantity: i.quantity }] : []))).map((i) => ({ product: i.product, quantity: String(i.quantity) })),
    event: previous?.event ?? { date: quote.eventDate, start: '10:00', end: '16:00' },
    zip: previous?.zip ?? quote.zip,
    coupon: previous?.coupon ?? '',
    damageWaiver: previous?.damageWaiver ?? true,
    message: quote.offer?.message ?? '',
    site: previous?.site ?? quote.site.answers,
    siteOverride: { on: false, reason: '', refusals: [] },
  };
}

/** Pricing an offer with the booking engine, then sending it; the quote the API answers with is shown. */
export function OfferForm({ quote, products, onSent }: { quote: QuoteDetail; products: OfferProduct[]; onSent(quote: QuoteDetail): void }) {
  const form = useForm<OfferValues, unknown, QuoteOfferInput>({ resolver: offerResolver, defaultValues: offerValues(quote) });
  const { handleSubmit, watch, formState } = form;
  const field = formFields(form);
  const { errors } = formState;
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const editor = useRecordEditor({ form, toValues: offerValues, isField: offerFields, onSaved: onSent });
  const [price, setPrice] = useState<PriceQuote | null>(null);
  // The setup spot's questions of the last price: they stay while staff change an answer (which makes the price stale).
  const [asked, setAsked] = useState<PriceQuote['site'] | null>(null);
  const [priceProblem, setPriceProblem] = useState<string | null>(null);

  // Any change to what is priced makes the shown price stale; staff price again before sending.
  const { message: _message, siteOverride: _override, ...priced } = watch();
  const pricedKey = JSON.stringify(priced);
  useEffect(() => setPrice(null), [pricedKey]);

  const priceIt = handleSubmit(async ({ message: _unsent, siteOverride: _notPriced, ...request }) => {
    setPriceProblem(null);
    editor.clearProblem();
    const asked = await adminRequest<PriceQuote | NotServed>(adminApi.quotes.one(quote.id, 'price'), { method: 'POST', json: request });
    // A ZIP no area covers is answered, not refused (staff may be typing it on the phone): said at the ZIP as a refusal is.
    const result = asPriceRefusal(asked);
    if (!result.ok) {
      toast.error(result.error.message);
      return setPriceProblem(showServerErrors(form.setError, result.error, offerFields));
    }
    toast.success('Priced.');
    setPrice(result.data);
    setAsked(result.data.site);
  });
  const send = handleSubmit(async (offer) => {
    setPriceProblem(null);
    await editor.save<QuoteDetail>({ url: adminApi.quotes.one(quote.id, 'offer'), method: 'POST', body: offer, success: `Offer sent to ${quote.email}.`, pick: (q) => q });
  });

  const chosen = watch('items');
  const unused = products.find((p) => !chosen.some((l) => l.product === p.slug));
  const problem = editor.problem ?? priceProblem;
  // A price refused only by the setup spot check can be sent once staff book it anyway (the server holds them to what they named).
  const override = watch('siteOverride');
  const sendable = price !== null && (price.bookable || (override.on && price.site.refusals.length > 0 && price.lines.every((l) => l.available)));

  return (
    <section aria-labelledby={`offer-${quote.id}`} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`offer-${quote.id}`} className="text-base font-bold">
        Reply with an offer
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Rentals</legend>
        {lines.fields.length === 0 && <p className="text-sm text-slate-700">No rentals yet: add one.</p>}
        {lines.fields.map((line, index) => (
          <div key={line.id} className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
            <SelectField {...field(`items.${index}.product`)} label={`Rental ${index + 1}`}>
              {products.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name} ({p.category})
                </option>
              ))}
            </SelectField>
            <TextField {...field(`items.${index}.quantity`)} label="Quantity" inputMode="numeric" />
            <button type="button" className={secondaryButtonClass} aria-label={`Remove rental ${index + 1}`} onClick={() => lines.remove(index)}>
              Remove
            </button>
          </div>
        ))}
        {(errors.items?.message ?? errors.items?.root?.message) && <p className="font-semibold text-red-800">{errors.items?.message ?? errors.items?.root?.message}</p>}
        {unused && (
          <button type="button" className={secondaryButtonClass} onClick={() => lines.append({ product: unused.slug, quantity: '1' })}>
            Add a rental
          </button>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField {...field('event.date')} label="Event date" type="date" />
        <TextField {...field('event.start')} label="Start time" type="time" step={1800} />
        <TextField {...field('event.end')} label="End time" type="time" step={1800} />
        <TextField {...field('zip')} label="Delivery ZIP code" inputMode="numeric" maxLength={5} />
        <TextField {...field('coupon')} label="Coupon" optional inputClassName="uppercase" hint="Discounts go through coupons, so the booking charges what the offer says." />
        <Checkbox {...field('damageWaiver')} label="Damage waiver" className="self-center" />
      </div>
      <TextArea {...field('message')} label="Message to the customer" optional rows={3} maxLength={2000} />
      {quote.site.rows.length > 0 && <p className="text-sm text-slate-700">Priced with the setup spot the customer described above, or as you correct it below; the booking keeps it.</p>}
      {asked && <OfferSiteQuestions form={form} site={asked} />}
      {price && <SiteCheckCard form={form} quote={price} stored={null} />}
      {problem && <FormAlert title="Not sent" message={problem} />}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={formState.isSubmitting || lines.fields.length === 0} onClick={() => void priceIt()}>
          Price it
        </button>
        <button type="button" className={buttonClass} disabled={formState.isSubmitting || !sendable} onClick={() => void send()}>
          Send offer
        </button>
      </div>
      {price && <PriceTable price={price} />}
    </section>
  );
}

/**
 * The setup spot's questions for the rentals priced, with the answers the offer is priced with: staff
 * correct one the customer told them more about (then price again). Shown while the price asks any.
 */
function OfferSiteQuestions({ form, site }: { form: UseFormReturn<OfferValues, unknown, QuoteOfferInput>; site: PriceQuote['site'] }) {
  const formId = useId();
  const answers = form.watch('site') as SiteAnswerValues;
  if (site.questions.length === 0) return null;
  const errors = siteAnswerErrors((field) => form.getFieldState(field as `site.${keyof SiteAnswers}`).error?.message);
  const onAnswer = (key: keyof SiteAnswerValues, answer: string | number | undefined) => {
    form.setValue('site', withSiteAnswer(form.getValues('site'), key, answer), { shouldDirty: true });
    form.clearErrors(`site.${key}`);
  };
  return (
    <Card title="Setup spot">
      <SiteQuestions formId={formId} site={site} answers={answers} errors={errors} onAnswer={onAnswer} />
    </Card>
  );
}

function PriceTable({ price }: { price: PriceQuote }) {
  const rows = [
    ...price.lines.map((l) => ({ label: `${l.name} × ${l.quantity}${l.siteAdded ? ' (added: no outlet in reach)' : ''}${l.available ? '' : ` (${l.reason ?? 'not available'})`}`, amount: formatMoney(l.lineTotalCents) })),
    { label: 'Subtotal', amount: formatMoney(price.subtotalCents) },
    ...(price.discountCents ? [{ label: `Discount${price.coupon.code ? ` (${price.coupon.code})` : ''}`, amount: `−${formatMoney(price.discountCents)}` }] : []),
    { label: 'Damage waiver', amount: formatMoney(price.damageWaiverCents) },
    { label: 'Delivery', amount: formatMoney(price.deliveryFeeCents) },
    // The setup spot's automatic lines (sandbags, stairs, overnight), priced from the request's answers.
    ...price.siteCharges.map((c) => ({ label: `${c.label} (${c.reason})`, amount: formatMoney(c.cents) })),
    { label: 'Sales tax', amount: formatMoney(price.taxCents) },
    { label: 'Total', amount: formatMoney(price.totalCents) },
    { label: 'Deposit', amount: formatMoney(price.depositCents) },
    { label: `Balance (due ${formatMediumDate(price.balanceDueOn)})`, amount: formatMoney(price.balanceCents) },
  ];
  return (
    <div>
      {price.problem && (
        <p role="alert" className="mb-2 rounded-lg bg-red-50 p-2 text-sm font-semibold text-red-900">
          {price.problem}
        </p>
      )}
      <AmountTable label="Offer price" rows={rows} heading />
    </div>
  );
}
