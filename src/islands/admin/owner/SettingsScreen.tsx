import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { parseZipList } from '../../../lib/admin/settings-admin';
import type { CouponDto, ServiceAreaDto } from '../../../lib/admin/settings-admin.server';
import type { BusinessSettings } from '../../../lib/settings/schema';
import { formatMoney } from '../../shared/format';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { Badge, buttonClass, Card, inputClass, labelClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { InputField } from '../shared/fields';
import { centsToDollars, dollarsToCents, fieldErrorsOf, FieldMessage, NotAllowed, numberOf, RadioGroup, type FieldErrors } from './form';

type Settings = BusinessSettings;
interface SettingsPayload {
  settings: { profile: Settings; booking: Settings; payments: Settings; reminders: Settings; timezone: string; currency: string };
  serviceAreas: ServiceAreaDto[];
  coupons: CouponDto[];
  stripeConfigured: boolean;
}

const tabs = [
  { id: 'profile', label: 'Business profile' },
  { id: 'booking', label: 'Booking rules' },
  { id: 'payments', label: 'Deposit & payments' },
  { id: 'reminders', label: 'Reminders' },
  { id: 'areas', label: 'Service areas & fees' },
  { id: 'coupons', label: 'Coupons' },
] as const;
type TabId = (typeof tabs)[number]['id'];
const weekdays = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;

const tabFromHash = (): TabId => {
  const hash = typeof location === 'undefined' ? '' : location.hash.slice(1);
  return tabs.some((t) => t.id === hash) ? (hash as TabId) : 'profile';
};

/** /admin/settings: one page, a tab per section; each section saves on its own (owners only). */
export default function SettingsScreen() {
  const { data, error, loading, reload } = useAdminData<SettingsPayload>('/api/admin/settings');
  const [tab, setTab] = useState<TabId>('profile');
  useEffect(() => setTab(tabFromHash()), []);
  const choose = (id: TabId, focus = false) => {
    setTab(id);
    history.replaceState(history.state, '', `#${id}`);
    if (focus) document.getElementById(`tab-${id}`)?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Home') choose(tabs[0].id, true);
    else if (event.key === 'End') choose(tabs[tabs.length - 1]!.id, true);
    else if (step) choose(tabs[(index + step + tabs.length) % tabs.length]!.id, true);
    else return;
    event.preventDefault();
  };

  if (error?.code === 'forbidden') return <NotAllowed title="Settings" screen="Business settings" />;
  return (
    <>
      <ScreenHeader title="Settings" description="How the business runs: profile, booking rules, deposits, delivery areas, taxes and coupons. Each section saves on its own." />
      <LoadState loading={loading} error={error}>
        {data && (
          <>
            <div role="tablist" aria-label="Settings sections" className="mb-4 flex flex-wrap gap-1 border-b border-slate-300" onKeyDown={onKey}>
              {tabs.map((t) => (
                <button
                  key={t.id}
                  id={`tab-${t.id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => choose(t.id)}
                  className="-mb-px rounded-t-lg border border-transparent px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700 aria-selected:border-slate-300 aria-selected:border-b-white aria-selected:bg-white aria-selected:text-brand-900"
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              {tab === 'profile' && <ProfileForm initial={data.settings.profile} />}
              {tab === 'booking' && <BookingForm initial={data.settings.booking} />}
              {tab === 'payments' && <PaymentsForm initial={data.settings.payments} stripeConfigured={data.stripeConfigured} currency={data.settings.currency} />}
              {tab === 'reminders' && <RemindersForm initial={data.settings.reminders} timezone={data.settings.timezone} />}
              {tab === 'areas' && <ServiceAreas areas={data.serviceAreas} currency={data.settings.currency} onChange={reload} />}
              {tab === 'coupons' && <Coupons coupons={data.coupons} currency={data.settings.currency} onChange={reload} />}
            </div>
          </>
        )}
      </LoadState>
    </>
  );
}

/** A section form: PUT to its endpoint, toast, field errors beside the inputs. */
function useSectionSave(section: string, label: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async (values: unknown) => {
    setBusy(true);
    const result = await adminMutate<{ rebuild: boolean }>(`/api/admin/settings/${section}`, 'PUT', values, `${label} saved.`);
    setBusy(false);
    setErrors(result.ok ? {} : fieldErrorsOf(result.error));
    return result.ok;
  };
  return { errors, busy, save };
}

function SectionCard({ title, description, busy, onSubmit, children, error }: { title: string; description: ReactNode; busy: boolean; onSubmit(): void; children: ReactNode; error?: string | undefined }) {
  return (
    <Card title={title}>
      <p className="mb-4 text-sm text-slate-700">{description}</p>
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
        className="space-y-4"
      >
        {children}
        {error && <FieldMessage>{error}</FieldMessage>}
        <button type="submit" className={buttonClass} disabled={busy}>
          Save {title.toLowerCase()}
        </button>
      </form>
    </Card>
  );
}

function ProfileForm({ initial }: { initial: Settings }) {
  const [v, setV] = useState(initial);
  const { errors, busy, save } = useSectionSave('profile', 'Business profile');
  const set = (key: keyof Settings) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  const setHours = (day: string, hours: { open: string; close: string } | null) => setV({ ...v, officeHours: { ...v.officeHours, [day]: hours } });
  return (
    <SectionCard
      title="Business profile"
      description="Shown in the header, footer, contact page and e-mails. Saving asks for a site rebuild so the pages show the change."
      busy={busy}
      error={errors._}
      onSubmit={() =>
        void save({
          businessName: v.businessName,
          tagline: v.tagline,
          phone: v.phone,
          email: v.email,
          addressLine1: v.addressLine1,
          addressCity: v.addressCity,
          addressState: v.addressState.toUpperCase(),
          addressZip: v.addressZip,
          officeHours: v.officeHours,
        })
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField label="Business name" value={v.businessName} onChange={set('businessName')} error={errors.businessName} />
        <InputField label="Tagline" value={v.tagline} onChange={set('tagline')} error={errors.tagline} />
        <InputField label="Phone" type="tel" value={v.phone} onChange={set('phone')} error={errors.phone} />
        <InputField label="E-mail" type="email" value={v.email} onChange={set('email')} error={errors.email} />
        <InputField label="Street address" value={v.addressLine1} onChange={set('addressLine1')} error={errors.addressLine1} className="sm:col-span-2" />
        <InputField label="City" value={v.addressCity} onChange={set('addressCity')} error={errors.addressCity} />
        <div className="grid grid-cols-2 gap-3">
          <InputField label="State" value={v.addressState} maxLength={2} onChange={set('addressState')} error={errors.addressState} />
          <InputField label="ZIP code" inputMode="numeric" value={v.addressZip} onChange={set('addressZip')} error={errors.addressZip} />
        </div>
      </div>
      <fieldset>
        <legend className={labelClass}>Office hours</legend>
        <div className="mt-2 space-y-2">
          {weekdays.map(([day, name]) => {
            const hours = v.officeHours[day];
            return (
              <div key={day} className="flex flex-wrap items-end gap-3">
                <span className="w-24 text-sm font-semibold">{name}</span>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-brand-700" checked={hours === null} onChange={(e) => setHours(day, e.target.checked ? null : { open: '09:00', close: '17:00' })} />
                  Closed on {name}
                </label>
                {hours && (
                  <>
                    <InputField label={`${name} opens`} type="time" value={hours.open} onChange={(e) => setHours(day, { ...hours, open: e.target.value })} error={errors[`officeHours.${day}.open`]} />
                    <InputField label={`${name} closes`} type="time" value={hours.close} onChange={(e) => setHours(day, { ...hours, close: e.target.value })} error={errors[`officeHours.${day}.close`]} />
                  </>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
    </SectionCard>
  );
}

type Texts = Record<string, string>;
const texts = (o: object) => Object.fromEntries(Object.entries(o).map(([k, val]) => [k, String(val)])) as Texts;

function BookingForm({ initial }: { initial: Settings }) {
  const [v, setV] = useState<Texts>(() => texts(initial));
  const { errors, busy, save } = useSectionSave('booking', 'Booking rules');
  const field = (key: string, label: string, hint?: string, type = 'number') => (
    <InputField label={label} type={type} inputMode={type === 'number' ? 'numeric' : undefined} hint={hint} value={v[key] ?? ''} onChange={(e) => setV({ ...v, [key]: e.target.value })} error={errors[key]} />
  );
  return (
    <SectionCard
      title="Booking rules"
      description="When customers can book and how long units are blocked around each event. Used by the availability and pricing checks at once."
      busy={busy}
      error={errors._}
      onSubmit={() =>
        void save({
          leadTimeHours: numberOf(v.leadTimeHours!),
          maxDaysAhead: numberOf(v.maxDaysAhead!),
          deliveryWindowStart: v.deliveryWindowStart,
          deliveryWindowEnd: v.deliveryWindowEnd,
          defaultSetupMinutes: numberOf(v.defaultSetupMinutes!),
          defaultTeardownMinutes: numberOf(v.defaultTeardownMinutes!),
          holdMinutes: numberOf(v.holdMinutes!),
          cakeLeadTimeDays: numberOf(v.cakeLeadTimeDays!),
        })
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {field('leadTimeHours', 'Lead time (hours)', 'How far ahead of the event a booking must be made.')}
        {field('maxDaysAhead', 'Book at most this many days ahead')}
        {field('deliveryWindowStart', 'Earliest delivery', undefined, 'time')}
        {field('deliveryWindowEnd', 'Latest pick-up', undefined, 'time')}
        {field('defaultSetupMinutes', 'Default setup buffer (minutes)', 'Before the event; products can set their own.')}
        {field('defaultTeardownMinutes', 'Default teardown buffer (minutes)', 'After the event; products can set their own.')}
        {field('holdMinutes', 'Hold while paying (minutes)', 'How long units stay reserved while the customer pays the deposit.')}
        {field('cakeLeadTimeDays', 'Cake lead time (days)', 'Cakes can be ordered this many days ahead at the earliest.')}
      </div>
    </SectionCard>
  );
}

function PaymentsForm({ initial, stripeConfigured, currency }: { initial: Settings; stripeConfigured: boolean; currency: string }) {
  const [paymentMode, setPaymentMode] = useState(initial.paymentMode);
  const [depositMode, setDepositMode] = useState(initial.depositMode);
  const [waiverOptional, setWaiverOptional] = useState(initial.damageWaiverOptional ? 'optional' : 'required');
  const [v, setV] = useState<Texts>(() => ({
    depositPercent: String(initial.depositPercent),
    depositFlat: centsToDollars(initial.depositFlatCents),
    depositMinimum: centsToDollars(initial.depositMinimumCents),
    balanceDueDaysBefore: String(initial.balanceDueDaysBefore),
    damageWaiverPercent: String(initial.damageWaiverPercent),
  }));
  const { errors, busy, save } = useSectionSave('payments', 'Deposit and payments');
  const set = (key: string) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  return (
    <SectionCard
      title="Deposit and payments"
      description={`What customers pay to book, and the damage waiver. New prices use these at once; amounts in ${currency.toUpperCase()}.`}
      busy={busy}
      error={errors._}
      onSubmit={() =>
        void save({
          paymentMode,
          depositMode,
          depositPercent: numberOf(v.depositPercent!),
          depositFlatCents: dollarsToCents(v.depositFlat!),
          depositMinimumCents: dollarsToCents(v.depositMinimum!),
          balanceDueDaysBefore: numberOf(v.balanceDueDaysBefore!),
          damageWaiverPercent: numberOf(v.damageWaiverPercent!),
          damageWaiverOptional: waiverOptional === 'optional',
        })
      }
    >
      <RadioGroup
        legend="Payment mode"
        name="paymentMode"
        value={paymentMode}
        onChange={setPaymentMode}
        error={errors.paymentMode}
        options={[
          { value: 'deposit_online', label: 'Deposit online', hint: stripeConfigured ? 'Customers pay the deposit by card (Stripe Checkout) to confirm.' : 'Stripe is not configured, so bookings are taken as "deposit due" until it is.' },
          { value: 'pay_later', label: 'Pay later', hint: 'Bookings are taken as "deposit due"; staff collect the deposit.' },
        ]}
      />
      <RadioGroup
        legend="Deposit"
        name="depositMode"
        value={depositMode}
        onChange={setDepositMode}
        error={errors.depositMode}
        options={[
          { value: 'percent', label: 'A percentage of the total' },
          { value: 'flat', label: 'A flat amount' },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {depositMode === 'percent' ? (
          <InputField label="Deposit percent" type="number" inputMode="numeric" value={v.depositPercent} onChange={set('depositPercent')} error={errors.depositPercent} />
        ) : (
          <InputField label="Flat deposit ($)" type="number" step="0.01" inputMode="decimal" value={v.depositFlat} onChange={set('depositFlat')} error={errors.depositFlatCents} />
        )}
        <InputField label="Minimum deposit ($)" type="number" step="0.01" inputMode="decimal" hint="Never less than this (capped at the order total)." value={v.depositMinimum} onChange={set('depositMinimum')} error={errors.depositMinimumCents} />
        <InputField label="Balance due (days before the event)" type="number" inputMode="numeric" hint="0 = on the event day." value={v.balanceDueDaysBefore} onChange={set('balanceDueDaysBefore')} error={errors.balanceDueDaysBefore} />
        <InputField label="Damage waiver (percent of rentals)" type="number" step="0.01" inputMode="decimal" value={v.damageWaiverPercent} onChange={set('damageWaiverPercent')} error={errors.damageWaiverPercent} />
      </div>
      <RadioGroup
        legend="Damage waiver"
        name="damageWaiverOptional"
        value={waiverOptional}
        onChange={setWaiverOptional}
        error={errors.damageWaiverOptional}
        options={[
          { value: 'optional', label: 'Optional', hint: 'Customers may decline it at checkout.' },
          { value: 'required', label: 'Required', hint: 'Added to every booking.' },
        ]}
      />
    </SectionCard>
  );
}

/** A reminder's on/off switch, with what it sends and when; its timing field below it while it is on. */
function ReminderSwitch({ label, hint, checked, onChange, error, children }: { label: string; hint: string; checked: boolean; onChange(on: boolean): void; error?: string | undefined; children?: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-300 p-3">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-start gap-2">
        <input id={id} type="checkbox" className="mt-1 size-4 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} />
        <div>
          <label htmlFor={id} className="text-sm font-semibold text-slate-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-700">
            {hint}
          </p>
        </div>
      </div>
      {error && <FieldMessage>{error}</FieldMessage>}
      {checked && children}
    </fieldset>
  );
}

function RemindersForm({ initial, timezone }: { initial: Settings; timezone: string }) {
  const [on, setOn] = useState({
    balanceReminderEnabled: initial.balanceReminderEnabled,
    dayBeforeReminderEnabled: initial.dayBeforeReminderEnabled,
    waiverReminderEnabled: initial.waiverReminderEnabled,
    thankYouEnabled: initial.thankYouEnabled,
  });
  const [v, setV] = useState<Texts>(() => ({
    reminderSendTime: initial.reminderSendTime,
    balanceReminderDaysBefore: String(initial.balanceReminderDaysBefore),
    waiverReminderHoursBefore: String(initial.waiverReminderHoursBefore),
    thankYouDaysAfter: String(initial.thankYouDaysAfter),
    reviewUrl: initial.reviewUrl,
  }));
  const { errors, busy, save } = useSectionSave('reminders', 'Reminders');
  const set = (key: string) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  const toggle = (key: keyof typeof on) => (value: boolean) => setOn({ ...on, [key]: value });
  return (
    <SectionCard
      title="Reminders"
      description={`E-mails the site sends customers by itself, each at most once per booking and listed in the booking's history. Never for cancelled bookings. Times are in the business's time zone (${timezone}).`}
      busy={busy}
      error={errors._}
      onSubmit={() =>
        void save({
          ...on,
          reminderSendTime: v.reminderSendTime,
          balanceReminderDaysBefore: numberOf(v.balanceReminderDaysBefore!),
          waiverReminderHoursBefore: numberOf(v.waiverReminderHoursBefore!),
          thankYouDaysAfter: numberOf(v.thankYouDaysAfter!),
          reviewUrl: v.reviewUrl!.trim(),
        })
      }
    >
      <InputField
        label="Send day-based reminders from"
        type="time"
        hint="Balance, day-before and thank-you messages go out from this time of day, never at night."
        value={v.reminderSendTime}
        onChange={set('reminderSendTime')}
        error={errors.reminderSendTime}
        className="max-w-xs"
      />
      <ReminderSwitch label="Balance due" hint="Reminds the customer of the amount still owed before the balance due date." checked={on.balanceReminderEnabled} onChange={toggle('balanceReminderEnabled')} error={errors.balanceReminderEnabled}>
        <InputField label="Days before the balance is due" type="number" inputMode="numeric" hint="0 = on the due date." value={v.balanceReminderDaysBefore} onChange={set('balanceReminderDaysBefore')} error={errors.balanceReminderDaysBefore} className="max-w-xs" />
      </ReminderSwitch>
      <ReminderSwitch label="Day before the event" hint="The arrival window, what to prepare and the waiver link, on the day before the party." checked={on.dayBeforeReminderEnabled} onChange={toggle('dayBeforeReminderEnabled')} error={errors.dayBeforeReminderEnabled} />
      <ReminderSwitch label="Waiver still missing" hint="Asks for the safety waiver when none is signed yet." checked={on.waiverReminderEnabled} onChange={toggle('waiverReminderEnabled')} error={errors.waiverReminderEnabled}>
        <InputField label="Hours before the event starts" type="number" inputMode="numeric" value={v.waiverReminderHoursBefore} onChange={set('waiverReminderHoursBefore')} error={errors.waiverReminderHoursBefore} className="max-w-xs" />
      </ReminderSwitch>
      <ReminderSwitch label="Thank-you after the party" hint="Sent once the booking is completed, with the review link below when there is one." checked={on.thankYouEnabled} onChange={toggle('thankYouEnabled')} error={errors.thankYouEnabled}>
        <InputField label="Days after completion" type="number" inputMode="numeric" hint="0 = the same day." value={v.thankYouDaysAfter} onChange={set('thankYouDaysAfter')} error={errors.thankYouDaysAfter} className="max-w-xs" />
      </ReminderSwitch>
      <InputField label="Review link" type="url" inputMode="url" placeholder="https://" hint="Where the thank-you asks for a review (e.g. your Google review link). Leave empty for none." value={v.reviewUrl} onChange={set('reviewUrl')} error={errors.reviewUrl} />
    </SectionCard>
  );
}

const emptyArea = { id: '', slug: '', city: '', state: 'TX', zipCodes: [] as string[], deliveryFeeCents: 0, taxRateBps: 825, minimumOrderCents: 0, active: true, bookings: 0 };

function ServiceAreas({ areas, currency, onChange }: { areas: ServiceAreaDto[]; currency: string; onChange(): void }) {
  const [editing, setEditing] = useState<ServiceAreaDto | null>(null);
  return (
    <div className="space-y-4">
      <Card
        title="Service areas"
        actions={
          <button type="button" className={buttonClass} onClick={() => setEditing(emptyArea)}>
            Add service area
          </button>
        }
      >
        <p className="mb-3 text-sm text-slate-700">Each ZIP code belongs to one area, which sets the delivery fee, sales tax and minimum order. Changes apply to prices at once and to the pages after the rebuild they request.</p>
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Service areas</caption>
            <thead>
              <tr>
                {['City', 'ZIP codes', 'Delivery fee', 'Sales tax', 'Minimum order', 'Status'].map((h) => (
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
              {areas.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className={`${tdClass} font-semibold`}>
                    {a.city}, {a.state}
                  </th>
                  <td className={`${tdClass} max-w-64`}>{a.zipCodes.join(', ')}</td>
                  <td className={tdClass}>{formatMoney(a.deliveryFeeCents, currency)}</td>
                  <td className={tdClass}>{(a.taxRateBps / 100).toFixed(2)} %</td>
                  <td className={tdClass}>{a.minimumOrderCents ? formatMoney(a.minimumOrderCents, currency) : '—'}</td>
                  <td className={tdClass}>{a.active ? <Badge tone="good">Active</Badge> : <Badge>Inactive</Badge>}</td>
                  <td className={tdClass}>
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(a)}>
                      Edit<span className="sr-only"> {a.city}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {editing && (
        <ServiceAreaForm
          key={editing.id || 'new'}
          area={editing}
          onDone={() => {
            setEditing(null);
            onChange();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function ServiceAreaForm({ area, onDone, onCancel }: { area: ServiceAreaDto; onDone(): void; onCancel(): void }) {
  const zipId = useId();
  const [v, setV] = useState<Texts>({
    slug: area.slug,
    city: area.city,
    state: area.state,
    zips: area.zipCodes.join(', '),
    fee: centsToDollars(area.deliveryFeeCents),
    tax: (area.taxRateBps / 100).toString(),
    minimum: centsToDollars(area.minimumOrderCents),
  });
  const [active, setActive] = useState(area.active);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: string) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const body = {
      slug: v.slug || v.city!.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
      city: v.city,
      state: v.state!.toUpperCase(),
      zipCodes: parseZipList(v.zips!),
      deliveryFeeCents: dollarsToCents(v.fee!),
      taxRateBps: Math.round(numberOf(v.tax!) * 100),
      minimumOrderCents: dollarsToCents(v.minimum!),
      active,
    };
    const result = area.id
      ? await adminMutate(`/api/admin/settings/service-areas/${area.id}`, 'PUT', body, `${body.city} saved.`)
      : await adminMutate('/api/admin/settings/service-areas', 'POST', body, `${body.city} added.`);
    setBusy(false);
    if (!result.ok) return setErrors(fieldErrorsOf(result.error));
    onDone();
  };
  const zipError = errors.zipCodes ?? Object.entries(errors).find(([k]) => k.startsWith('zipCodes.'))?.[1];
  return (
    <Card title={area.id ? `Edit ${area.city}` : 'New service area'}>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
        <InputField label="City" value={v.city} onChange={set('city')} error={errors.city} />
        <InputField label="State" value={v.state} maxLength={2} onChange={set('state')} error={errors.state} />
        <InputField label="Slug (used in page addresses)" value={v.slug} onChange={set('slug')} hint={area.id ? undefined : 'Leave empty to make one from the city.'} error={errors.slug} />
        <div>
          <label htmlFor={zipId} className={labelClass}>
            ZIP codes
          </label>
          <textarea
            id={zipId}
            className={`mt-1 ${inputClass}`}
            rows={3}
            value={v.zips}
            onChange={set('zips')}
            aria-invalid={zipError ? true : undefined}
            aria-describedby={`${zipId}-hint${zipError ? ` ${zipId}-error` : ''}`}
          />
          <p id={`${zipId}-hint`} className="mt-1 text-xs text-slate-700">
            Separated by commas or spaces.
          </p>
          {zipError && <FieldMessage id={`${zipId}-error`}>{zipError}</FieldMessage>}
        </div>
        <InputField label="Delivery fee ($)" type="number" step="0.01" inputMode="decimal" value={v.fee} onChange={set('fee')} error={errors.deliveryFeeCents} />
        <InputField label="Sales tax (%)" type="number" step="0.01" inputMode="decimal" value={v.tax} onChange={set('tax')} error={errors.taxRateBps} />
        <InputField label="Minimum order ($)" type="number" step="0.01" inputMode="decimal" value={v.minimum} onChange={set('minimum')} error={errors.minimumOrderCents} />
        <label className="flex items-center gap-2 self-end text-sm font-semibold">
          <input type="checkbox" className="size-4 accent-brand-700" checked={active} onChange={(e) => setActive(e.target.checked)} />
          Active (we deliver here)
        </label>
        {errors._ && <FieldMessage>{errors._}</FieldMessage>}
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {area.id ? 'Save service area' : 'Add service area'}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}

const emptyCoupon: CouponDto = { id: '', code: '', description: '', kind: 'percent', percentOff: 10, amountOffCents: null, startsOn: null, endsOn: null, usageLimit: null, minimumOrderCents: 0, active: true, timesUsed: 0, createdAt: '' };
const couponBody = (c: CouponDto) => ({ code: c.code, description: c.description, kind: c.kind, percentOff: c.percentOff, amountOffCents: c.amountOffCents, startsOn: c.startsOn, endsOn: c.endsOn, usageLimit: c.usageLimit, minimumOrderCents: c.minimumOrderCents, active: c.active });

function Coupons({ coupons, currency, onChange }: { coupons: CouponDto[]; currency: string; onChange(): void }) {
  const [editing, setEditing] = useState<CouponDto | null>(null);
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
          <button type="button" className={buttonClass} onClick={() => setEditing(emptyCoupon)}>
            Add coupon
          </button>
        }
      >
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <InputField label="Search coupons" type="search" value={q} onChange={(e) => setQ(e.target.value)} className="min-w-56 flex-1" />
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input type="checkbox" className="size-4 accent-brand-700" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
            Show deactivated coupons
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="p-3 text-sm text-slate-700">No coupon matches.</p>
        ) : (
          <div className="overflow-x-auto">
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
                      <button type="button" className={secondaryButtonClass} onClick={() => setEditing(c)}>
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
          onDone={() => {
            setEditing(null);
            onChange();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function CouponForm({ coupon, onDone, onCancel }: { coupon: CouponDto; onDone(): void; onCancel(): void }) {
  const [kind, setKind] = useState(coupon.kind);
  const [active, setActive] = useState(coupon.active);
  const [v, setV] = useState<Texts>({
    code: coupon.code,
    description: coupon.description,
    percent: coupon.percentOff?.toString() ?? '',
    amount: coupon.amountOffCents === null ? '' : centsToDollars(coupon.amountOffCents),
    startsOn: coupon.startsOn ?? '',
    endsOn: coupon.endsOn ?? '',
    usageLimit: coupon.usageLimit?.toString() ?? '',
    minimum: centsToDollars(coupon.minimumOrderCents),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: string) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      code: v.code,
      description: v.description,
      kind,
      percentOff: kind === 'percent' ? numberOf(v.percent!) : null,
      amountOffCents: kind === 'amount' ? dollarsToCents(v.amount!) : null,
      startsOn: v.startsOn || null,
      endsOn: v.endsOn || null,
      usageLimit: v.usageLimit ? numberOf(v.usageLimit) : null,
      minimumOrderCents: v.minimum ? dollarsToCents(v.minimum) : 0,
      active,
    };
    setBusy(true);
    const result = coupon.id
      ? await adminMutate(`/api/admin/settings/coupons/${coupon.id}`, 'PUT', body, `Coupon ${v.code!.toUpperCase()} saved.`)
      : await adminMutate('/api/admin/settings/coupons', 'POST', body, `Coupon ${v.code!.toUpperCase()} created.`);
    setBusy(false);
    if (!result.ok) return setErrors(fieldErrorsOf(result.error));
    onDone();
  };
  return (
    <Card title={coupon.id ? `Edit ${coupon.code}` : 'New coupon'}>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
        <InputField label="Code" value={v.code} onChange={set('code')} hint="3 to 32 letters, digits or dashes; customers type it at checkout." error={errors.code} />
        <InputField label="Description (for staff)" value={v.description} onChange={set('description')} error={errors.description} />
        <RadioGroup
          legend="Discount"
          name="kind"
          value={kind}
          onChange={setKind}
          error={errors.kind}
          options={[
            { value: 'percent', label: 'A percentage off' },
            { value: 'amount', label: 'An amount off' },
          ]}
        />
        {kind === 'percent' ? (
          <InputField label="Percent off" type="number" inputMode="numeric" value={v.percent} onChange={set('percent')} error={errors.percentOff} />
        ) : (
          <InputField label="Amount off ($)" type="number" step="0.01" inputMode="decimal" value={v.amount} onChange={set('amount')} error={errors.amountOffCents} />
        )}
        <InputField label="Starts on (optional)" type="date" value={v.startsOn} onChange={set('startsOn')} error={errors.startsOn} />
        <InputField label="Ends on (optional)" type="date" value={v.endsOn} onChange={set('endsOn')} error={errors.endsOn} />
        <InputField label="Usage limit (optional)" type="number" inputMode="numeric" value={v.usageLimit} onChange={set('usageLimit')} hint={coupon.id ? `Used ${coupon.timesUsed} times so far.` : 'Leave empty for no limit.'} error={errors.usageLimit} />
        <InputField label="Minimum order ($)" type="number" step="0.01" inputMode="decimal" value={v.minimum} onChange={set('minimum')} error={errors.minimumOrderCents} />
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" className="size-4 accent-brand-700" checked={active} onChange={(e) => setActive(e.target.checked)} />
          Active (customers can use it)
        </label>
        {errors._ && <FieldMessage>{errors._}</FieldMessage>}
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {coupon.id ? 'Save coupon' : 'Create coupon'}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}
