import { useRef, useState } from 'react';
import { paymentMethodLabels } from '../../../../lib/booking';
import { Checkbox, RadioGroup, SelectField, TextField } from '../../../shared/form-kit';
import { Card } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';
import { LabelledOptions } from '../../shared/options';
import { textConsentQuestion } from '../../shared/business';
import { offlinePaymentMethods } from '../../../../lib/payments';
import { LANGUAGE_NAME_IN_ENGLISH, LOCALES } from '../../../../lib/i18n';

function PaymentFields({ form }: { form: DeskForm }) {
  const { register } = form;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField
        {...register('payment.amount')}
        label="Amount paid"
        prefix="$"
        inputMode="decimal"
        error={fieldError(form, 'payment.amountCents')}
      />
      <SelectField {...register('payment.method')} label="Payment method" error={fieldError(form, 'payment.method')}>
        <LabelledOptions values={offlinePaymentMethods} labels={paymentMethodLabels} />
      </SelectField>
      <TextField {...register('payment.note')} label="Payment note" optional error={fieldError(form, 'payment.note')} />
    </div>
  );
}

/**
 * How the booking is saved. A new booking with nothing paid is "Deposit due"; ticking "Payment
 * taken" makes it "Confirmed" (and unticking, "Deposit due" again) until staff choose a status
 * themselves, which then stays as they chose it.
 */
export function SavingCard({ form, isNew }: { form: DeskForm; isNew: boolean }) {
  const statusChosen = useRef(false);
  const [question] = useState(textConsentQuestion);
  const status = form.register('status');
  const paymentTaken = form.register('paymentTaken', {
    onChange: (e: { target: { checked: boolean } }) => {
      if (!statusChosen.current) form.setValue('status', e.target.checked ? 'confirmed' : 'deposit_due');
    },
  });
  return (
    <Card title="Saving">
      <div className="grid gap-3">
        {isNew && (
          <>
            <RadioGroup
              legend="Status"
              {...status}
              onChange={(e) => {
                statusChosen.current = true;
                return status.onChange(e);
              }}
              error={fieldError(form, 'status')}
              options={[
                {
                  value: 'deposit_due',
                  label: 'Deposit due',
                  hint: 'The customer pays the deposit later (tracking page or phone).',
                },
                { value: 'confirmed', label: 'Confirmed', hint: 'The deposit is taken, or you book without one.' },
              ]}
            />
            <Checkbox
              {...paymentTaken}
              label="Payment taken on the phone"
              hint="Recorded with the booking; the customer gets a receipt."
            />
            {form.watch('paymentTaken') && <PaymentFields form={form} />}
            <SelectField {...form.register('language')} label="Customer's language" hint="Their e-mails, texts, invoice and calendar invite are written in it.">
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAME_IN_ENGLISH[l]}
                </option>
              ))}
            </SelectField>
            {question && (
              <Checkbox
                {...form.register('textConsent')}
                label="The caller agrees to texts about this booking"
                hint={`Read them these words; they are stored with the booking: “${question}”`}
              />
            )}
          </>
        )}
        <Checkbox
          {...form.register('notify')}
          label={isNew ? 'E-mail the customer the confirmation' : 'E-mail the customer the changed booking'}
          hint={
            isNew
              ? 'With the invoice link, the waiver link and a calendar invite.'
              : 'With a calendar invite that updates the event already in their calendar.'
          }
        />
      </div>
    </Card>
  );
}
