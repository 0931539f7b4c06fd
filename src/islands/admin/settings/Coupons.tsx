import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CouponInput } from '../../../lib/pricing/coupons.server';
import { centsToDollarsInput } from '../../../lib/money/money';
import type { CouponDto } from '../../../lib/settings/settings-admin.server';
import { z } from '../../../lib/validation/zod';
import { formatMoney } from '../../../lib/money';
import { Checkbox, RadioGroup, TextField } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { apiResolver, textReader } from '../shared/admin-form';
import { Badge, buttonClass, Card, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { RecordFormCard } from './SettingsCards';
import { useRecordEditor, useSettingsForm } from './use-settings-form';

const emptyCoupon: CouponDto = { id: '', code: '', description: '', kind: 'percent', percentOff: 10, amountOffCents: null, startsOn: null, endsOn: null, usageLimit: null, minimumOrderCents: 0, active: true, timesUsed: 0, createdAt: '' };
const couponBody = (c: CouponDto): CouponInput => ({ code: c.code, description: c.description, kind: c.kind, percentOff: c.percentOff, amountOffCents: c.amountOffCents, startsOn: c.startsOn, endsOn: c.endsOn, usageLimit: c.usageLimit, minimumOrderCents: c.minimumOrderCents, active: c.active });

/** The coupons tab: the coupons (searchable, switched on and off in place) and the form of the one being added or edited. */
export function Coupons({ coupons, currency, onChange }: { coupons: CouponDto[]; currency: string; onChange(): void }) {
  const { editing, edit, done } = useRecordEditor<CouponDto>(onChange);
  const [q, setQ] = useState('');
  const [showInactive, setShowInactive] = useState(true);
  const shown = coupons.filter((c) => (showInactive || c.active) && (c.code.includes(q.trim().toUpperCase()) || c.description.toLowerCase().includes(q.trim().toLowerCase())));
  const toggle = async (c: CouponDto) => {
    const result = await adminMutate(`/api/admin/settings/coupons/${c.id}`, 'PUT', { ...couponBody(c), active: !c.active }, c.active ? `${c.code} deactivated.` : `${c.code} is active again.`);
    if (result.ok) onChange();
  };
  return (
    <div className="space-y-4">
      <Card
        title="Coupons"
        actions={
          <button type="button" className={buttonClass} onClick={() => edit(emptyCoupon)}>
            Add coupon
          </button>
        }
      >
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <TextField label="Search coupons" type="search" required={false} value={q} onChange={(e) => setQ(e.target.value)} className="min-w-56 flex-1" />
          <Checkbox label="Show deactivated coupons" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
        </div>
        {shown.length === 0 ? (
          <p className="p-3 text-sm text-slate-700">No coupon matches.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Coupons</caption>
              <thead>
                <tr>
                  {['Code', 'Discount', 'Valid', 'Used', 'Minimum order', 'Status'].map((h) => (
                    <th key={h} scope="col" className={thClass}>
                      {h}
                    </th>
                  ))}
                  <th scope="col" className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" className={`${tdClass} font-mono font-semibold`}>
                      {c.code}
                      {c.description && <span className="block font-sans text-xs font-normal text-slate-700">{c.description}</span>}
                    </th>
                    <td className={tdClass}>{c.kind === 'percent' ? `${c.percentOff} % off` : `${formatMoney(c.amountOffCents ?? 0, currency)} off`}</td>
                    <td className={tdClass}>{c.startsOn || c.endsOn ? `${c.startsOn ?? 'now'} – ${c.endsOn ?? 'no end'}` : 'Always'}</td>
                    <td className={tdClass}>{c.usageLimit ? `${c.timesUsed} of ${c.usageLimit}` : c.timesUsed}</td>
                    <td className={tdClass}>{c.minimumOrderCents ? formatMoney(c.minimumOrderCents, currency) : '—'}</td>
                    <td className={tdClass}>{c.active ? <Badge tone="good">Active</Badge> : <Badge>Deactivated</Badge>}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      <button type="button" className={secondaryButtonClass} onClick={() => edit(c)}>
                        Edit<span className="sr-only"> {c.code}</span>
                      </button>{' '}
                      <button type="button" className={secondaryButtonClass} onClick={() => void toggle(c)}>
                        {c.active ? 'Deactivate' : 'Activate'}
                        <span className="sr-only"> {c.code}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {editing && (
        <CouponForm
          key={editing.id || 'new'}
          coupon={editing}
          onDone={done}
          onCancel={() => edit(null)}
        />
      )}
    </div>
  );
}

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
const couponResolver = apiResolver(z.custom<CouponInput>(), (v: CouponForm, problems): CouponInput => {
  const read = textReader(problems);
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

function CouponForm({ coupon, onDone, onCancel }: { coupon: CouponDto; onDone(): void; onCancel(): void }) {
  const defaults: CouponForm = {
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
  };
  const form = useForm<CouponForm, unknown, CouponInput>({ resolver: couponResolver, defaultValues: defaults });
  const { register, handleSubmit, watch, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  const submit = handleSubmit(async (body) => {
    const code = body.code.toUpperCase();
    const saved = coupon.id
      ? await save(`/api/admin/settings/coupons/${coupon.id}`, 'PUT', body, `Coupon ${code} saved.`)
      : await save('/api/admin/settings/coupons', 'POST', body, `Coupon ${code} created.`);
    if (saved) onDone();
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
      <TextField {...register('code')} label="Code" hint="3 to 32 letters, digits or dashes; customers type it at checkout." error={errors.code?.message} />
      <TextField {...register('description')} label="Description (for staff)" required={false} error={errors.description?.message} />
      <RadioGroup
        legend="Discount"
        {...register('kind')}
        error={errors.kind?.message}
        options={[
          { value: 'percent', label: 'A percentage off' },
          { value: 'amount', label: 'An amount off' },
        ]}
      />
      {watch('kind') === 'percent' ? (
        <TextField {...register('percentOff')} label="Percent off" inputMode="numeric" error={errors.percentOff?.message} />
      ) : (
        <TextField {...register('amountOffCents')} label="Amount off ($)" inputMode="decimal" error={errors.amountOffCents?.message} />
      )}
      <TextField {...register('startsOn')} label="Starts on" optional type="date" error={errors.startsOn?.message} />
      <TextField {...register('endsOn')} label="Ends on" optional type="date" error={errors.endsOn?.message} />
      <TextField
        {...register('usageLimit')}
        label="Usage limit"
        optional
        inputMode="numeric"
        hint={coupon.id ? `Used ${coupon.timesUsed} times so far.` : 'Leave empty for no limit.'}
        error={errors.usageLimit?.message}
      />
      <TextField {...register('minimumOrderCents')} label="Minimum order ($)" optional inputMode="decimal" error={errors.minimumOrderCents?.message} />
      <Checkbox {...register('active')} label="Active (customers can use it)" />
    </RecordFormCard>
  );
}
