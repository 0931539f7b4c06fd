import { FormAlert, Honeypot, primaryButtonClass } from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import { ContactFieldset } from './ContactFieldset';
import { QuoteEvent, QuoteRentals, QuoteRequestSent } from './QuoteRequestSections';
import { useQuoteRequest, type QuoteProduct } from './use-quote-request';

export type { QuoteProduct };

export interface QuoteRequestFormProps {
  /** The active catalog, read at build time. */
  products: QuoteProduct[];
  /** For the outside-the-delivery-area notice. */
  businessPhone: string;
  /** For the live starting prices that replace the built ones (settings' currency). */
  currency?: string;
}

/**
 * /request-a-quote: the event, rentals picked from the catalog with quantities and/or a free
 * description, a budget and contact details. `?product=slug` starts the list with that rental.
 */
export default function QuoteRequestForm({ products, businessPhone, currency = 'usd' }: QuoteRequestFormProps) {
  const state = useQuoteRequest(products, currency);
  const { formId, form, problem, sending, sent } = state;

  if (sent) {
    return (
      <div data-testid="quote-request-form">
        <IslandToaster />
        <QuoteRequestSent sent={sent} businessPhone={businessPhone} onAgain={state.again} />
      </div>
    );
  }

  return (
    <div data-testid="quote-request-form">
      <IslandToaster />
      <form onSubmit={(e) => void state.submit(e)} onFocus={state.humanCheck.start} noValidate aria-labelledby={`${formId}-title`} className="space-y-8">
        <h2 id={`${formId}-title`} className="sr-only">
          Quote request
        </h2>
        {problem && <FormAlert title={problem.title} message={problem.message} />}
        <Honeypot {...form.register('website')} />
        <QuoteEvent state={state} />
        <QuoteRentals state={state} />
        <ContactFieldset formId={formId} form={form} legend="How can we reach you?" phone="optional" />

        <HumanCheckStatus check={state.humanCheck} />
        <button type="submit" className={primaryButtonClass} disabled={sending}>
          {sending ? 'Sending…' : 'Request my quote'}
        </button>
      </form>
    </div>
  );
}
