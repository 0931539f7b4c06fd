import { useEffect, useState, type ReactNode } from 'react';
import { centsToDollarsInput, parseDollars } from '../../../lib/money/money';
import { logoUrl } from '../../../lib/settings/logo';
import { weekdays } from '../../../lib/business/schema';
import { setupStepSchemas, setupSteps, usTimeZones, type SetupStepId } from '../../../lib/setup';
import { Checkbox, FormAlert, RadioGroup, SelectField, TextField } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { NotAllowed } from '../shared/NotAllowed';
import { AreaBuilder } from '../settings/AreaBuilder';
import { LogoForm } from '../settings/LogoForm';
import { RemoveDemo, type DemoSummary } from '../settings/RemoveDemo';

interface SetupPayload {
  state: { done: SetupStepId[]; completedAt: string | null; resumeAt: SetupStepId | 'review'; isDemo: boolean };
  values: Record<SetupStepId, Record<string, unknown>>;
  activeServiceAreas: { city: string; state: string; zipCodes: number }[];
  demo: DemoSummary;
}

type Step = SetupStepId | 'review';
/** What the owner typed, per field: text stays text until "Next" (a half-typed "7." is not lost). */
type Draft = Record<string, string | boolean | Record<string, { open: string; close: string } | null>>;
type Hours = Record<string, { open: string; close: string } | null>;

const dayNames: Record<(typeof weekdays)[number], string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
const dollarFields = new Set(['depositFlatCents', 'depositMinimumCents']);
const numberFields = new Set(['depositPercent', 'balanceDueDaysBefore', 'cancellationRefundDays', 'taxRatePercent']);

/** A step's saved values as the form holds them. */
function draftOf(values: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const [key, value] of Object.entries(values)) {
    if (dollarFields.has(key)) draft[key] = centsToDollarsInput(value as number);
    else if (typeof value === 'number') draft[key] = String(value);
    else draft[key] = value as Draft[string];
  }
  return draft;
}

/** The form's text turned into the step's request body (the schema then says what is wrong, in its words). */
function bodyOf(step: SetupStepId, draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(setupStepSchemas[step].shape)) {
    const value = draft[key];
    if (dollarFields.has(key)) body[key] = typeof value === 'string' && value.trim() !== '' ? (parseDollars(value.trim()) ?? Number.NaN) : Number.NaN;
    else if (numberFields.has(key)) body[key] = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    else if (key === 'addressState' || key === 'warehouseState') body[key] = String(value ?? '').toUpperCase();
    else body[key] = value;
  }
  return body;
}

/** zod issues → field path → first message. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return out;
}

/**
 * /admin/setup (owners): from the demo (or an empty start) to the owner's own business, one step at a
 * time. Each "Next" saves that step (its own endpoint, audited); any step can be opened again from the
 * list; coming back later opens the first step not saved. The last step reviews and finishes, which
 * marks the setup done and publishes the site.
 */
