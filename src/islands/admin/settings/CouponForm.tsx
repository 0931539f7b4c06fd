import { useForm } from 'react-hook-form';
import type { CouponInput } from '../../../lib/pricing/index.server';
import { centsToDollarsInput } from '../../../lib/money';
import type { CouponDto } from '../../../lib/settings/index.server';
import { z } from '../../../lib/validation';
import { Checkbox, RadioGroup, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { RecordFormCard } from './SettingsCards';
import { useSettingsForm } from './use-settings-form';
import { adminApi } from '../../../lib/paths';
import { formFields } from '../../shared/form-fields';

interface CouponForm {
  code: string;
  description: string;
  kind: CouponInput['kind'];
  percentOff: string;
  amountOffCents: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  minimumOrderCents: string;
  active: boolean;
}
// The coupon schema lives beside its SQL in coupons.server.ts, which islands may not import: here
// the form only reads numbers and amounts, and the server checks the rest (its 400 shows on the fields).
const couponResolver = apiResolver(z.custom<CouponInput>(), (v: CouponForm, read): CouponInput => {
  return {
    code: v.code,
    description: v.description,
    kind: v.kind,
    percentOff: v.kind === 'percent' ? read.number('percentOff', v.percentOff) : null,
    amountOffCents: v.kind === 'amount' ? read.dollars('amountOffCents', v.amountOffCents) : null,
    startsOn: v.startsOn || null,
    endsOn: v.endsOn || null,
    usageLimit: read.optionalNumber('usageLimit', v.usageLimit),
    minimumOrderCents: read.optionalDollars('minimumOrderCents', v.minimumOrderCents) ?? 0,
    active: v.active,
  };
});

/** The form's values from a coupon (as listed, or as a save returned it). */
const formValues = (coupon: CouponDto): CouponForm => ({
  code: coupon.code,
  description: coupon.description,
  kind: coupon.kind,
  percentOff: coupon.percentOff?.toString() ?? '',
  amountOffCents: coupon.amountOffCents === null ? '' : centsToDollarsInput(coupon.amountOffCents),
  startsOn: coupon.startsOn ?? '',
  endsOn: coupon.endsOn ?? '',
  usageLimit: coupon.usageLimit?.toString() ?? '',
  minimumOrderCents: centsToDollarsInput(coupon.minimumOrderCents),
  active: coupon.active,
});

export function CouponForm({
  coupon,
  onSaved,
  onCancel,
}: {
  coupon: CouponDto;
  onSaved(coupon: CouponDto): void;
  onCancel(): void;
}) {
  const form = useForm<CouponForm, unknown, CouponInput>({
    resolver: couponResolver,
    defaultValues: formValues(coupon),
  });
  const { handleSubmit, watch, formState } = form;
  const field = formFields(form);
  const { saveRecord, problem } = useSettingsForm(form, formValues, onSaved);
  const submit = handleSubmit(async (body) => {
    const code = body.code.toUpperCase();
    await (coupon.id
      ? saveRecord(adminApi.settings.coupons.one(coupon.id), 'PUT', body, `Coupon ${code} saved.`)
      : saveRecord(adminApi.settings.coupons.list(), 'POST', body, `Coupon ${code} created.`));
  });
  return (
    <RecordFormCard
      title={coupon.id ? `Edit ${coupon.code}` : 'New coupon'}
      onSubmit={(e) => void submit(e)}
      problem={problem}
      notSaved="The coupon was not saved"
      submitLabel={coupon.id ? 'Save coupon' : 'Create coupon'}
      busy={formState.isSubmitting}
      onCancel={onCancel}
    >
      <TextField
        {...field('code')}
        label="Code"
        hint="3 to 32 letters, digits or dashes; customers type it at checkout."
      />
      <TextField
        {...field('description')}
        label="Description (for staff)"
        required={false}
      />
      <RadioGroup
        legend="Discount"
        {...field('kind')}
        options={[
          { value: 'percent', label: 'A percentage off' },
          { value: 'amount', label: 'An amount off' },
        ]}
      />
      {watch('kind') === 'percent' ? (
        <TextField
          {...field('percentOff')}
          label="Percent off"
          inputMode="numeric"
        />
      ) : (
        <TextField
          {...field('amountOffCents')}
          label="Amount off ($)"
          inputMode="decimal"
        />
      )}
      <TextField {...field('startsOn')} label="Starts on" optional type="date" />
      <TextField {...field('endsOn')} label="Ends on" optional type="date" />
      <TextField
        {...field('usageLimit')}
        label="Usage limit"
        optional
        inputMode="numeric"
        hint={coupon.id ? `Used ${coupon.timesUsed} times so far.` : 'Leave empty for no limit.'}
      />
      <TextField
        {...field('minimumOrderCents')}
        label="Minimum order ($)"
        optional
        inputMode="decimal"
      />
      <Checkbox {...field('active')} label="Active (customers can use it)" />
    </RecordFormCard>
  );
}
