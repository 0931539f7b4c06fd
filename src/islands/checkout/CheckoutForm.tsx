import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import type { BookingRequest, BookingRequestInput } from '../../lib/booking/booking-request';
import { surfaces } from '../../lib/catalog/surfaces';
import { emptyCart, setZip, toPriceRequest, type Cart } from '../cart/cart-store';
import PriceBreakdown from '../cart/PriceBreakdown';
import { updateCart, useCart } from '../cart/use-cart';
import { useQuote } from '../cart/use-quote';
import { requestJson } from '../shared/api';
import { saveBookingSummary } from '../shared/booking-summary';
import { formatEventWindow, formatMoney } from '../shared/format';
import CheckoutEmpty from './CheckoutEmpty';
import { inputClass } from '../shared/form-classes';

interface Props {
  businessName: string;
  phone: string;
  email: string;
  defaultState?: string;
}

interface BookingCreated {
  bookingNumber: string;
  status: string;
  totals: {
    totalCents: number;
    depositCents: number;
    amountPaidCents: number;
    amountDueCents: number;
    balanceDueOn: string | null;
  };
  payment: { url: string | null };
}

type Banner = { tone: 'error' | 'conflict'; title: string; message: string; toCart: boolean };

const surfaceLabels: Record<(typeof surfaces)[number], string> = {
  grass: 'Grass',
  concrete: 'Concrete',
  asphalt: 'Asphalt',
  indoor: 'Indoors (gym, hall, warehouse)',
  'artificial-turf': 'Artificial turf',
};

/** Fields the customer types; server errors on any other path (items, event) go to the banner. */
const formFields = [
  'customer.name',
  'customer.email',
  'customer.phone',
  'address.line1',
  'address.line2',
  'address.city',
  'address.state',
  'address.zip',
  'address.surface',
  'address.notes',
  'acceptTerms',
] as const satisfies readonly FieldPath<BookingRequestInput>[];
type FormField = (typeof formFields)[number];
const isFormField = (key: string): key is FormField => (formFields as readonly string[]).includes(key);


type BookingResolver = Resolver<BookingRequestInput, unknown, BookingRequest>;
let schemaResolver: Promise<BookingResolver> | undefined;
/**
 * The shared booking schema (zod and the request rules, about a third of the page's script) is fetched
 * when the customer first touches the form, not with the page: the page paints and answers sooner on a
 * phone, and the schema has arrived long before the first field is left or the form sent.
 */
