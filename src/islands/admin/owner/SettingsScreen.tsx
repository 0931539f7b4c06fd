import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { bookingSection, parseZipList, paymentsSection, profileSection, serviceAreaBody, warehouseSection } from '../../../lib/settings/settings-admin';
import { remindersSection } from '../../../lib/reminders/reminder-settings';
import type { CouponDto, ServiceAreaDto, TruckDto } from '../../../lib/settings/settings-admin.server';
import type { CouponInput } from '../../../lib/pricing/coupons.server';
import { centsToDollarsInput } from '../../../lib/pricing/money';
import { weekdays as weekdayKeys, type BusinessSettings } from '../../../lib/settings/schema';
import { z } from '../../../lib/validation/zod';
import { formatMoney } from '../../shared/format';
import { Checkbox, FormAlert, labelClass, RadioGroup, TextArea, TextField } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { apiResolver, showServerErrors, textReader, useAdminForm } from '../shared/admin-form';
import { slugify } from '../shared/slug';
import { Badge, buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { confirmDiscard } from '../shared/unsaved-changes';
import { NotAllowed } from './NotAllowed';

type Settings = BusinessSettings;
interface SettingsPayload {
  settings: { profile: Settings; booking: Settings; payments: Settings; reminders: Settings; warehouse: Settings; timezone: string; currency: string };
  serviceAreas: ServiceAreaDto[];
  coupons: CouponDto[];
  trucks: TruckDto[];
  stripeConfigured: boolean;
}

const tabs = [
  { id: 'profile', label: 'Business profile' },
  { id: 'booking', label: 'Booking rules' },
  { id: 'payments', label: 'Deposit & payments' },
  { id: 'reminders', label: 'Reminders' },
  { id: 'areas', label: 'Service areas & fees' },
  { id: 'coupons', label: 'Coupons' },
  { id: 'day', label: 'Warehouse & trucks' },
] as const;
type TabId = (typeof tabs)[number]['id'];
const dayNames: Record<(typeof weekdayKeys)[number], string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

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
    // A tab's form goes away with the tab: ask before unsaved changes go with it.
    if (id !== tab && !confirmDiscard()) return;
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
              {tab === 'day' && (
                <div className="space-y-4">
                  <WarehouseForm initial={data.settings.warehouse} />
                  <Trucks trucks={data.trucks} onChange={reload} />
                </div>
              )}
            </div>
          </>
        )}
      </LoadState>
    </>
  );
}

/** Field paths of a form's values: server errors on them show beside their inputs, the rest in the form's alert. */
const pathsOf = (values: object) => (path: string) => path.split('.')[0]! in values;

/**
 * A section or record form: react-hook-form with the API's schema, the unsaved-changes warning, the
 * save with its toast, and the server's field errors beside the inputs.
 */
function useSettingsForm<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, defaults: T) {
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (url: string, method: 'PUT' | 'POST', body: unknown, success: string) => {
    setProblem(null);
    const result = await adminMutate(url, method, body, success);
    if (!result.ok) {
      setProblem(showServerErrors(form.setError, result.error, pathsOf(defaults)));
      return false;
    }
    saving.saved();
    return true;
  };
  return { save, problem, confirmDiscard: saving.confirmDiscard };
}

function SectionCard({ title, description, busy, onSubmit, children, problem }: { title: string; description: ReactNode; busy: boolean; onSubmit(): void; children: ReactNode; problem: string | null }) {
  return (
    <Card title={title}>
      <p className="mb-4 text-sm text-slate-700">{description}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="space-y-4"
      >
        {children}
        {problem && <FormAlert title={`${title} was not saved`} message={problem} />}
        <button type="submit" className={buttonClass} disabled={busy}>
          Save {title.toLowerCase()}
        </button>
      </form>
    </Card>
  );
}

type Profile = z.input<typeof profileSection>;
const profileResolver = apiResolver(profileSection, (v: Profile) => ({ ...v, addressState: v.addressState.toUpperCase() }));

