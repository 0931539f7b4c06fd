import { profileSection, usTimeZones } from '../../../lib/settings';
import { bookingNumberExample } from '../../../lib/reference';
import { weekdayNames, weekdays as weekdayKeys } from '../../../lib/business';
import type { z } from '../../../lib/validation';
import { Checkbox, labelClass, SelectField, TextField } from '../../shared/form-kit';
import { RecordOptions } from '../shared/options';
import { apiResolver } from '../shared/admin-form';
import { AddressFields } from './AddressFields';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

type Profile = z.input<typeof profileSection>;
const profileResolver = apiResolver(profileSection, (v: Profile) => ({ ...v, addressState: v.addressState.toUpperCase() }));

/** The form's values from the settings (as loaded, or as a save returned them). */
const formValues = (initial: Settings): Profile => ({
  businessName: initial.businessName,
  tagline: initial.tagline,
  phone: initial.phone,
  email: initial.email,
  addressLine1: initial.addressLine1,
  addressCity: initial.addressCity,
  addressState: initial.addressState,
  addressZip: initial.addressZip,
  timezone: initial.timezone,
  officeHours: initial.officeHours,
  bookingPrefix: initial.bookingPrefix,
  brandColor: initial.brandColor,
  offerSpanish: initial.offerSpanish,
});

export function ProfileForm({ initial, onSaved }: { initial: Settings; onSaved?(values: Settings): void }) {
  const { form, field, card } = useSectionForm<Profile, z.output<typeof profileSection>>({ section: 'profile', resolver: profileResolver, toValues: formValues, initial, onSaved, success: 'Business profile saved.' });
  const { setValue, watch } = form;
  const hours = watch('officeHours');
  const brandColor = watch('brandColor');
  const bookingPrefix = watch('bookingPrefix').toUpperCase();
  return (
    <SectionCard
      title="Business profile"
      description="Shown in the header, footer, contact page and e-mails. Saving asks for a site rebuild so the pages show the change."
      {...card}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('businessName')} label="Business name" />
        <TextField {...field('tagline')} label="Tagline" optional />
        <TextField {...field('phone')} label="Phone" type="tel" />
        <TextField {...field('email')} label="E-mail" type="email" />
        <AddressFields fields={[field('addressLine1'), field('addressCity'), field('addressState'), field('addressZip')]} />
        <SelectField {...field('timezone')} label="Time zone" hint="Delivery windows, reminders and the day screen follow it.">
          <option value="">Choose…</option>
          <RecordOptions records={usTimeZones} label={(t) => t.label} />
        </SelectField>
        <TextField
          {...field('bookingPrefix')}
          label="Booking numbers start with"
          hint={`2 to 4 letters: new bookings get numbers like ${bookingNumberExample(bookingPrefix || 'BB')}. Numbers given before keep working.`}
          maxLength={4}
          autoCapitalize="characters"
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          {...field('brandColor')}
          label="Brand colour"
          hint="Buttons, links and headings use shades of it. Pink is #db2777."
          maxLength={7}
        />
        {/* The picker and the text box edit the same value; the text box is what is saved and checked. */}
        <input
          type="color"
          aria-label="Pick the brand colour"
          value={/^#[0-9a-fA-F]{6}$/.test(brandColor) ? brandColor.toLowerCase() : '#000000'}
          onChange={(e) => setValue('brandColor', e.target.value, { shouldDirty: true })}
          className="mb-1 h-11 w-16 cursor-pointer rounded border border-slate-300 bg-white p-1"
        />
      </div>
      <Checkbox
        {...field('offerSpanish')}
        label="Public site in Spanish too"
        hint="Every page that has a Spanish version is also built under /es/, with a language switch in the header. The admin stays in English."
      />
      <fieldset>
        <legend className={labelClass}>Office hours</legend>
        <div className="mt-2 space-y-2">
          {weekdayKeys.map((day) => {
            const name = weekdayNames[day];
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
                    <TextField {...field(`officeHours.${day}.open`)} label={`${name} opens`} type="time" />
                    <TextField {...field(`officeHours.${day}.close`)} label={`${name} closes`} type="time" />
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
