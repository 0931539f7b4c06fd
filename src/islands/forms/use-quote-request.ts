import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { MAX_QUOTE_ITEMS, MAX_QUOTE_QUANTITY, quoteRequest, type QuoteCreated, type QuoteRequest, type QuoteRequestInput } from '../../lib/quote-requests';
import { startingPriceLabel } from '../../lib/pricing';
import { islandToast } from '../../lib/toast';
import { newSubmissionId } from '../shared/form-kit';
import { businessClock } from '../../lib/time';
import { formFields } from '../shared/form-fields';
import { useLivePrices } from '../shared/use-live-prices';
import { useFormSubmission } from './use-form-submission';
import { publicApi } from '../../lib/paths';

export interface QuoteProduct {
  slug: string;
  name: string;
  categoryName: string;
  /** "from $150 for up to 4 hours": the same starting price and wording as the catalog's. */
  fromPriceLabel: string;
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
 * The quote request's state: the form on the shared quote request schema, the rental being picked
 * (added to the list or to its quantity there), the catalog grouped by category with live starting
 * prices, `?product=` starting the list, and sending it.
 */
export function useQuoteRequest(products: QuoteProduct[], currency: string, timeZone: string) {
  const formId = useId();
  const [sent, setSent] = useState<(QuoteCreated & { email: string; zip: string }) | null>(null);
  const [picked, setPicked] = useState('');
  const [pickedQuantity, setPickedQuantity] = useState(1);
  const [pickError, setPickError] = useState<string | null>(null);
  const [minDate, setMinDate] = useState<string | undefined>(undefined);
  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({ resolver: zodResolver(quoteRequest), defaultValues: blank() });
  const { handleSubmit, reset, setValue, setError, control } = form;
  const items = useFieldArray({ control, name: 'items' });
  const { send, invalid, ...submission } = useFormSubmission({
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
    setMinDate(businessClock(timeZone).today());
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
    const created = await send<QuoteCreated>(publicApi.quotes, { json: data });
    if (!created) return;
    islandToast.success('Quote request sent', `Your quote number is ${created.quoteNumber}.`);
    setSent({ ...created, email: data.email, zip: data.zip });
  };

  const again = () => {
    reset({ ...blank(), submissionId: newSubmissionId() });
    setSent(null);
  };

  return {
    formId,
    field: formFields(form, formId),
    form,
    items,
    bySlug,
    categories,
    priceLabel,
    minDate,
    picked,
    setPicked,
    pickedQuantity,
    setPickedQuantity,
    pickError,
    setPickError,
    addPicked,
    submit: handleSubmit(onValid, invalid),
    ...submission,
    sent,
    again,
  };
}

export type QuoteRequestState = ReturnType<typeof useQuoteRequest>;