function ProfileForm({ initial }: { initial: Settings }) {
  const defaults: Profile = {
    businessName: initial.businessName,
    tagline: initial.tagline,
    phone: initial.phone,
    email: initial.email,
    addressLine1: initial.addressLine1,
    addressCity: initial.addressCity,
    addressState: initial.addressState,
    addressZip: initial.addressZip,
    officeHours: initial.officeHours,
  };
  const form = useForm<Profile, unknown, z.output<typeof profileSection>>({ resolver: profileResolver, defaultValues: defaults });
  const { register, handleSubmit, setValue, watch, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  const hours = watch('officeHours');
  return (
    <SectionCard
      title="Business profile"
      description="Shown in the header, footer, contact page and e-mails. Saving asks for a site rebuild so the pages show the change."
      busy={formState.isSubmitting}
      problem={problem}
      onSubmit={() => void handleSubmit((values) => save('/api/admin/settings/profile', 'PUT', values, 'Business profile saved.'))()}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('businessName')} label="Business name" error={errors.businessName?.message} />
        <TextField {...register('tagline')} label="Tagline" optional error={errors.tagline?.message} />
        <TextField {...register('phone')} label="Phone" type="tel" error={errors.phone?.message} />
        <TextField {...register('email')} label="E-mail" type="email" error={errors.email?.message} />
        <TextField {...register('addressLine1')} label="Street address" error={errors.addressLine1?.message} className="sm:col-span-2" />
        <TextField {...register('addressCity')} label="City" error={errors.addressCity?.message} />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...register('addressState')} label="State" maxLength={2} error={errors.addressState?.message} />
          <TextField {...register('addressZip')} label="ZIP code" inputMode="numeric" error={errors.addressZip?.message} />
        </div>
      </div>
      <fieldset>
        <legend className={labelClass}>Office hours</legend>
        <div className="mt-2 space-y-2">
          {weekdayKeys.map((day) => {
            const name = dayNames[day];
            const open = hours[day];
            return (
              <div key={day} className="flex flex-wrap items-end gap-3">
                <span className="w-24 text-sm font-semibold">{name}</span>
                <Checkbox
                  label={`Closed on ${name}`}
                  checked={open === null}
                  onChange={(e) => setValue(`officeHours.${day}`, e.target.checked ? null : { open: '09:00', close: '17:00' }, { shouldDirty: true })}
                />
                {open && (
                  <>
                    <TextField {...register(`officeHours.${day}.open`)} label={`${name} opens`} type="time" error={errors.officeHours?.[day]?.open?.message} />
                    <TextField {...register(`officeHours.${day}.close`)} label={`${name} closes`} type="time" error={errors.officeHours?.[day]?.close?.message} />
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

const bookingKeys = ['leadTimeHours', 'maxDaysAhead', 'deliveryWindowStart', 'deliveryWindowEnd', 'defaultSetupMinutes', 'defaultTeardownMinutes', 'holdMinutes', 'cakeLeadTimeDays'] as const;
type BookingRules = Record<(typeof bookingKeys)[number], string> & { crewMayTakeBookings: boolean };
const bookingResolver = apiResolver(bookingSection, (v: BookingRules, problems) => {
  const read = textReader(problems);
  return {
    leadTimeHours: read.number('leadTimeHours', v.leadTimeHours),
    maxDaysAhead: read.number('maxDaysAhead', v.maxDaysAhead),
    deliveryWindowStart: v.deliveryWindowStart,
    deliveryWindowEnd: v.deliveryWindowEnd,
    defaultSetupMinutes: read.number('defaultSetupMinutes', v.defaultSetupMinutes),
    defaultTeardownMinutes: read.number('defaultTeardownMinutes', v.defaultTeardownMinutes),
    holdMinutes: read.number('holdMinutes', v.holdMinutes),
    cakeLeadTimeDays: read.number('cakeLeadTimeDays', v.cakeLeadTimeDays),
    crewMayTakeBookings: v.crewMayTakeBookings,
  };
});

function BookingForm({ initial }: { initial: Settings }) {
  const defaults = { ...Object.fromEntries(bookingKeys.map((key) => [key, String(initial[key])])), crewMayTakeBookings: initial.crewMayTakeBookings } as BookingRules;
  const form = useForm<BookingRules, unknown, z.output<typeof bookingSection>>({ resolver: bookingResolver, defaultValues: defaults });
  const { register, handleSubmit, formState } = form;
  const { save, problem } = useSettingsForm(form, defaults);
  const field = (key: (typeof bookingKeys)[number], label: string, hint?: string, type: 'number' | 'time' = 'number') => (
    <TextField {...register(key)} label={label} type={type === 'time' ? 'time' : 'text'} inputMode={type === 'number' ? 'numeric' : undefined} hint={hint} error={formState.errors[key]?.message} />
  );
  return (
    <SectionCard
      title="Booking rules"
      description="When customers can book and how long units are blocked around each event. Used by the availability and pricing checks at once."
      busy={formState.isSubmitting}
      problem={problem}
      onSubmit={() => void handleSubmit((values) => save('/api/admin/settings/booking', 'PUT', values, 'Booking rules saved.'))()}
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
      <Checkbox
        {...register('crewMayTakeBookings')}
        label="Crew may take phone bookings"
        hint="Managers and owners always can. Editing a booking stays with managers."
        error={formState.errors.crewMayTakeBookings?.message}
      />
    </SectionCard>
  );
}

interface Payments {
  paymentMode: Settings['paymentMode'];
  depositMode: Settings['depositMode'];
  depositPercent: string;
  depositFlatCents: string;
  depositMinimumCents: string;
  balanceDueDaysBefore: string;
  damageWaiverPercent: string;
  damageWaiverOptional: 'optional' | 'required';
}
const paymentsResolver = apiResolver(paymentsSection, (v: Payments, problems) => {
  const read = textReader(problems);
  return {
    paymentMode: v.paymentMode,
    depositMode: v.depositMode,
    depositPercent: read.number('depositPercent', v.depositPercent),
    depositFlatCents: read.dollars('depositFlatCents', v.depositFlatCents),
    depositMinimumCents: read.dollars('depositMinimumCents', v.depositMinimumCents),
    balanceDueDaysBefore: read.number('balanceDueDaysBefore', v.balanceDueDaysBefore),
    damageWaiverPercent: read.number('damageWaiverPercent', v.damageWaiverPercent),
    damageWaiverOptional: v.damageWaiverOptional === 'optional',
  };
});

function PaymentsForm({ initial, stripeConfigured, currency }: { initial: Settings; stripeConfigured: boolean; currency: string }) {
  const defaults: Payments = {
    paymentMode: initial.paymentMode,
    depositMode: initial.depositMode,
    depositPercent: String(initial.depositPercent),
    depositFlatCents: centsToDollarsInput(initial.depositFlatCents),
    depositMinimumCents: centsToDollarsInput(initial.depositMinimumCents),
    balanceDueDaysBefore: String(initial.balanceDueDaysBefore),
    damageWaiverPercent: String(initial.damageWaiverPercent),
    damageWaiverOptional: initial.damageWaiverOptional ? 'optional' : 'required',
  };
  const form = useForm<Payments, unknown, z.output<typeof paymentsSection>>({ resolver: paymentsResolver, defaultValues: defaults });
  const { register, handleSubmit, watch, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  return (
    <SectionCard
      title="Deposit and payments"
      description={`What customers pay to book, and the damage waiver. New prices use these at once; amounts in ${currency.toUpperCase()}.`}
      busy={formState.isSubmitting}
      problem={problem}
      onSubmit={() => void handleSubmit((values) => save('/api/admin/settings/payments', 'PUT', values, 'Deposit and payments saved.'))()}
    >
      <RadioGroup
        legend="Payment mode"
        {...register('paymentMode')}
        error={errors.paymentMode?.message}
        options={[
          { value: 'deposit_online', label: 'Deposit online', hint: stripeConfigured ? 'Customers pay the deposit by card (Stripe Checkout) to confirm.' : 'Stripe is not configured, so bookings are taken as "deposit due" until it is.' },
          { value: 'pay_later', label: 'Pay later', hint: 'Bookings are taken as "deposit due"; staff collect the deposit.' },
        ]}
      />
      <RadioGroup
        legend="Deposit"
        {...register('depositMode')}
        error={errors.depositMode?.message}
        options={[
          { value: 'percent', label: 'A percentage of the total' },
          { value: 'flat', label: 'A flat amount' },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {watch('depositMode') === 'percent' ? (
          <TextField {...register('depositPercent')} label="Deposit percent" inputMode="numeric" error={errors.depositPercent?.message} />
        ) : (
          <TextField {...register('depositFlatCents')} label="Flat deposit ($)" inputMode="decimal" error={errors.depositFlatCents?.message} />
        )}
        <TextField {...register('depositMinimumCents')} label="Minimum deposit ($)" inputMode="decimal" hint="Never less than this (capped at the order total)." error={errors.depositMinimumCents?.message} />
        <TextField {...register('balanceDueDaysBefore')} label="Balance due (days before the event)" inputMode="numeric" hint="0 = on the event day." error={errors.balanceDueDaysBefore?.message} />
        <TextField {...register('damageWaiverPercent')} label="Damage waiver (percent of rentals)" inputMode="decimal" error={errors.damageWaiverPercent?.message} />
      </div>
      <RadioGroup
        legend="Damage waiver"
        {...register('damageWaiverOptional')}
        error={errors.damageWaiverOptional?.message}
        options={[
          { value: 'optional', label: 'Optional', hint: 'Customers may decline it at checkout.' },
          { value: 'required', label: 'Required', hint: 'Added to every booking.' },
        ]}
      />
    </SectionCard>
  );
}

interface Reminders {
  reminderSendTime: string;
  balanceReminderEnabled: boolean;
  balanceReminderDaysBefore: string;
  dayBeforeReminderEnabled: boolean;
  waiverReminderEnabled: boolean;
  waiverReminderHoursBefore: string;
  thankYouEnabled: boolean;
  thankYouDaysAfter: string;
  reviewUrl: string;
}
const remindersResolver = apiResolver(remindersSection, (v: Reminders, problems) => {
  const read = textReader(problems);
  return {
    ...v,
    balanceReminderDaysBefore: read.number('balanceReminderDaysBefore', v.balanceReminderDaysBefore),
    waiverReminderHoursBefore: read.number('waiverReminderHoursBefore', v.waiverReminderHoursBefore),
    thankYouDaysAfter: read.number('thankYouDaysAfter', v.thankYouDaysAfter),
    reviewUrl: v.reviewUrl.trim(),
  };
});

/** Each reminder's on/off switch, with what it sends and when; its timing field below it while it is on. */
function RemindersForm({ initial, timezone }: { initial: Settings; timezone: string }) {
  const defaults: Reminders = {
    reminderSendTime: initial.reminderSendTime,
    balanceReminderEnabled: initial.balanceReminderEnabled,
    balanceReminderDaysBefore: String(initial.balanceReminderDaysBefore),
    dayBeforeReminderEnabled: initial.dayBeforeReminderEnabled,
    waiverReminderEnabled: initial.waiverReminderEnabled,
    waiverReminderHoursBefore: String(initial.waiverReminderHoursBefore),
    thankYouEnabled: initial.thankYouEnabled,
    thankYouDaysAfter: String(initial.thankYouDaysAfter),
    reviewUrl: initial.reviewUrl,
  };
  const form = useForm<Reminders, unknown, z.output<typeof remindersSection>>({ resolver: remindersResolver, defaultValues: defaults });
  const { register, handleSubmit, formState, watch } = form;
  const { save, problem } = useSettingsForm(form, defaults);
  const error = (key: keyof Reminders) => formState.errors[key]?.message;
  const timing = (key: 'balanceReminderDaysBefore' | 'waiverReminderHoursBefore' | 'thankYouDaysAfter', label: string, hint?: string) => (
    <TextField {...register(key)} label={label} inputMode="numeric" hint={hint} error={error(key)} className="ml-7 max-w-xs" />
  );
  return (
    <SectionCard
      title="Reminders"
      description={`E-mails the site sends customers by itself, each at most once per booking and listed in the booking's history. Never for cancelled bookings. Times are in the business's time zone (${timezone}).`}
      busy={formState.isSubmitting}
      problem={problem}
      onSubmit={() => void handleSubmit((values) => save('/api/admin/settings/reminders', 'PUT', values, 'Reminders saved.'))()}
    >
      <TextField {...register('reminderSendTime')} label="Send day-based reminders from" type="time" hint="Balance, day-before and thank-you messages go out from this time of day, never at night." error={error('reminderSendTime')} className="max-w-xs" />
      <Checkbox {...register('balanceReminderEnabled')} label="Balance due" hint="Reminds the customer of the amount still owed before the balance due date." error={error('balanceReminderEnabled')} />
      {watch('balanceReminderEnabled') && timing('balanceReminderDaysBefore', 'Days before the balance is due', '0 = on the due date.')}
      <Checkbox {...register('dayBeforeReminderEnabled')} label="Day before the event" hint="The arrival window, what to prepare and the waiver link, on the day before the party." error={error('dayBeforeReminderEnabled')} />
      <Checkbox {...register('waiverReminderEnabled')} label="Waiver still missing" hint="Asks for the safety waiver when none is signed yet." error={error('waiverReminderEnabled')} />
      {watch('waiverReminderEnabled') && timing('waiverReminderHoursBefore', 'Hours before the event starts')}
      <Checkbox {...register('thankYouEnabled')} label="Thank-you after the party" hint="Sent once the booking is completed, with the review link below when there is one." error={error('thankYouEnabled')} />
      {watch('thankYouEnabled') && timing('thankYouDaysAfter', 'Days after completion', '0 = the same day.')}
      <TextField {...register('reviewUrl')} label="Review link" type="url" inputMode="url" placeholder="https://" hint="Where the thank-you asks for a review (e.g. your Google review link). Leave empty for none." error={error('reviewUrl')} />
    </SectionCard>
  );
}

type Warehouse = z.input<typeof warehouseSection>;
const warehouseResolver = apiResolver(warehouseSection, (v: Warehouse) => ({ ...v, warehouseState: v.warehouseState.toUpperCase() }));

/** Where the trucks load: the day screen's suggested order starts and ends at its ZIP code. */
function WarehouseForm({ initial }: { initial: Settings }) {
  const defaults: Warehouse = { warehouseLine1: initial.warehouseLine1, warehouseCity: initial.warehouseCity, warehouseState: initial.warehouseState, warehouseZip: initial.warehouseZip };
  const form = useForm<Warehouse, unknown, z.output<typeof warehouseSection>>({ resolver: warehouseResolver, defaultValues: defaults });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  return (
    <SectionCard
      title="Warehouse"
      description="Where the trucks load and come back to. The day screen's suggested driving order starts and ends here (by its ZIP code)."
      busy={formState.isSubmitting}
      problem={problem}
      onSubmit={() => void handleSubmit((values) => save('/api/admin/settings/warehouse', 'PUT', values, 'Warehouse saved.'))()}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('warehouseLine1')} label="Warehouse street address" error={errors.warehouseLine1?.message} className="sm:col-span-2" />
        <TextField {...register('warehouseCity')} label="Warehouse city" error={errors.warehouseCity?.message} />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...register('warehouseState')} label="Warehouse state" maxLength={2} error={errors.warehouseState?.message} />
          <TextField {...register('warehouseZip')} label="Warehouse ZIP code" inputMode="numeric" error={errors.warehouseZip?.message} />
        </div>
      </div>
    </SectionCard>
  );
}

/** Trucks (or crews): named here, assigned to bookings on the day screen. Deactivated ones keep their history. */
function Trucks({ trucks, onChange }: { trucks: TruckDto[]; onChange(): void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    setProblem(null);
    const result = await adminMutate('/api/admin/settings/trucks', 'POST', { name, active: true, sortOrder: trucks.length }, `${name.trim()} added.`);
    if (result.ok) {
      setName('');
      onChange();
    } else setProblem(result.error.fields?.name ?? result.error.message);
  };
  const update = async (t: TruckDto, change: Partial<TruckDto>, message: string) => {
    const result = await adminMutate(`/api/admin/settings/trucks/${t.id}`, 'PUT', { name: t.name, active: t.active, sortOrder: t.sortOrder, ...change }, message);
    if (result.ok) onChange();
    return result;
  };
  return (
    <Card title="Trucks and crews">
      <p className="mb-3 text-sm text-slate-700">What leaves the warehouse together. Bookings are assigned to a truck on the day screen; a truck that ran bookings is deactivated, never deleted.</p>
      {trucks.length === 0 ? (
        <p className="mb-3 text-sm text-slate-700">No trucks yet: add the first one below.</p>
      ) : (
        <ul aria-label="Trucks" className="mb-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {trucks.map((t) => (
            <TruckRow key={t.id} truck={t} update={update} />
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextField label="New truck or crew" value={name} onChange={(e) => setName(e.target.value)} error={problem ?? undefined} className="min-w-56 flex-1" />
        <button type="submit" className={buttonClass}>
          Add truck
        </button>
      </form>
    </Card>
  );
}

/** One truck: its name (renamed in place), whether it runs, and how many bookings it has had. */
function TruckRow({ truck: t, update }: { truck: TruckDto; update(t: TruckDto, change: Partial<TruckDto>, message: string): Promise<{ ok: boolean; error?: { message: string; fields?: Record<string, string> } }> }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = async () => {
    const next = (renaming ?? '').trim();
    if (next === t.name) return setRenaming(null);
    const result = await update(t, { name: next }, `Renamed to ${next}.`);
    if (result.ok) setRenaming(null);
    else setProblem(result.error?.fields?.name ?? result.error?.message ?? null);
  };
  return (
    <li className="flex flex-wrap items-center gap-2 p-2">
      {renaming === null ? (
        <span className="min-w-32 flex-1 font-semibold">{t.name}</span>
      ) : (
        <form
          noValidate
          className="flex min-w-56 flex-1 flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void rename();
          }}
        >
          <TextField label={`New name for ${t.name}`} value={renaming} onChange={(e) => setRenaming(e.target.value)} error={problem ?? undefined} className="min-w-40 flex-1" autoFocus />
          <button type="submit" className={buttonClass}>
            Save name
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setRenaming(null)}>
            Cancel
          </button>
        </form>
      )}
      {t.active ? <Badge tone="good">Active</Badge> : <Badge>Deactivated</Badge>}
      <span className="text-sm text-slate-700">{t.bookings} bookings</span>
      {renaming === null && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setProblem(null);
            setRenaming(t.name);
          }}
        >
          Rename<span className="sr-only"> {t.name}</span>
        </button>
      )}
      <button type="button" className={secondaryButtonClass} onClick={() => void update(t, { active: !t.active }, t.active ? `${t.name} deactivated.` : `${t.name} is active again.`)}>
        {t.active ? 'Deactivate' : 'Activate'}
        <span className="sr-only"> {t.name}</span>
      </button>
    </li>
  );
}

const emptyArea: ServiceAreaDto = { id: '', slug: '', city: '', state: 'TX', zipCodes: [], deliveryFeeCents: 0, taxRateBps: 825, minimumOrderCents: 0, active: true, bookings: 0 };

function ServiceAreas({ areas, currency, onChange }: { areas: ServiceAreaDto[]; currency: string; onChange(): void }) {
  const [editing, setEditing] = useState<ServiceAreaDto | null>(null);
  // Opening another area (or none) drops the open form: ask first when it has unsaved changes.
  const edit = (area: ServiceAreaDto | null) => confirmDiscard() && setEditing(area);
  return (
    <div className="space-y-4">
      <Card
        title="Service areas"
        actions={
          <button type="button" className={buttonClass} onClick={() => edit(emptyArea)}>
            Add service area
          </button>
        }
      >
        <p className="mb-3 text-sm text-slate-700">Each ZIP code belongs to one area, which sets the delivery fee, sales tax and minimum order. Changes apply to prices at once and to the pages after the rebuild they request.</p>
        <div className="relative overflow-x-auto">
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
                    <button type="button" className={secondaryButtonClass} onClick={() => edit(a)}>
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
          onCancel={() => edit(null)}
        />
      )}
    </div>
  );
}

interface AreaForm {
  slug: string;
  city: string;
  state: string;
  zipCodes: string;
  deliveryFeeCents: string;
  taxRateBps: string;
  minimumOrderCents: string;
  active: boolean;
}
const areaResolver = apiResolver(serviceAreaBody, (v: AreaForm, problems) => {
  const read = textReader(problems);
  const taxPercent = read.number('taxRateBps', v.taxRateBps);
  return {
    slug: v.slug || slugify(v.city),
    city: v.city,
    state: v.state.toUpperCase(),
    zipCodes: parseZipList(v.zipCodes),
    deliveryFeeCents: read.dollars('deliveryFeeCents', v.deliveryFeeCents),
    // Staff type percent ('8.25'); the API keeps basis points.
    taxRateBps: Math.round(taxPercent * 100),
    minimumOrderCents: read.dollars('minimumOrderCents', v.minimumOrderCents),
    active: v.active,
  };
});

function ServiceAreaForm({ area, onDone, onCancel }: { area: ServiceAreaDto; onDone(): void; onCancel(): void }) {
  const defaults: AreaForm = {
    slug: area.slug,
    city: area.city,
    state: area.state,
    zipCodes: area.zipCodes.join(', '),
    deliveryFeeCents: centsToDollarsInput(area.deliveryFeeCents),
    taxRateBps: (area.taxRateBps / 100).toString(),
    minimumOrderCents: centsToDollarsInput(area.minimumOrderCents),
    active: area.active,
  };
  const form = useForm<AreaForm, unknown, z.output<typeof serviceAreaBody>>({ resolver: areaResolver, defaultValues: defaults });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  const submit = handleSubmit(async (body) => {
    const saved = area.id
      ? await save(`/api/admin/settings/service-areas/${area.id}`, 'PUT', body, `${body.city} saved.`)
      : await save('/api/admin/settings/service-areas', 'POST', body, `${body.city} added.`);
    if (saved) onDone();
  });
  const zipError = errors.zipCodes?.message ?? errors.zipCodes?.root?.message ?? (Array.isArray(errors.zipCodes) ? errors.zipCodes.find(Boolean)?.message : undefined);
  return (
    <Card title={area.id ? `Edit ${area.city}` : 'New service area'}>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('city')} label="City" error={errors.city?.message} />
        <TextField {...register('state')} label="State" maxLength={2} error={errors.state?.message} />
        <TextField {...register('slug')} label="Slug (used in page addresses)" optional={!area.id} hint={area.id ? undefined : 'Leave empty to make one from the city.'} error={errors.slug?.message} />
        <TextArea {...register('zipCodes')} label="ZIP codes" rows={3} hint="Separated by commas or spaces." error={zipError} />
        <TextField {...register('deliveryFeeCents')} label="Delivery fee ($)" inputMode="decimal" error={errors.deliveryFeeCents?.message} />
        <TextField {...register('taxRateBps')} label="Sales tax (%)" inputMode="decimal" error={errors.taxRateBps?.message} />
        <TextField {...register('minimumOrderCents')} label="Minimum order ($)" inputMode="decimal" error={errors.minimumOrderCents?.message} />
        <Checkbox {...register('active')} label="Active (we deliver here)" className="self-end" />
        {problem && (
          <div className="sm:col-span-2">
            <FormAlert title="The service area was not saved" message={problem} />
          </div>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
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
const couponBody = (c: CouponDto): CouponInput => ({ code: c.code, description: c.description, kind: c.kind, percentOff: c.percentOff, amountOffCents: c.amountOffCents, startsOn: c.startsOn, endsOn: c.endsOn, usageLimit: c.usageLimit, minimumOrderCents: c.minimumOrderCents, active: c.active });

function Coupons({ coupons, currency, onChange }: { coupons: CouponDto[]; currency: string; onChange(): void }) {
  const [editing, setEditing] = useState<CouponDto | null>(null);
  const edit = (coupon: CouponDto | null) => confirmDiscard() && setEditing(coupon);
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
          onDone={() => {
            setEditing(null);
            onChange();
          }}
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
    <Card title={coupon.id ? `Edit ${coupon.code}` : 'New coupon'}>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
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
        {problem && (
          <div className="sm:col-span-2">
            <FormAlert title="The coupon was not saved" message={problem} />
          </div>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
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
