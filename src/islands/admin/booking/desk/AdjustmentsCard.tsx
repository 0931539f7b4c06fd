import { useFieldArray } from 'react-hook-form';
import { Checkbox, SelectField, TextField } from '../../../shared/form-kit';
import { Card, secondaryButtonClass } from '../../shared/ui';
import { emptyAdjustment } from '../booking-editor-values';
import { formFields } from '../../../shared/form-fields';
import { fieldError, type DeskForm } from './desk-form';

/**
 * Coupon, waiver and staff adjustments. An adjustment row is priced once it is finished (name,
 * reason and amount as the API takes them); a field left incomplete says so beside itself when
 * staff move on from it (the form checks each field on leaving it). The coupon is priced when its
 * field is left (`onCouponLeft`), and a code the price refused says why beside it (`couponRefusal`).
 */
export function AdjustmentsCard({
  form,
  onCouponLeft,
  couponRefusal,
}: {
  form: DeskForm;
  onCouponLeft(code: string): void;
  couponRefusal: string | undefined;
}) {
  const { register } = form;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'adjustments' });
  const err = (path: string) => fieldError(form, path);
  const field = formFields(form);
  const coupon = field('coupon');
  return (
    <Card title="Coupon, waiver and adjustments">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...coupon}
          error={coupon.error ?? couponRefusal}
          onBlur={(e) => {
            onCouponLeft(e.target.value);
            void coupon.onBlur(e);
          }}
          label="Coupon"
          optional
        />
        <Checkbox
          {...register('damageWaiver')}
          label="Damage waiver"
          hint="Unticked only where Settings make it optional."
        />
      </div>
      <h3 className="mt-4 font-bold text-slate-900">Staff adjustments</h3>
      <p className="text-sm text-slate-700">
        A named discount or surcharge (stairs, a long walk, a generator), in dollars or percent of the rentals after the
        coupon. The customer sees the name; the reason goes to the history.
      </p>
      {err('adjustments') && <p className="mt-1 text-sm font-semibold text-red-800">{err('adjustments')}</p>}
      <ul className="mt-2 grid gap-2">
        {fields.map((row, index) => (
          <li key={row.id} className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-5">
            <TextField {...field(`adjustments.${index}.label`)} label="Adjustment name" />
            <SelectField {...register(`adjustments.${index}.direction`)} label="Discount or surcharge">
              <option value="discount">Discount</option>
              <option value="surcharge">Surcharge</option>
            </SelectField>
            <SelectField {...register(`adjustments.${index}.kind`)} label="Dollars or percent">
              <option value="amount">Dollars</option>
              <option value="percent">Percent</option>
            </SelectField>
            <TextField {...field(`adjustments.${index}.value`)} label="Adjustment amount" inputMode="decimal" />
            <div className="flex items-end">
              <button type="button" className={secondaryButtonClass} onClick={() => remove(index)}>
                Remove
              </button>
            </div>
            <TextField {...field(`adjustments.${index}.reason`)} label="Reason" className="sm:col-span-5" />
          </li>
        ))}
      </ul>
      <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => append(emptyAdjustment)}>
        Add an adjustment
      </button>
    </Card>
  );
}
