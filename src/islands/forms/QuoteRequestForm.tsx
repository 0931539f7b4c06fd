import { CustomerForm } from './CustomerForm';
import { ContactFieldset } from './ContactFieldset';
import { QuoteEvent, QuoteRentals, QuoteRequestSent, QuoteSetupSpot } from './QuoteRequestSections';
import type { RequestSiteRules } from '../../lib/quote-requests';
import { useQuoteRequest, type QuoteProduct } from './use-quote-request';
import { useFormWords, withFormWords } from './form-words';
import type { FormWords } from '../../lib/i18n';
import type { PriceWords } from '../../lib/pricing';

export type { QuoteProduct };

export interface QuoteRequestFormProps {
  /** The active catalog, read at build time. */
  products: QuoteProduct[];
  /** For the outside-the-delivery-area notice. */
  businessPhone: string;
  /** For the live starting prices that replace the built ones (settings' currency). */
  currency?: string;
  /** The business's: the earliest event date is its today, not the visitor's. */
  timeZone: string;
  /** The owner's site rules the setup-spot questions need (the server holds the answers again). */
  siteRules: RequestSiteRules;
  /** The page's words (formWords(locale, 'quoteForm')). */
  words: FormWords<'quoteForm'>;
  /** How a live starting price is written in the page's language; English's by default. */
  priceWords?: PriceWords;
}

/**
 * /request-a-quote: the event, rentals picked from the catalog with quantities and/or a free
 * description, a budget and contact details. `?product=slug` starts the list with that rental.
 */
export default withFormWords<QuoteRequestFormProps>(QuoteRequest);

function QuoteRequest({ products, businessPhone, currency = 'usd', timeZone, siteRules, priceWords }: Omit<QuoteRequestFormProps, 'words'>) {
  const { t } = useFormWords<'quoteForm'>();
  const state = useQuoteRequest(products, currency, timeZone, siteRules, priceWords);
  const { formId, form, sent } = state;

  return (
    <CustomerForm
      testId="quote-request-form"
      sentPanel={sent ? <QuoteRequestSent sent={sent} businessPhone={businessPhone} onAgain={state.again} /> : null}
      formId={formId}
      onSubmit={(e) => void state.submit(e)}
      className="space-y-8"
      heading={t.heading}
      headingHidden
      submission={state}
      honeypot={form.register('website')}
      submitLabel={t.submit}
    >
      <QuoteEvent state={state} />
      <QuoteRentals state={state} />
      <QuoteSetupSpot state={state} />
      <ContactFieldset field={state.field} legend={t.contactLegend} phone="optional" />
    </CustomerForm>
  );
}
