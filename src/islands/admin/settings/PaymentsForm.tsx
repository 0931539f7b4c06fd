import { centsToDollarsInput } from '../../../lib/money';
import { paymentsSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { Checkbox, RadioGroup, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

interface Payments {
  paymentMode: Settings['paymentMode'];
  depositMode: Settings['depositMode'];
  depositPercent: string;
  depositFlatCents: string;
  depositMinimumCents: string;
  balanceDueDaysBefore: string;
  damageWaiverPercent: string;
  damageWaiverOptional: 'optional' | 'required';
  taxDeliveryFee: boolean;
  taxDamageWaiver: boolean;
  autoChargeBalance: boolean;
  autoChargeDaysBefore: string;
}
const paymentsResolver = apiResolver(paymentsSection, (v: Payments, read) => {
  return {
    paymentMode: v.paymentMode,
    depositMode: v.depositMode,
    depositPercent: read.number('depositPercent', v.depositPercent),
    depositFlatCents: read.dollars('depositFlatCents', v.depositFlatCents),
    depositMinimumCents: read.dollars('depositMinimumCents', v.depositMinimumCents),
    balanceDueDaysBefore: read.number('balanceDueDaysBefore', v.balanceDueDaysBefore),
    damageWaiverPercent: read.number('damageWaiverPercent', v.damageWaiverPercent),
    damageWaiverOptional: v.damageWaiverOptional === 'optional',
    taxDeliveryFee: v.taxDeliveryFee,
    taxDamageWaiver: v.taxDamageWaiver,
    autoChargeBalance: v.autoChargeBalance,
    autoChargeDaysBefore: read.number('autoChargeDaysBefore', v.autoChargeDaysBefore),
  };
});

/** The form's values from the settings (as loaded, or as a save returned them). */
const formValues = (initial: Settings): Payments => ({
  paymentMode: initial.paymentMode,
  depositMode: initial.depositMode,
  depositPercent: String(initial.depositPercent),
  depositFlatCents: centsToDollarsInput(initial.depositFlatCents),
  depositMinimumCents: centsToDollarsInput(initial.depositMinimumCents),
  balanceDueDaysBefore: String(initial.balanceDueDaysBefore),
  damageWaiverPercent: String(initial.damageWaiverPercent),
  damageWaiverOptional: initial.damageWaiverOptional ? 'optional' : 'required',
  taxDeliveryFee: initial.taxDeliveryFee,
  taxDamageWaiver: initial.taxDamageWaiver,
  autoChargeBalance: initial.autoChargeBalance,
  autoChargeDaysBefore: String(initial.autoChargeDaysBefore),
});

export function PaymentsForm({ initial, stripeConfigured, currency, onSaved }: { initial: Settings; stripeConfigured: boolean; currency: string; onSaved?(values: Settings): void }) {
  const { form, field, card } = useSectionForm<Payments, z.output<typeof paymentsSection>>({ section: 'payments', resolver: paymentsResolver, toValues: formValues, initial, onSaved, success: 'Deposit, tax and payments saved.' });
  const { watch } = form;
  return (
    <SectionCard
      title="Deposit, tax and payments"
      description={`What customers pay to book, the damage waiver and what sales tax applies to. New prices use these at once; amounts in ${currency.toUpperCase()}.`}
      {...card}
    >
      <RadioGroup
        legend="Payment mode"
        {...field('paymentMode')}
        options={[
          { value: 'deposit_online', label: 'Deposit online', hint: stripeConfigured ? 'Customers pay the deposit by card (Stripe Checkout) to confirm.' : 'Stripe is not configured, so bookings are taken as "deposit due" until it is.' },
          { value: 'pay_later', label: 'Pay later', hint: 'Bookings are taken as "deposit due"; staff collect the deposit.' },
        ]}
      />
      <RadioGroup
        legend="Deposit"
        {...field('depositMode')}
        options={[
          { value: 'percent', label: 'A percentage of the total' },
          { value: 'flat', label: 'A flat amount' },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {watch('depositMode') === 'percent' ? (
          <TextField {...field('depositPercent')} label="Deposit percent" inputMode="numeric" />
        ) : (
          <TextField {...field('depositFlatCents')} label="Flat deposit ($)" inputMode="decimal" />
        )}
        <TextField {...field('depositMinimumCents')} label="Minimum deposit ($)" inputMode="decimal" hint="Never less than this (capped at the order total)." />
        <TextField {...field('balanceDueDaysBefore')} label="Balance due (days before the event)" inputMode="numeric" hint="0 = on the event day." />
        <TextField {...field('damageWaiverPercent')} label="Damage waiver (percent of rentals)" hint="0 means you offer none: no page, cart or checkout then mentions one." inputMode="decimal" />
      </div>
      <RadioGroup
        legend="Damage waiver"
        {...field('damageWaiverOptional')}
        options={[
          { value: 'optional', label: 'Optional', hint: 'Customers may decline it at checkout.' },
          { value: 'required', label: 'Required', hint: 'Added to every booking.' },
        ]}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Sales tax</legend>
        <p className="text-sm text-slate-700">Rentals are always taxed at the service area’s rate. Whether the delivery fee and the damage waiver are taxed with them depends on your state.</p>
        <Checkbox {...field('taxDeliveryFee')} label="Charge sales tax on the delivery fee" />
        <Checkbox {...field('taxDamageWaiver')} label="Charge sales tax on the damage waiver" />
      </fieldset>
      {stripeConfigured ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Balance</legend>
          <Checkbox
            {...field('autoChargeBalance')}
            label="Charge the balance automatically to the card saved at checkout"
            hint="The deposit checkout asks the customer’s consent and saves the card. A declined card gets the customer a payment link and shows on the dashboard."
          />
          {watch('autoChargeBalance') && (
            <TextField {...field('autoChargeDaysBefore')} label="Charge it (days before the event)" inputMode="numeric" hint="0 = on the event day, before the party starts." />
          )}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-700">With Stripe configured, the balance can be charged automatically to the card saved at the deposit checkout.</p>
      )}
    </SectionCard>
  );
}
