import { useEffect, useMemo, useRef, useState } from 'react';
import type { BookingRequest, BookingRequestInput } from '../../lib/booking';
import { emptyCart, itemName, setSiteAnswer, toPriceRequest, type Cart, type CartSiteAnswers } from '../cart/cart-store';
import { ANSWER_PLEASE, SITE_FIELDS, SITE_QUESTIONS, type SiteQuestion } from '../../lib/site-check';
import { updateCart } from '../cart/use-cart';
import { useQuote } from '../cart/use-quote';
import { requestJson } from '../shared/api';
import { sendWithHumanCheck } from '../shared/human-check/send';
import { useHumanCheck } from '../shared/human-check/use-human-check';
import { useCheckoutWords } from '../shared/island-words';
import { interpolate } from '../../lib/i18n';
import { saveBookingSummary, type BookingSummary } from '../shared/booking-summary';
import { bookingSuccessPath, paymentLeftPath, publicApi } from '../../lib/paths';
import { clearCheckoutDraft, isFormField, useBookingForm, type FormField } from './use-booking-form';
import { siteQuestionId } from '../shared/site-question-ids';
import { bookEmbedVia, loadEmbedVia } from '../cart/embed-via';

export { loadSchema } from './use-booking-form';
export type { FormField } from './use-booking-form';

/** The new booking as the API answers it: what the success page's summary keeps, and where to pay. */
type BookingCreated = Pick<BookingSummary, 'bookingNumber' | 'status' | 'totals' | 'confirmBy'> & { payment: { url: string | null }; sitePhotosKey: string };

/** What proving an e-mail with credit answers (CreditStep): the credit to spend and the grant the booking carries. */
export interface CreditGranted {
  availableCents: number;
  grant: string;
}

/** The credit a booking spends: up to what is due today, the deposit (the server decides the same). */
export const creditApplied = (credit: CreditGranted | null, depositCents: number) => (credit ? Math.min(credit.availableCents, depositCents) : 0);

export type Banner = { tone: 'error' | 'conflict'; title: string; message: string; toCart: boolean };

/**
 * The checkout's state: the booking form (on the shared booking schema), kept in step
 * with the cart; the server's price for the cart; the banner for what no field shows; and sending the
 * booking, then on to Stripe or the success page.
 */
