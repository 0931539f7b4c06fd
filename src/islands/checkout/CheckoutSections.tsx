import { lazy, Suspense, type RefObject } from 'react';
import { setZip, type Cart } from '../cart/cart-store';
import { updateCart } from '../cart/use-cart';
import { fieldId, FieldError, fieldsetClass, legendClass, TextArea, TextField } from '../shared/form-kit';
import type { FormField } from './use-booking-form';
import type { Banner, CheckoutState } from './use-checkout';

/** The sections of the checkout page: each takes the booking form and the error of each of its fields. */

interface SectionProps {
  formId: string;
  checkout: CheckoutState;
}

// Only a cart whose products ask something of the yard loads the questions (and what they bring with them).
const SiteQuestions = lazy(() => import('../shared/SiteQuestions'));

/** A field's stable id (with its name), its registration on the booking form and its error. */
function fieldsOf(formId: string, { form, fieldError }: CheckoutState) {
  return (name: FormField, options?: Parameters<CheckoutState['form']['register']>[1]) => ({
    formId,
    ...form.register(name, options),
    error: fieldError(name),
  });
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function CheckoutBanner({ banner, bannerRef }: { banner: Banner; bannerRef: RefObject<HTMLDivElement | null> }) {
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
        <p className="mt-2">
          <a href="/cart" className="font-semibold text-brand-800 underline underline-offset-4">
            Back to your cart to change the date or items
          </a>
        </p>
      )}
    </div>
  );
}

export function ContactSection({ formId, checkout, textConsentWording }: SectionProps & { textConsentWording: string | null }) {
  const field = fieldsOf(formId, checkout);
  const consentId = fieldId(formId, 'textConsent');
  const email = field('customer.email');
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Your contact details</legend>
      <TextField {...field('customer.name')} label="Full name" autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...email}
          onBlur={(e) => {
            email.onBlur(e);
            checkout.captureCart();
          }}
          label="E-mail"
          type="email"
          autoComplete="email"
          hint="Your confirmation and receipt go here."
        />
        <TextField
          {...field('customer.phone')}
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          // Agrees with the box below (issue #36): "on the way" comes by text only where the customer ticks it.
          hint={
            textConsentWording
              ? 'For the delivery day: our crew calls you if they need to. Tick the box below to get a text when they are on the way.'
              : 'For the delivery day: our crew calls you if they need to.'
          }
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
  const field = fieldsOf(formId, checkout);
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Where is the party?</legend>
      <TextField {...field('address.line1')} label="Street address" autoComplete="address-line1" />
      <TextField
        {...field('address.line2', { setValueAs: emptyToUndefined })}
        label="Apartment, suite, park pavilion"
        optional
        autoComplete="address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField {...field('address.city')} label="City" autoComplete="address-level2" />
        <TextField
          {...field('address.state')}
          label="State"
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
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
        />
      </div>
      <p className="text-sm text-slate-700">Changing the ZIP code re-checks delivery and updates your price.</p>
    </fieldset>
  );
}

export function SetupSection({ formId, checkout, cart }: SectionProps & { cart: Cart }) {
  const field = fieldsOf(formId, checkout);
  const site = checkout.quoteState.quote?.site;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Your setup spot</legend>
      {site && site.questions.length > 0 && (
        <div data-testid="site-questions">
          <Suspense fallback={<p className="text-slate-700">Loading the questions about your spot…</p>}>
            <SiteQuestions formId={formId} site={site} answers={cart.site} errors={checkout.siteErrors} onAnswer={checkout.answerSite} photos />
          </Suspense>
        </div>
      )}
      <TextArea
        {...field('address.notes', { setValueAs: emptyToUndefined })}
        label="Setup notes"
        optional
        hint="Pets, where to park, or anything else the crew should know. Up to 1000 characters."
      />
    </fieldset>
  );
}

export function TermsSection({ formId, checkout: { form, fieldError } }: SectionProps) {
  const termsId = fieldId(formId, 'acceptTerms');
  const error = fieldError('acceptTerms');
  return (
    <fieldset className="rounded-2xl border border-brand-100 p-5">
      <legend className={legendClass}>Terms</legend>
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
      <FieldError id={termsId} message={error} />
    </fieldset>
  );
}
