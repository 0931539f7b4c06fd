import { useForm } from 'react-hook-form';
import { quoteConvertInput, type QuoteConvertInput } from '../../../lib/quote-requests';
import type { ConvertedQuote, QuoteDetail } from '../../../lib/quote-requests/index.server';
import { formatMediumDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { FormAlert, SelectField, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { businessState } from '../shared/business';
import { useRecordEditor } from '../shared/record-editor';
import { buttonClass } from '../shared/ui';
import { formFields } from '../../shared/form-fields';

interface ConvertValues {
  address: { line1: string; line2: string; city: string; state: string; zip: string };
  phone: string;
  status: 'deposit_due' | 'confirmed';
}
const convertResolver = apiResolver(quoteConvertInput, (v: ConvertValues) => ({ address: { ...v.address, line2: v.address.line2 || undefined }, phone: v.phone || undefined, status: v.status }));
const convertValues = (quote: QuoteDetail): ConvertValues => ({
  address: { line1: '', line2: '', city: '', state: businessState(), zip: quote.offer?.request.zip ?? quote.zip },
  phone: '',
  status: 'deposit_due',
});

/** Books the offer; the quote the API answers with (now converted, with its booking) is shown. */
export function ConvertForm({ quote, onDone }: { quote: QuoteDetail; onDone(quote: QuoteDetail): void }) {
  const form = useForm<ConvertValues, unknown, QuoteConvertInput>({ resolver: convertResolver, defaultValues: convertValues(quote) });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const editor = useRecordEditor({ form, toValues: convertValues, isField: (path) => ['address', 'phone', 'status'].includes(path.split('.')[0]!), onSaved: onDone });
  const convert = handleSubmit((body) =>
    editor.save<ConvertedQuote>({ url: adminApi.quotes.one(quote.id, 'convert'), method: 'POST', body, success: 'Booking created.', pick: (d) => d.quote }),
  );
  const addressLine = (key: keyof ConvertValues['address'], label: string, optional = false) => <TextField {...field(`address.${key}`)} label={label} optional={optional} />;
  return (
    <form aria-labelledby={`convert-${quote.id}`} className="space-y-3 border-t border-slate-200 pt-4" noValidate onSubmit={(e) => void convert(e)}>
      <h3 id={`convert-${quote.id}`} className="text-base font-bold">
        Convert to booking
      </h3>
      <p className="text-sm text-slate-700">
        Books the offered rentals for {formatMediumDate(quote.offer!.request.event.date)} at {formatMoney(quote.offer!.price.totalCents)}. Units are reserved now; if one was taken meanwhile, nothing is booked.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {addressLine('line1', 'Street address')}
        {addressLine('line2', 'Apartment, suite', true)}
        {addressLine('city', 'City')}
        {addressLine('state', 'State')}
        {addressLine('zip', 'ZIP code')}
        {!quote.phone && <TextField {...field('phone')} label="Customer phone" type="tel" />}
        <SelectField {...field('status')} label="Booking status">
          <option value="deposit_due">Deposit due (customer pays online)</option>
          <option value="confirmed">Confirmed (deposit settled with us)</option>
        </SelectField>
      </div>
      {editor.problem && <FormAlert title="Nothing was booked" message={editor.problem} />}
      <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
        Convert to booking
      </button>
    </form>
  );
}
