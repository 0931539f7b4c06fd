import { lazy, Suspense, type RefObject } from 'react';
import { setZip, type Cart } from '../cart/cart-store';
import { updateCart } from '../cart/use-cart';
import { fieldId, FieldError, fieldsetClass, legendClass, TextArea, TextField } from '../shared/form-kit';
import type { FormField } from './use-booking-form';
import type { Banner, CheckoutState } from './use-checkout';
import { useCheckoutWords } from '../shared/island-words';
import { LinkLine } from '../shared/LinkLine';

/** The sections of the checkout page: each takes the booking form and the error of each of its fields. */

interface SectionProps {
  formId: string;
  checkout: CheckoutState;
}

// Only a cart whose products ask something of the yard loads the questions (and what they bring with them).
const SiteQuestions = lazy(() => import('../shared/SiteQuestions'));

/** A field's stable id (with its name), its registration on the booking form and its error. */
function fieldsOf(formId: string, { form, fieldError }: CheckoutState, optionalText: string) {
  return (name: FormField, options?: Parameters<CheckoutState['form']['register']>[1]) => ({
    formId,
    optionalText,
    ...form.register(name, options),
    error: fieldError(name),
  });
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function CheckoutBanner({ banner, bannerRef }: { banner: Banner; bannerRef: RefObject<HTMLDivElement | null> }) {
  const { checkout: t, link } = useCheckoutWords();
  return (
    <div
      ref={bannerRef}
      tabIndex={-1}
      role="alert"
      className={`rounded-xl border-l-4 p-4 ${banner.tone === 'conflict' ? 'border-amber-600 bg-amber-50 text-amber-950' : 'border-red-700 bg-red-50 text-red-950'}`}
    >
      <p className="font-bold">{banner.title}</p>
      <p className="mt-1">{banner.message}</p>
      {banner.toCart && (
        <LinkLine href={link('/cart')} className="mt-2">
          {t.backToCartFix}
        </LinkLine>
      )}
    </div>
  );
}

export function ContactSection({ formId, checkout, textConsentWording }: SectionProps & { textConsentWording: string | null }) {
  const { checkout: t } = useCheckoutWords();
  const field = fieldsOf(formId, checkout, t.optional);
  const consentId = fieldId(formId, 'textConsent');
  const email = field('customer.email');
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.contactDetails}</legend>
      <TextField {...field('customer.name')} label={t.fullName} autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...email}
          onBlur={(e) => {
            email.onBlur(e);
            checkout.captureCart();
          }}
          label={t.email}
          type="email"
          autoComplete="email"
          hint={t.emailHint}
        />
        <TextField
          {...field('customer.phone')}
          label={t.mobile}
          type="tel"
          autoComplete="tel"
          // Agrees with the box below (issue #36): "on the way" comes by text only where the customer ticks it.
          hint={textConsentWording ? t.mobileHintTexts : t.mobileHint}
        />
      </div>
      {textConsentWording && (
        // Asked only when the site can text; optional and never ticked for the customer. The words shown
        // are the words stored with the consent.
        <div className="flex items-start gap-3">
          <input id={consentId} type="checkbox" className="mt-1 size-5 shrink-0 accent-brand-700" {...checkout.form.register('textConsent')} />
          <label htmlFor={consentId} className="text-sm text-slate-800" data-testid="text-consent-wording">
            {textConsentWording}
          </label>
        </div>
      )}
    </fieldset>
  );
}

export function AddressSection({ formId, checkout, cartZip }: SectionProps & { cartZip: string }) {
  const { checkout: t } = useCheckoutWords();
  const field = fieldsOf(formId, checkout, t.optional);
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.whereParty}</legend>
      <TextField {...field('address.line1')} label={t.street} autoComplete="address-line1" />
      <TextField
        {...field('address.line2', { setValueAs: emptyToUndefined })}
        label={t.line2}
        optional
        autoComplete="address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField {...field('address.city')} label={t.city} autoComplete="address-level2" />
        <TextField
          {...field('address.state')}
          label={t.state}
          autoComplete="address-level1"
          maxLength={2}
          inputClassName="uppercase"
        />
        <TextField
          {...field('address.zip', {
            onChange: (e: { target: { value: string } }) => {
              const zip = e.target.value.replace(/\D/g, '');
              if (/^\d{5}$/.test(zip) && zip !== cartZip) updateCart((c) => setZip(c, zip));
            },
          })}
          label={t.zip}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
        />
      </div>
      <p className="text-sm text-slate-700">{t.zipRechecks}</p>
    </fieldset>
  );
}

export function SetupSection({ formId, checkout, cart }: SectionProps & { cart: Cart }) {
  const { checkout: t } = useCheckoutWords();
  const field = fieldsOf(formId, checkout, t.optional);
  const site = checkout.quoteState.quote?.site;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.setupSpot}</legend>
      {site && site.questions.length > 0 && (
        <div data-testid="site-questions">
          <Suspense fallback={<p className="text-slate-700">{t.loadingQuestions}</p>}>
            <SiteQuestions formId={formId} site={site} answers={cart.site} errors={checkout.siteErrors} onAnswer={checkout.answerSite} photos />
          </Suspense>
        </div>
      )}
      <TextArea
        {...field('address.notes', { setValueAs: emptyToUndefined })}
        label={t.setupNotes}
        optional
        hint={t.setupNotesHint}
      />
    </fieldset>
  );
}

export function TermsSection({ formId, checkout: { form, fieldError } }: SectionProps) {
  const { checkout: t, link } = useCheckoutWords();
  const termsId = fieldId(formId, 'acceptTerms');
  const error = fieldError('acceptTerms');
  return (
    <fieldset className="rounded-2xl border border-brand-100 p-5">
      <legend className={legendClass}>{t.terms}</legend>
      <div className="flex items-start gap-3">
        <input
          id={termsId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${termsId}-error` : undefined}
          {...form.register('acceptTerms')}
        />
        <label htmlFor={termsId} className="text-slate-800">
          {t.acceptThe}
          <a href={link('/terms')} target="_blank" rel="noopener" className="font-semibold text-brand-800 underline">
            {t.rentalTerms}
          </a>
          {t.andThe}
          <a href={link('/cancellation-policy')} target="_blank" rel="noopener" className="font-semibold text-brand-800 underline">
            {t.cancellationPolicy}
          </a>
          {t.newTab}
        </label>
      </div>
      <FieldError id={termsId} message={error} />
    </fieldset>
  );
}
