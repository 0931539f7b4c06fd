import { logoUrl } from '../../../lib/settings';
import { weekdayNames, weekdays } from '../../../lib/business';
import { setupSteps, usTimeZones } from '../../../lib/setup';
import { Checkbox, RadioGroup, SelectField, TextField } from '../../shared/form-kit';
import { RecordOptions } from '../shared/options';
import { secondaryButtonClass } from '../shared/ui';
import { AddressFields } from '../settings/AddressFields';
import { AreaBuilder } from '../settings/AreaBuilder';
import { LogoForm } from '../settings/LogoForm';
import { type Draft, type Hours, type SetupPayload, type Step } from './setup-draft';
import { draftCheckbox, draftFieldProps, draftTextField } from './draft-text-field';
import { SetupBusinessFields } from './SetupBusinessFields';
import { SetupWaiverFields } from './SetupWaiverFields';

interface StepProps {
  step: Step;
  data: SetupPayload;
  draft: Draft;
  errors: Record<string, string>;
  set(key: string, value: Draft[string]): void;
  reload(): void;
}

/** The setup's own step for the warehouse, which the area builder's words point to. */
const warehouseStep = setupSteps.findIndex((s) => s.id === 'warehouse') + 1;

/** The fields of one setup step (the review has its own component). */
export function SetupStepFields({ step, data, draft, errors, set, reload }: StepProps) {
  const text = draftTextField(draft, errors, set);
  const bound = draftFieldProps(draft, errors, set);
  const check = draftCheckbox(draft, errors, set);
  return (
    <>
      {step === 'business' && (
        <SetupBusinessFields draft={draft} errors={errors} set={set} saved={data.state.done.includes('business')} />
      )}
      {step === 'address' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <AddressFields fields={[bound('addressLine1'), bound('addressCity'), bound('addressState'), bound('addressZip')]} />
          <SelectField
            name="timezone"
            label="Time zone"
            value={String(draft.timezone ?? '')}
            onChange={(e) => set('timezone', e.target.value)}
            error={errors.timezone}
            className="sm:col-span-2"
          >
            <option value="">Choose…</option>
            <RecordOptions records={usTimeZones} label={(t) => t.label} />
          </SelectField>
        </div>
      )}
      {step === 'brand' && (
        <div className="space-y-3">
          <LogoForm
            initial={{
              logoPath: String(data.values.brand.logoPath ?? ''),
              logoUrl: logoUrl(String(data.values.brand.logoPath ?? '')),
            }}
            businessName={String(data.values.business.businessName ?? '')}
          />
          <div className="flex items-end gap-3">
            <label className="flex flex-col text-sm font-semibold text-slate-900">
              Brand colour
              <input
                type="color"
                name="brandColor"
                className="mt-1 h-11 w-20 rounded border border-slate-400"
                value={String(draft.brandColor ?? '#db2777')}
                onChange={(e) => set('brandColor', e.target.value)}
                aria-describedby="brand-color-hint"
              />
            </label>
            {text('brandColor', 'Colour code', { id: 'brand-color-code', maxLength: 7 })}
          </div>
          <p id="brand-color-hint" className="text-sm text-slate-700">
            Buttons, links and headings use this colour.
          </p>
        </div>
      )}
      {step === 'warehouse' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="text-sm text-slate-700 sm:col-span-2">
            Where the trucks load. Delivery distances and the day’s driving order start here.
          </p>
          <AddressFields place="Warehouse" fields={[bound('warehouseLine1'), bound('warehouseCity'), bound('warehouseState'), bound('warehouseZip')]} />
        </div>
      )}
      {step === 'area' && (
        <div className="space-y-3">
          <AreaBuilder onApplied={reload} warehouseWhere={`in step ${warehouseStep}, Warehouse, of this setup`} />
          <div>
            <h3 className="font-semibold">Towns you deliver to now ({data.activeServiceAreas.length})</h3>
            {data.activeServiceAreas.length === 0 ? (
              <p className="text-sm text-slate-700">None yet.</p>
            ) : (
              <ul className="mt-1 max-h-48 overflow-y-auto text-sm" data-testid="setup-areas">
                {data.activeServiceAreas.map((a) => (
                  <li key={`${a.city}-${a.state}`}>
                    {a.city}, {a.state} ({a.zipCodes} ZIP code{a.zipCodes === 1 ? '' : 's'})
                  </li>
                ))}
              </ul>
            )}
            <button type="button" className={`mt-2 ${secondaryButtonClass}`} onClick={reload}>
              Refresh the list
            </button>
          </div>
          {errors.serviceAreas && <p className="text-sm font-semibold text-red-800">{errors.serviceAreas}</p>}
        </div>
      )}
      {step === 'tax' && (
        <div className="space-y-3">
          {text('taxRatePercent', 'Sales tax rate (%)', {
            inputMode: 'decimal',
            hint: 'Applied to your service areas; you can set a different rate per area in Settings.',
          })}
          {check('taxDeliveryFee', 'Tax the delivery charge', 'Whether your state taxes delivery that goes with a taxable rental.')}
          {check('taxDamageWaiver', 'Tax the damage waiver', 'If you offer one (the next step asks).')}
        </div>
      )}
      {step === 'policies' && (
        <div className="space-y-3">
          <RadioGroup
            legend="Deposit"
            value={draft.depositMode === 'flat' ? 'flat' : 'percent'}
            onValueChange={(v) => set('depositMode', v)}
            error={errors.depositMode}
            options={[
              { value: 'percent', label: 'A percentage of the total' },
              { value: 'flat', label: 'A flat amount' },
            ]}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {draft.depositMode === 'flat'
              ? text('depositFlatCents', 'Flat deposit ($)', { inputMode: 'decimal' })
              : text('depositPercent', 'Deposit percent', { inputMode: 'numeric' })}
            {text('depositMinimumCents', 'Minimum deposit ($)', { inputMode: 'decimal' })}
            {text('balanceDueDaysBefore', 'Balance due (days before the event)', {
              inputMode: 'numeric',
              hint: '0 = on the event day.',
            })}
            {text('cancellationRefundDays', 'Full deposit refund until (days before the event)', {
              inputMode: 'numeric',
              hint: 'Shown at the top of your cancellation policy page.',
            })}
          </div>
          <SetupWaiverFields draft={draft} errors={errors} set={set} />
        </div>
      )}
      {step === 'hours' && (
        <fieldset>
          <legend className="font-semibold">Opening hours</legend>
          <div className="mt-2 space-y-2">
            {weekdays.map((day) => {
              const hours = (draft.officeHours ?? {}) as Hours;
              const open = hours[day] ?? null;
              const setDay = (value: Hours[string]) => set('officeHours', { ...hours, [day]: value });
              return (
                <div key={day} className="flex flex-wrap items-end gap-3">
                  <span className="w-24 text-sm font-semibold">{weekdayNames[day]}</span>
                  <Checkbox
                    label={`Closed on ${weekdayNames[day]}`}
                    checked={open === null}
                    onChange={(e) => setDay(e.target.checked ? null : { open: '09:00', close: '17:00' })}
                  />
                  {open && (
                    <>
                      <TextField
                        label={`${weekdayNames[day]} opens`}
                        type="time"
                        value={open.open}
                        onChange={(e) => setDay({ ...open, open: e.target.value })}
                        error={errors[`officeHours.${day}.open`]}
                      />
                      <TextField
                        label={`${weekdayNames[day]} closes`}
                        type="time"
                        value={open.close}
                        onChange={(e) => setDay({ ...open, close: e.target.value })}
                        error={errors[`officeHours.${day}.close`]}
                      />
                    </>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
      {step === 'payments' && (
        <RadioGroup
          legend="Payment mode"
          value={draft.paymentMode === 'deposit_online' ? 'deposit_online' : 'pay_later'}
          onValueChange={(v) => set('paymentMode', v)}
          error={errors.paymentMode}
          options={[
            {
              value: 'deposit_online',
              label: 'Deposit online',
              hint: 'Customers pay the deposit by card (Stripe) to confirm. Without Stripe keys, bookings wait as "deposit due".',
            },
            {
              value: 'pay_later',
              label: 'Pay later',
              hint: 'Bookings come in as "deposit due"; your staff collect the deposit.',
            },
          ]}
        />
      )}
    </>
  );
}