export function useCheckout(
  cart: Cart,
  { businessName, defaultState, formId }: { businessName: string; defaultState: string; formId: string },
) {
  const { checkout: t, f, err, locale, link } = useCheckoutWords();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const humanCheck = useHumanCheck();
  const [announcement, setAnnouncement] = useState('');
  const [credit, setCredit] = useState<CreditGranted | null>(null);

  const form = useBookingForm(
    {
      items: cart.items.map((i) => ({ product: i.product, quantity: i.quantity })),
      ...(cart.event ? { event: cart.event } : {}),
      coupon: cart.coupon || undefined,
      damageWaiver: cart.damageWaiver,
      ...(Object.keys(cart.site).length ? { site: cart.site as BookingRequestInput['site'] } : {}),
    },
    { 'address.state': defaultState, 'address.zip': cart.zip },
  );
  const { problems, setProblem, focus } = form;
  // The setup spot's questions live in the cart (their answers price the order); their errors live here.
  const [siteErrors, setSiteErrors] = useState<Partial<Record<SiteQuestion, string>>>({});
  const answerSite = (key: keyof CartSiteAnswers, answer: string | number | undefined) => {
    const question = SITE_QUESTIONS.find((q) => SITE_FIELDS[q] === `site.${key}`)!;
    setSiteErrors(({ [question]: _, ...rest }) => rest);
    updateCart((c) => setSiteAnswer(c, key, answer));
  };
  const focusSite = (question: SiteQuestion) => document.getElementById(siteQuestionId(formId, question))?.focus();

  const request = useMemo(() => toPriceRequest(cart), [cart]);
  const quoteState = useQuote(request);
  const zipProblem = quoteState.status === 'error' ? (quoteState.error.fields?.['zip'] ?? null) : null;

  // "Is this ZIP served?" is the server's answer: shown on the ZIP field as soon as it is known.
  useEffect(() => {
    if (zipProblem) setProblem('address.zip', { type: 'server', message: zipProblem });
    else setProblem('address.zip', (current) => (current?.type === 'server' ? undefined : current));
  }, [zipProblem, setProblem]);

  useEffect(() => {
    if (quoteState.status === 'ready')
      setAnnouncement(interpolate(t.totalUpdated, { total: f.money(quoteState.quote.totalCents) }));
  }, [quoteState]);

  // A new banner takes the focus, so keyboard and screen reader users meet it at once.
  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  // A checkout left half-way (issue #26): once the customer has typed a valid e-mail beside a cart that
  // prices, the cart is saved on the server for one reminder an hour later if no booking follows. Once per
  // address and cart; quiet: nothing is shown or logged while a person types.
  const captured = useRef(new Set<string>());
  const captureCart = () => {
    const email = String(form.valueOf('customer.email') ?? '').trim().toLowerCase();
    if (!request || quoteState.status !== 'ready' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return;
    const key = JSON.stringify([email, request]);
    if (captured.current.has(key)) return;
    captured.current.add(key);
    void requestJson(publicApi.checkoutCart, { method: 'POST', json: { email, cart: request } }).catch(() => undefined);
  };

  const onValid = async (data: BookingRequest) => {
    setBanner(null);
    if (zipProblem) {
      setProblem('address.zip', { type: 'server', message: zipProblem });
      focus('address.zip');
      return;
    }
    // The setup spot first: every question answered, and nothing refused, each at its own field.
    const site = quoteState.status === 'ready' ? quoteState.quote.site : null;
    if (site && site.unanswered.length > 0) {
      setSiteErrors(Object.fromEntries(site.unanswered.map((q) => [q, err(ANSWER_PLEASE)])));
      focusSite(site.unanswered[0]!);
      return;
    }
    const refused = site && SITE_QUESTIONS.find((q) => site.refusals.some((r) => r.field === SITE_FIELDS[q]));
    if (refused) {
      focusSite(refused);
      return;
    }
    if (quoteState.status === 'ready' && !quoteState.quote.bookable) {
      setBanner({
        tone: 'conflict',
        title: t.needsChange,
        message: quoteState.quote.problem ?? t.cannotBook,
        toCart: true,
      });
      return;
    }
    setSubmitting(true);
    const embedVia = loadEmbedVia();
    const result = await sendWithHumanCheck(humanCheck, (proof) =>
      requestJson<BookingCreated>(publicApi.bookings, { method: 'POST', json: { ...data, ...(credit ? { creditGrant: credit.grant } : {}), ...(embedVia ? { embedCart: embedVia.id } : {}), humanCheck: proof, ...(locale === 'en' ? {} : { language: locale }) } }),
    );
    if (result.ok) {
      const created = result.data;
      const a = data.address;
      // Photos of the spot, picked among the (lazily loaded) questions, go up with the new booking's key.
      // The booking stands whatever happens to them: the success page says when they did not arrive.
      // Whether the questions were shown is the quote on screen, also while a newer one loads: a click
      // during a re-quote (`site` above is then null) once left the picked photos behind.
      const photosSent = quoteState.quote?.site?.questions.length ? await import('./site-photo-outbox').then((o) => o.sendPickedSitePhotos(created.bookingNumber, created.sitePhotosKey)).catch(() => false) : true;
      saveBookingSummary({
        bookingNumber: created.bookingNumber,
        status: created.status,
        totals: created.totals,
        confirmBy: created.confirmBy ?? null,
        items: cart.items.map((i) => ({ name: itemName(i, quoteState.quote?.lines, locale), quantity: i.quantity })),
        event: data.event,
        email: data.customer.email,
        location: `${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.zip}`,
        businessName,
        savedAt: new Date().toISOString(),
        ...(photosSent ? {} : { sitePhotosNotSent: true }),
      });
      // The widget's cart is this booking's now, paid or not: a later booking in this tab is a direct one.
      if (embedVia) bookEmbedVia(embedVia, created.bookingNumber);
      updateCart(() => emptyCart);
      clearCheckoutDraft();
      if (created.payment.url) {
        // Back from the payment page would find an empty checkout (the booking is placed and the cart
        // emptied): it comes to the booking instead, as the payment page's own back link does. A page
        // brought back from the browser's cache is loaded again, at that address.
        history.replaceState(null, '', link(paymentLeftPath(created.bookingNumber)));
        addEventListener('pageshow', (e) => e.persisted && location.reload());
      }
      window.location.assign(created.payment.url ?? link(bookingSuccessPath(created.bookingNumber)));
      return;
    }
    setSubmitting(false);
    const { status, error } = result;
    // A 409 with fields is the owner's limit on open unpaid bookings (at the e-mail, the phone, or the whole request).
    if (status === 409 && !error.fields) {
      setBanner({ tone: 'conflict', title: t.justBooked, message: error.message, toCart: true });
      return;
    }
    // A grant refused (timed out, or not ours): the credit step starts again.
    if (error.fields?.['creditGrant']) setCredit(null);
    const siteFields = SITE_QUESTIONS.filter((q) => error.fields?.[SITE_FIELDS[q]]);
    if (siteFields.length > 0) {
      setSiteErrors(Object.fromEntries(siteFields.map((q) => [q, error.fields![SITE_FIELDS[q]]!])));
      focusSite(siteFields[0]!);
    }
    const fields = Object.entries(error.fields ?? {}).filter(([key]) => !key.startsWith('site.'));
    const onForm = fields.filter(([key]) => isFormField(key)) as [FormField, string][];
    onForm.forEach(([key, message]) => setProblem(key, { type: 'server', message }));
    if (onForm.length > 0) focus(onForm[0]![0]);
    const elsewhere = fields.filter(([key]) => !isFormField(key));
    if ((onForm.length === 0 && siteFields.length === 0) || elsewhere.length > 0) {
      const message = elsewhere[0]?.[1] ?? error.message;
      setBanner({
        tone: 'error',
        title:
          status === 429
            ? t.pleaseWait
            : status === 400
              ? t.checkOrder
              : status === 409
                ? t.waitingPayment
                : t.couldNotPlace,
        message,
        toCart: elsewhere.length > 0 && status !== 409,
      });
    } else if (onForm.length > 0) {
      focus(onForm[0]![0]);
    }
  };

  const onInvalid = (orderProblem: boolean) => {
    // Order problems (items, event) have no field to focus: say so in the banner instead.
    if (orderProblem) {
      setBanner({
        tone: 'error',
        title: t.checkOrder,
        message: t.cartChanged,
        toCart: true,
      });
    }
  };

  // The server's "we don't deliver to that ZIP" stays at the ZIP field: the field's own format check,
  // run again when the field loses focus, replaces its errors and used to leave the word only in the summary.
  const fieldError = (path: FormField): string | undefined =>
    (problems[path]?.message ? err(problems[path].message) : undefined) ?? (path === 'address.zip' ? (zipProblem ?? undefined) : undefined);

  return {
    humanCheck,
    form,
    fieldError,
    submit: form.handleSubmit(onValid, onInvalid),
    submitting,
    banner,
    bannerRef,
    quoteState,
    announcement,
    credit,
    setCredit,
    captureCart,
    siteErrors,
    answerSite,
  };
}

export type CheckoutState = ReturnType<typeof useCheckout>;