function loadResolver(): Promise<BookingResolver> {
  schemaResolver ??= Promise.all([import('@hookform/resolvers/zod'), import('../../lib/booking/booking-request')]).then(
    ([{ zodResolver }, { bookingRequest }]) => zodResolver(bookingRequest),
    (error: unknown) => {
      schemaResolver = undefined; // a later attempt may succeed (site-runtime reloads for a missing chunk)
      throw error;
    },
  );
  return schemaResolver;
}
const lazyResolver: BookingResolver = async (values, context, options) => (await loadResolver())(values, context, options);

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function Field({
  id,
  label,
  error,
  hint,
  optional,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-700"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {children(describedBy)}
      {error && (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The checkout page: contact, event address, setup notes and terms, beside the exact price. */
export default function CheckoutForm(props: Props) {
  // The cart store's first answer arrives right after hydration as a synchronous update (a store
  // change always is), and rendering the whole form in one piece was the page's longest task (about
  // 350 ms on a 4x-throttled CPU). Deferred, the form renders as a transition, which React splits into
  // small slices around input and paint; later cart changes (the ZIP field) follow a moment behind.
  const cart = useDeferredValue(useCart());
  if (cart === null) {
    return (
      <p className="py-10 text-lg text-slate-700" role="status">
        Loading your order…
      </p>
    );
  }
  if (cart.items.length === 0 || !cart.event) return <CheckoutEmpty reason={cart.items.length === 0 ? 'empty' : 'no-date'} />;
  return <Checkout cart={cart} {...props} />;
}

function Checkout({ cart, businessName, phone, email, defaultState = 'TX' }: Props & { cart: Cart }) {
  const id = useId();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const form = useForm<BookingRequestInput, unknown, BookingRequest>({
    resolver: lazyResolver,
    mode: 'onTouched',
    shouldFocusError: true,
    defaultValues: {
      items: cart.items.map((i) => ({ product: i.product, quantity: i.quantity })),
      ...(cart.event ? { event: cart.event } : {}),
      ...(cart.coupon ? { coupon: cart.coupon } : {}),
      damageWaiver: cart.damageWaiver,
      customer: { name: '', email: '', phone: '' },
      address: {
        line1: '',
        line2: undefined,
        city: '',
        state: defaultState,
        zip: cart.zip,
        surface: undefined,
        notes: undefined,
      },
      acceptTerms: false as unknown as true,
    },
  });
  const { register, handleSubmit, setError, clearErrors, setValue, setFocus, formState, getFieldState } = form;
  const errors = formState.errors;

  // The order itself comes from the cart (which another tab may change); the schema checks it too.
  useEffect(() => {
    setValue(
      'items',
      cart.items.map((i) => ({ product: i.product, quantity: i.quantity })),
    );
    if (cart.event) setValue('event', cart.event);
    setValue('coupon', cart.coupon || undefined);
    setValue('damageWaiver', cart.damageWaiver);
  }, [cart, setValue]);

  const request = useMemo(() => toPriceRequest(cart), [cart]);
  const quoteState = useQuote(request);
  const quote = quoteState.quote;
  const zipProblem = quoteState.status === 'error' ? (quoteState.error.fields?.['zip'] ?? null) : null;

  // "Is this ZIP served?" is the server's answer: shown on the ZIP field as soon as it is known.
  useEffect(() => {
    if (zipProblem) setError('address.zip', { type: 'server', message: zipProblem });
    else if (getFieldState('address.zip').error?.type === 'server') clearErrors('address.zip');
  }, [zipProblem, setError, clearErrors, getFieldState]);

  useEffect(() => {
    if (quoteState.status === 'ready')
      setAnnouncement(`Order total updated: ${formatMoney(quoteState.quote.totalCents)}.`);
  }, [quoteState]);

  const showBanner = (next: Banner) => setBanner(next);
  // A new banner takes the focus, so keyboard and screen reader users meet it at once.
  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  const onValid = async (data: BookingRequest) => {
    setBanner(null);
    if (zipProblem) {
      setError('address.zip', { type: 'server', message: zipProblem }, { shouldFocus: true });
      return;
    }
    if (quoteState.status === 'ready' && !quoteState.quote.bookable) {
      showBanner({
        tone: 'conflict',
        title: 'Your cart needs a change first',
        message: quoteState.quote.problem ?? 'Something in your cart cannot be booked.',
        toCart: true,
      });
      return;
    }
    setSubmitting(true);
    const result = await requestJson<BookingCreated>('/api/bookings', { method: 'POST', json: data });
    if (result.ok) {
      const created = result.data;
      const a = data.address;
      saveBookingSummary({
        bookingNumber: created.bookingNumber,
        status: created.status,
        totals: created.totals,
        items: cart.items.map((i) => ({ name: i.name, quantity: i.quantity })),
        event: data.event,
        email: data.customer.email,
        location: `${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.zip}`,
        businessName,
        savedAt: new Date().toISOString(),
      });
      updateCart(() => emptyCart);
      window.location.assign(
        created.payment.url ?? `/booking-success?booking=${encodeURIComponent(created.bookingNumber)}`,
      );
      return;
    }
    setSubmitting(false);
    const { status, error } = result;
    if (status === 409) {
      showBanner({ tone: 'conflict', title: 'Just booked by someone else', message: error.message, toCart: true });
      return;
    }
    const fields = Object.entries(error.fields ?? {});
    const onForm = fields.filter(([key]) => isFormField(key)) as [FormField, string][];
    onForm.forEach(([key, message], i) => setError(key, { type: 'server', message }, { shouldFocus: i === 0 }));
    const elsewhere = fields.filter(([key]) => !isFormField(key));
    if (onForm.length === 0 || elsewhere.length > 0) {
      const message = elsewhere[0]?.[1] ?? error.message;
      showBanner({
        tone: 'error',
        title:
          status === 429
            ? 'Please wait a moment'
            : status === 400
              ? 'Please check your order'
              : 'We couldn’t place your booking',
        message,
        toCart: elsewhere.length > 0,
      });
    } else if (onForm.length > 0) {
      setFocus(onForm[0]![0]);
    }
  };

  const onInvalid = () => {
    // Order problems (items, event) have no field to focus: say so in the banner instead.
    if (errors.items || errors.event) {
      showBanner({
        tone: 'error',
        title: 'Please check your order',
        message: 'Your cart changed or has no valid date. Go back to the cart to fix it.',
        toCart: true,
      });
    }
  };

  // The server's "we don't deliver to that ZIP" stays at the ZIP field: the field's own format check,
  // run again when the field loses focus, replaces its errors and used to leave the word only in the summary.
  const err = (path: FormField): string | undefined =>
    getFieldState(path, formState).error?.message ?? (path === 'address.zip' ? (zipProblem ?? undefined) : undefined);

  const text = (
    path: FormField,
    label: string,
    options: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'numeric' | 'tel' | 'email';
      hint?: string;
      optional?: boolean;
      className?: string;
      registration?: UseFormRegisterReturn;
      maxLength?: number;
    } = {},
  ) => {
    const fieldId = `${id}-${path.replace('.', '-')}`;
    const error = err(path);
    const registration =
      options.registration ?? register(path, options.optional ? { setValueAs: emptyToUndefined } : {});
    return (
      <Field
        id={fieldId}
        label={label}
        error={error}
        {...(options.hint ? { hint: options.hint } : {})}
        {...(options.optional ? { optional: true } : {})}
      >
        {(describedBy) => (
          <input
            id={fieldId}
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
            inputMode={options.inputMode}
            maxLength={options.maxLength}
            className={`${inputClass} ${options.className ?? ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={options.optional ? undefined : true}
            {...registration}
          />
        )}
      </Field>
    );
  };

  const zipRegistration = register('address.zip', {
    onChange: (e: { target: { value: string } }) => {
      const zip = e.target.value.replace(/\D/g, '');
      if (/^\d{5}$/.test(zip) && zip !== cart.zip) updateCart((c) => setZip(c, zip));
    },
  });

  const surfaceId = `${id}-address-surface`;
  const notesId = `${id}-address-notes`;
  const termsId = `${id}-acceptTerms`;

  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
      <form
        onSubmit={handleSubmit(onValid, onInvalid)}
        onFocus={() => void loadResolver()}
        onPointerDown={() => void loadResolver()}
        noValidate
        aria-labelledby={`${id}-form-title`}
        className="space-y-8"
      >
        <h2 id={`${id}-form-title`} className="sr-only">
          Booking details
        </h2>
        {banner && (
          <div
            ref={bannerRef}
            tabIndex={-1}
            role="alert"
            className={`rounded-xl border-l-4 p-4 ${banner.tone === 'conflict' ? 'border-amber-600 bg-amber-50 text-amber-950' : 'border-red-700 bg-red-50 text-red-950'}`}
          >
            <p className="font-bold">{banner.title}</p>
            <p className="mt-1">{banner.message}</p>
            {banner.toCart && (
              <p className="mt-2">
                <a href="/cart" className="font-semibold text-brand-800 underline underline-offset-4">
                  Back to your cart to change the date or items
                </a>
              </p>
            )}
          </div>
        )}

        <fieldset className="space-y-4 rounded-2xl border border-brand-100 p-5">
          <legend className="px-1 text-xl font-bold text-slate-900">Your contact details</legend>
          {text('customer.name', 'Full name', { autoComplete: 'name' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('customer.email', 'E-mail', {
              type: 'email',
              autoComplete: 'email',
              hint: 'Your confirmation and receipt go here.',
            })}
            {text('customer.phone', 'Mobile phone', {
              type: 'tel',
              autoComplete: 'tel',
              hint: 'Our crew calls on the way to you.',
            })}
          </div>
        </fieldset>

        <fieldset className="space-y-4 rounded-2xl border border-brand-100 p-5">
          <legend className="px-1 text-xl font-bold text-slate-900">Where is the party?</legend>
          {text('address.line1', 'Street address', { autoComplete: 'address-line1' })}
          {text('address.line2', 'Apartment, suite, park pavilion', { autoComplete: 'address-line2', optional: true })}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
            {text('address.city', 'City', { autoComplete: 'address-level2' })}
            {text('address.state', 'State', { autoComplete: 'address-level1', maxLength: 2, className: 'uppercase' })}
            {text('address.zip', 'ZIP code', {
              autoComplete: 'postal-code',
              inputMode: 'numeric',
              maxLength: 5,
              registration: zipRegistration,
            })}
          </div>
          <p className="text-sm text-slate-700">Changing the ZIP code re-checks delivery and updates your price.</p>
        </fieldset>

        <fieldset className="space-y-4 rounded-2xl border border-brand-100 p-5">
          <legend className="px-1 text-xl font-bold text-slate-900">Setup</legend>
          <Field
            id={surfaceId}
            label="Surface where we set up"
            optional
            error={err('address.surface')}
            hint="Grass is best; on concrete or asphalt we use sandbags instead of stakes."
          >
            {(describedBy) => (
              <select
                id={surfaceId}
                className={inputClass}
                aria-invalid={err('address.surface') ? true : undefined}
                aria-describedby={describedBy}
                {...register('address.surface', { setValueAs: emptyToUndefined })}
              >
                <option value="">Not sure yet</option>
                {surfaces.map((s) => (
                  <option key={s} value={s}>
                    {surfaceLabels[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={notesId}
            label="Power and setup notes"
            optional
            error={err('address.notes')}
            hint="Where the nearest outlet is, gate width, stairs, pets, or where to park. Up to 1000 characters."
          >
            {(describedBy) => (
              <textarea
                id={notesId}
                rows={4}
                className={inputClass}
                aria-invalid={err('address.notes') ? true : undefined}
                aria-describedby={describedBy}
                {...register('address.notes', { setValueAs: emptyToUndefined })}
              />
            )}
          </Field>
        </fieldset>

        <fieldset className="rounded-2xl border border-brand-100 p-5">
          <legend className="px-1 text-xl font-bold text-slate-900">Terms</legend>
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-brand-700"
              aria-invalid={err('acceptTerms') ? true : undefined}
              aria-describedby={err('acceptTerms') ? `${termsId}-error` : undefined}
              {...register('acceptTerms')}
            />
            <label htmlFor={termsId} className="text-slate-800">
              I accept the{' '}
              <a href="/terms" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline">
                rental terms
              </a>{' '}
              and the{' '}
              <a
                href="/cancellation-policy"
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-800 underline"
              >
                cancellation policy
              </a>{' '}
              (each opens in a new tab).
            </label>
          </div>
          {err('acceptTerms') && (
            <p id={`${termsId}-error`} className="mt-2 font-semibold text-red-800">
              {err('acceptTerms')}
            </p>
          )}
        </fieldset>

        <div>
          <button
            type="submit"
            disabled={submitting}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-wait disabled:bg-brand-800 sm:w-auto"
          >
            {submitting ? 'Placing your booking…' : 'Place booking and pay deposit'}
          </button>
          <p className="mt-3 text-sm text-slate-700">
            Next you pay the deposit on Stripe’s secure payment page. If online payment is unavailable, your booking is
            saved and you pay the deposit by phone. Questions? Call {phone} or e-mail {email}.
          </p>
        </div>
      </form>

      <section
        aria-labelledby={`${id}-summary`}
        className="h-fit rounded-2xl border-2 border-brand-200 bg-white p-5 lg:sticky lg:top-4"
      >
        {quote ? (
          <PriceBreakdown
            quote={quote}
            busy={quoteState.status === 'loading'}
            headingId={`${id}-summary`}
            heading="Order summary"
          />
        ) : (
          <>
            <h2 id={`${id}-summary`} className="text-xl font-bold text-slate-900">
              Order summary
            </h2>
            <p className="mt-2 text-slate-700">
              {quoteState.status === 'error'
                ? quoteState.error.message
                : quoteState.status === 'idle'
                  ? 'Enter the ZIP code of your party to see your price.'
                  : 'Working out your exact price…'}
            </p>
          </>
        )}
        {cart.event && <p className="mt-4 font-semibold text-slate-900">{formatEventWindow(cart.event)}</p>}
        {quote && !quote.bookable && quote.problem && (
          <p className="mt-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-900">
            {quote.problem}
          </p>
        )}
        <p className="mt-4">
          <a href="/cart" className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
            Edit cart
          </a>
        </p>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>
    </div>
  );
}