export default function SetupWizard() {
  const { data, error, loading, reload } = useAdminData<SetupPayload>('/api/admin/setup');
  const [step, setStep] = useState<Step | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Resume where the owner left off, once the state has loaded.
  useEffect(() => {
    if (data && step === null) open(data.state.resumeAt, data);
  }, [data]);

  if (error?.code === 'forbidden') return <NotAllowed title="Set up your business" screen="The business setup" />;

  function open(next: Step, payload = data) {
    setStep(next);
    setErrors({});
    setProblem(null);
    if (payload && next !== 'review') setDraft(draftOf(payload.values[next]));
    document.getElementById('setup-step')?.focus();
  }

  const index = step === null ? -1 : step === 'review' ? setupSteps.length : setupSteps.findIndex((s) => s.id === step);

  async function next() {
    if (!data || step === null || step === 'review') return;
    const body = bodyOf(step, draft);
    const checked = setupStepSchemas[step].safeParse(body);
    if (!checked.success) {
      setErrors(problemsOf(checked.error.issues));
      setProblem('Check the fields marked below.');
      return;
    }
    setBusy(true);
    const result = await adminMutate(`/api/admin/setup/${step}`, 'PUT', body, `${setupSteps[index]!.label} saved.`);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      setProblem(result.error.message);
      return;
    }
    reload();
    const following = setupSteps[index + 1]?.id ?? 'review';
    setStep(following);
    setErrors({});
    setProblem(null);
    if (following !== 'review') setDraft(draftOf(data.values[following]));
  }

  async function finish() {
    setBusy(true);
    const result = await adminMutate('/api/admin/setup/finish', 'POST', {}, 'Setup finished: the site is being published.');
    setBusy(false);
    if (result.ok) location.assign('/admin');
    else setProblem(result.error.message);
  }

  const set = (key: string, value: Draft[string]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={key} label={label} value={String(draft[key] ?? '')} onChange={(e) => set(key, e.target.value)} error={errors[key]} {...extra} />
  );

  return (
    <>
      <ScreenHeader title="Set up your business" description="Make the site yours: each step saves when you press Next, and you can come back to any step later." />
      <LoadState loading={loading} error={error}>
        {data && step !== null && (
          <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <nav aria-label="Setup steps" className="order-2 lg:order-1">
              <ol className="space-y-1 text-sm">
                {[...setupSteps, { id: 'review' as const, label: 'Review and finish' }].map((s, i) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      onClick={() => open(s.id)}
                      aria-current={s.id === step ? 'step' : undefined}
                      className="w-full rounded-lg px-3 py-2 text-left font-semibold text-slate-800 hover:bg-brand-50 aria-[current=step]:bg-brand-100 aria-[current=step]:text-brand-900"
                    >
                      {i + 1}. {s.label}
                      {s.id !== 'review' && data.state.done.includes(s.id) && <span className="ml-1 text-emerald-800">✓<span className="sr-only"> saved</span></span>}
                    </button>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="order-1 min-w-0 space-y-4 lg:order-2">
              <Card title={<span id="setup-step" tabIndex={-1}>{`Step ${index + 1} of ${setupSteps.length + 1}: ${step === 'review' ? 'Review and finish' : setupSteps[index]!.label}`}</span>}>
                <form
                  noValidate
                  className="space-y-4"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (step === 'review') void finish();
                    else void next();
                  }}
                >
                  {step === 'business' && (
                    <div className="grid gap-3 sm:grid-cols-2">
                      {text('businessName', 'Business name')}
                      {text('tagline', 'Tagline', { optional: true })}
                      {text('phone', 'Phone', { type: 'tel' })}
                      {text('email', 'E-mail', { type: 'email' })}
                    </div>
                  )}
                  {step === 'address' && (
                    <div className="grid gap-3 sm:grid-cols-2">
                      {text('addressLine1', 'Street address', { className: 'sm:col-span-2' })}
                      {text('addressCity', 'City')}
                      <div className="grid grid-cols-2 gap-3">
                        {text('addressState', 'State', { maxLength: 2 })}
                        {text('addressZip', 'ZIP code', { inputMode: 'numeric' })}
                      </div>
                      <SelectField name="timezone" label="Time zone" value={String(draft.timezone ?? '')} onChange={(e) => set('timezone', e.target.value)} error={errors.timezone} className="sm:col-span-2">
                        <option value="">Choose…</option>
                        {usTimeZones.map((t) => (
                          <option key={t.id} value={t.id}>
                            {t.label}
                          </option>
                        ))}
                      </SelectField>
                    </div>
                  )}
                  {step === 'brand' && (
                    <div className="space-y-3">
                      <LogoForm initial={{ logoPath: String(data.values.brand.logoPath ?? ''), logoUrl: logoUrl(String(data.values.brand.logoPath ?? '')) }} businessName={String(data.values.business.businessName ?? '')} />
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
                      <p className="text-sm text-slate-700 sm:col-span-2">Where the trucks load. Delivery distances and the day’s driving order start here.</p>
                      {text('warehouseLine1', 'Warehouse street address', { className: 'sm:col-span-2' })}
                      {text('warehouseCity', 'Warehouse city')}
                      <div className="grid grid-cols-2 gap-3">
                        {text('warehouseState', 'Warehouse state', { maxLength: 2 })}
                        {text('warehouseZip', 'Warehouse ZIP code', { inputMode: 'numeric' })}
                      </div>
                    </div>
                  )}
                  {step === 'area' && (
                    <div className="space-y-3">
                      <AreaBuilder onApplied={reload} />
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
                      {text('taxRatePercent', 'Sales tax rate (%)', { inputMode: 'decimal', hint: 'Applied to your service areas; you can set a different rate per area in Settings.' })}
                      <Checkbox name="taxDeliveryFee" label="Tax the delivery charge" hint="Whether your state taxes delivery that goes with a taxable rental." checked={draft.taxDeliveryFee === true} onChange={(e) => set('taxDeliveryFee', e.target.checked)} error={errors.taxDeliveryFee} />
                      <Checkbox name="taxDamageWaiver" label="Tax the damage waiver" checked={draft.taxDamageWaiver === true} onChange={(e) => set('taxDamageWaiver', e.target.checked)} error={errors.taxDamageWaiver} />
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
                        {draft.depositMode === 'flat' ? text('depositFlatCents', 'Flat deposit ($)', { inputMode: 'decimal' }) : text('depositPercent', 'Deposit percent', { inputMode: 'numeric' })}
                        {text('depositMinimumCents', 'Minimum deposit ($)', { inputMode: 'decimal' })}
                        {text('balanceDueDaysBefore', 'Balance due (days before the event)', { inputMode: 'numeric', hint: '0 = on the event day.' })}
                        {text('cancellationRefundDays', 'Full deposit refund until (days before the event)', { inputMode: 'numeric', hint: 'Shown at the top of your cancellation policy page.' })}
                      </div>
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
                              <span className="w-24 text-sm font-semibold">{dayNames[day]}</span>
                              <Checkbox label={`Closed on ${dayNames[day]}`} checked={open === null} onChange={(e) => setDay(e.target.checked ? null : { open: '09:00', close: '17:00' })} />
                              {open && (
                                <>
                                  <TextField label={`${dayNames[day]} opens`} type="time" value={open.open} onChange={(e) => setDay({ ...open, open: e.target.value })} error={errors[`officeHours.${day}.open`]} />
                                  <TextField label={`${dayNames[day]} closes`} type="time" value={open.close} onChange={(e) => setDay({ ...open, close: e.target.value })} error={errors[`officeHours.${day}.close`]} />
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
                        { value: 'deposit_online', label: 'Deposit online', hint: 'Customers pay the deposit by card (Stripe) to confirm. Without Stripe keys, bookings wait as "deposit due".' },
                        { value: 'pay_later', label: 'Pay later', hint: 'Bookings come in as "deposit due"; your staff collect the deposit.' },
                      ]}
                    />
                  )}
                  {step === 'review' && <Review data={data} />}
                  {problem && <FormAlert title={step === 'review' ? 'The setup is not finished' : 'This step was not saved'} message={problem} />}
                  <div className="flex flex-wrap gap-2">
                    {index > 0 && (
                      <button type="button" className={secondaryButtonClass} onClick={() => open(setupSteps[index - 1]!.id)}>
                        Back
                      </button>
                    )}
                    <button type="submit" className={buttonClass} disabled={busy}>
                      {step === 'review' ? 'Finish' : 'Next'}
                    </button>
                  </div>
                </form>
              </Card>
              {(step === 'review' || data.state.isDemo) && <RemoveDemo demo={data.demo} onRemoved={reload} />}
            </div>
          </div>
        )}
      </LoadState>
    </>
  );
}

