import { bookingSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { Checkbox, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

const bookingKeys = ['leadTimeHours', 'maxDaysAhead', 'deliveryWindowStart', 'deliveryWindowEnd', 'defaultSetupMinutes', 'defaultTeardownMinutes', 'holdMinutes', 'cakeLeadTimeDays'] as const;
type BookingRules = Record<(typeof bookingKeys)[number], string> & { crewMayTakeBookings: boolean };
const bookingResolver = apiResolver(bookingSection, (v: BookingRules, read) => {
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

/** The form's values from the settings (as loaded, or as a save returned them). */
const formValues = (initial: Settings): BookingRules => ({ ...Object.fromEntries(bookingKeys.map((key) => [key, String(initial[key])])), crewMayTakeBookings: initial.crewMayTakeBookings } as BookingRules);

export function BookingRulesForm({ initial, onSaved }: { initial: Settings; onSaved?(values: Settings): void }) {
  const { field, card } = useSectionForm<BookingRules, z.output<typeof bookingSection>>({ section: 'booking', resolver: bookingResolver, toValues: formValues, initial, onSaved, success: 'Booking rules saved.' });
  const rule = (key: (typeof bookingKeys)[number], label: string, hint?: string, type: 'number' | 'time' = 'number') => (
    <TextField {...field(key)} label={label} type={type === 'time' ? 'time' : 'text'} inputMode={type === 'number' ? 'numeric' : undefined} hint={hint} />
  );
  return (
    <SectionCard
      title="Booking rules"
      description="When customers can book and how long units are blocked around each event. Used by the availability and pricing checks at once."
      {...card}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {rule('leadTimeHours', 'Lead time (hours)', 'How far ahead of the event a booking must be made.')}
        {rule('maxDaysAhead', 'Book at most this many days ahead')}
        {rule('deliveryWindowStart', 'Earliest delivery', undefined, 'time')}
        {rule('deliveryWindowEnd', 'Latest pick-up', undefined, 'time')}
        {rule('defaultSetupMinutes', 'Default setup buffer (minutes)', 'Before the event; products can set their own.')}
        {rule('defaultTeardownMinutes', 'Default teardown buffer (minutes)', 'After the event; products can set their own.')}
        {rule('holdMinutes', 'Hold while paying (minutes)', 'How long units stay reserved while the customer pays the deposit.')}
        {rule('cakeLeadTimeDays', 'Cake lead time (days)', 'Cakes can be ordered this many days ahead at the earliest.')}
      </div>
      <Checkbox
        {...field('crewMayTakeBookings')}
        label="Crew may take phone bookings"
        hint="Managers and owners always can. Editing a booking stays with managers."
      />
    </SectionCard>
  );
}
