import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { MAX_QUOTE_ITEMS, MAX_QUOTE_QUANTITY, quoteRequest, requestSite, type QuoteCreated, type QuoteRequest, type QuoteRequestInput, type RequestSiteRules } from '../../lib/quote-requests';
import { SITE_FIELDS, SITE_QUESTIONS, siteWordsInSpanish, type SiteQuestion, type SiteUnit } from '../../lib/site-check';
import type { SiteAnswerValues } from '../shared/SiteQuestions';
import { withSiteAnswer } from '../shared/site-answers';
import { siteQuestionId } from '../shared/site-question-ids';
import { startingPriceLabel, type PriceWords } from '../../lib/pricing';
import { islandToast } from '../../lib/toast';
import { newSubmissionId } from '../shared/form-kit';
import { businessClock } from '../../lib/time';
import { formFields } from '../shared/form-fields';
import { useLivePrices } from '../shared/use-live-prices';
import { useFormSubmission } from './use-form-submission';
import { publicApi } from '../../lib/paths';
import { useFormWords } from './form-words';

export interface QuoteProduct {
  slug: string;
  name: string;
  categoryName: string;
  /** "from $150 for up to 4 hours": the same starting price and wording as the catalog's. */
  fromPriceLabel: string;
  /** What one of it asks of the setup spot (requestSiteUnits); left out when nothing. */
  site?: SiteUnit[];
}

const FIELDS = ['eventType', 'eventDate', 'guestCount', 'zip', 'details', 'budget', 'name', 'email', 'phone'];
const isField = (path: string) => FIELDS.includes(path) || /^items\.\d+\.(quantity|product)$/.test(path) || /^site\./.test(path);
/** The answer a question sets: 'site.accessInches' → 'accessInches'. */
const answerKey = (q: SiteQuestion) => SITE_FIELDS[q].slice('site.'.length) as keyof SiteAnswerValues;

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
export function useQuoteRequest(products: QuoteProduct[], currency: string, timeZone: string, siteRules: RequestSiteRules, priceWords?: PriceWords) {
  const formId = useId();
  const { t, say, local, locale } = useFormWords<'quoteForm'>();
  const [sent, setSent] = useState<(QuoteCreated & { email: string; zip: string }) | null>(null);
  const [picked, setPicked] = useState('');
  const [pickedQuantity, setPickedQuantity] = useState(1);
  const [pickError, setPickError] = useState<string | null>(null);
  const [minDate, setMinDate] = useState<string | undefined>(undefined);
  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({ resolver: zodResolver(quoteRequest), defaultValues: blank() });
  const { handleSubmit, reset, setValue, setError, control } = form;
  const items = useFieldArray({ control, name: 'items' });
  const bound = formFields(form, formId);
  // The setup spot's answers live beside the form (the shared questions set them); their errors too.
  const [siteValues, setSiteValues] = useState<SiteAnswerValues>({});
  const [siteErrors, setSiteErrors] = useState<Partial<Record<SiteQuestion, string>>>({});
  const focusSite = (q: SiteQuestion) => document.getElementById(siteQuestionId(formId, q))?.focus();
  const { send, invalid, ...submission } = useFormSubmission({
    setError,
    isField,
    // The server's refusal of an answer shows at its question, as at checkout.
    ownFieldError: (name, message) => {
      const question = SITE_QUESTIONS.find((q) => SITE_FIELDS[q] === name);
      if (!question) return false;
      setSiteErrors((e) => ({ ...e, [question]: message }));
      focusSite(question);
      return true;
    },
    title: t.problemTitle,
  });

  const bySlug = useMemo(() => new Map(products.map((p) => [p.slug, p])), [products]);
  const live = useLivePrices(useMemo(() => products.map((p) => p.slug), [products]), null);
  const priceLabel = (p: QuoteProduct) => {
    const from = live.latest?.get(p.slug)?.from;
    return from ? startingPriceLabel(from, currency, priceWords) : p.fromPriceLabel;
  };
  const listed = form.watch('items') ?? [];
  const checked = requestSite(
    listed.flatMap((i) => {
      const units = bySlug.get(i.product)?.site;
      return units?.length ? [{ units, quantity: Number(i.quantity) || 1 }] : [];
    }),
    siteValues,
    siteRules,
  );
  // The engine says its refusals in English; a Spanish page shows them as the Spanish checkout does.
  const site = locale === 'en' ? checked : { ...checked, refusals: checked.refusals.map((r) => ({ ...r, message: siteWordsInSpanish(r.message) })) };
  const answerSite = (key: keyof SiteAnswerValues, answer: string | number | undefined) => {
    const question = SITE_QUESTIONS.find((q) => answerKey(q) === key)!;
    setSiteErrors(({ [question]: _, ...rest }) => rest);
    setSiteValues((values) => withSiteAnswer(values, key, answer));
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
    if (!picked) return setPickError(t.chooseToAdd);
    const current = form.getValues('items') ?? [];
    const existing = current.findIndex((i) => i.product === picked);
    const quantity = Math.min(MAX_QUOTE_QUANTITY, Math.max(1, Math.round(pickedQuantity) || 1));
    if (existing >= 0) {
      setValue(`items.${existing}.quantity`, Math.min(MAX_QUOTE_QUANTITY, (current[existing]!.quantity || 0) + quantity), { shouldValidate: true });
    } else {
      if (current.length >= MAX_QUOTE_ITEMS) return setPickError(say(t.atMost, { n: MAX_QUOTE_ITEMS }));
      items.append({ product: picked, quantity });
    }
    setPickError(null);
    setPicked('');
    setPickedQuantity(1);
  };

  const onValid = async (data: QuoteRequest) => {
    // What the answers refuse is said at its question; the request goes once nothing is refused.
    const refused = SITE_QUESTIONS.find((q) => site.refusals.some((r) => r.field === SITE_FIELDS[q]));
    if (refused) return focusSite(refused);
    // Only the questions the listed rentals ask: an answer to a question no longer asked is not sent.
    const answers = Object.fromEntries(site.questions.map(answerKey).flatMap((k) => (siteValues[k] === undefined ? [] : [[k, siteValues[k]]])));
    const created = await send<QuoteCreated>(publicApi.quotes, { json: Object.keys(answers).length ? { ...data, site: answers } : data });
    if (!created) return;
    islandToast.success(t.sentToast, say(t.numberToast, { number: created.quoteNumber }));
    setSent({ ...created, email: data.email, zip: data.zip });
  };

  const again = () => {
    reset({ ...blank(), submissionId: newSubmissionId() });
    setSiteValues({});
    setSiteErrors({});
    setSent(null);
  };

  return {
    formId,
    field: (name: Parameters<typeof bound>[0], options?: Parameters<typeof bound>[1]) => local(bound(name, options)),
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
    site,
    siteValues,
    siteErrors,
    answerSite,
    submit: handleSubmit(onValid, invalid),
    ...submission,
    sent,
    again,
  };
}

export type QuoteRequestState = ReturnType<typeof useQuoteRequest>;