function Review({ data }: { data: SetupPayload }) {
  const v = data.values;
  const missing = setupSteps.filter((s) => !data.state.done.includes(s.id));
  const row = (label: string, value: ReactNode) => (
    <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2 py-1">
      <dt className="font-semibold">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="space-y-3 text-sm">
      {missing.length > 0 && <p className="font-semibold text-amber-900">Not saved yet: {missing.map((s) => s.label).join(', ')}.</p>}
      <dl className="divide-y divide-slate-200">
        {row('Business', `${String(v.business.businessName)} · ${String(v.business.phone)} · ${String(v.business.email)}`)}
        {row('Address', `${String(v.address.addressLine1)}, ${String(v.address.addressCity)}, ${String(v.address.addressState)} ${String(v.address.addressZip)} (${String(v.address.timezone)})`)}
        {row('Warehouse', `${String(v.warehouse.warehouseLine1)}, ${String(v.warehouse.warehouseCity)}, ${String(v.warehouse.warehouseState)} ${String(v.warehouse.warehouseZip)}`)}
        {row('Service area', `${data.activeServiceAreas.length} town(s)`)}
        {row('Tax', `${String(v.tax.taxRatePercent)} %`)}
        {row('Payment mode', v.payments.paymentMode === 'deposit_online' ? 'Deposit online' : 'Pay later')}
      </dl>
      <p>Finishing publishes the site with your business (a rebuild takes a minute or two).</p>
    </div>
  );
}
