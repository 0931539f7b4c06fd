import {
  FieldError,
  fieldsetClass,
  legendClass,
  optionalNumber,
  secondaryButtonClass,
  TextField,
} from '../shared/form-kit';
import type { WaiverFormState } from './use-waiver-form';
import { interpolate } from '../../lib/i18n';

/** The people on a waiver: the signer, the adults supervising and the children and guests. */

interface Props {
  state: WaiverFormState;
}

/** Takes one person off the list; screen readers hear which one. */
function RemoveButton({ label, who, onClick }: { label: string; who: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50"
      onClick={onClick}
    >
      {label}<span className="sr-only"> {who}</span>
    </button>
  );
}

/** Adds a blank person at the end of the list (its name field focused), while the list is under its cap. */
function AddPerson({ list, max, label }: { list: { fields: unknown[]; append(person: { name: string }, options: { shouldFocus: boolean }): void }; max: number; label: string }) {
  if (list.fields.length >= max) return null;
  return (
    <button type="button" className={secondaryButtonClass} onClick={() => list.append({ name: '' }, { shouldFocus: true })}>
      {label}
    </button>
  );
}

export function SignerFields({ state: { field, words } }: Props) {
  const t = words.form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.aboutYou}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('signerName')} label={t.yourName} autoComplete="name" />
        <TextField {...field('signerEmail')} label={t.yourEmail} type="email" autoComplete="email" hint={t.yourEmailHint} />
        <TextField {...field('signerPhone')} label={t.yourPhone} type="tel" autoComplete="tel" optional optionalText={t.optional} />
      </div>
    </fieldset>
  );
}

export function AdultsFields({ state: { formId, field, errors, adults, words } }: Props) {
  const t = words.form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.adultsLegend}</legend>
      <p className="text-slate-700">{t.adultsIntro}</p>
      {typeof errors.adults?.message === 'string' && (
        <FieldError id={`${formId}-adults`} message={errors.adults.message} />
      )}
      <ul className="space-y-3">
        {adults.fields.map((adult, index) => (
          <li key={adult.id} className="flex flex-wrap items-end gap-3">
            <TextField
              {...field(`adults.${index}.name`)}
              label={interpolate(t.adultLabel, { n: index + 1 })}
              autoComplete="off"
              className="min-w-0 flex-1"
            />
            {adults.fields.length > 1 && (
              <RemoveButton label={t.remove} who={interpolate(t.adultWho, { n: index + 1 })} onClick={() => adults.remove(index)} />
            )}
          </li>
        ))}
      </ul>
      <AddPerson list={adults} max={10} label={t.addAdult} />
    </fieldset>
  );
}

export function GuestsFields({ state: { field, guests, words } }: Props) {
  const t = words.form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.guestsLegend}</legend>
      <p className="text-slate-700">{t.guestsIntro}</p>
      {guests.fields.length > 0 && (
        <ul className="space-y-3">
          {guests.fields.map((guest, index) => (
            <li key={guest.id} className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
              <TextField
                {...field(`guests.${index}.name`)}
                label={interpolate(t.guestLabel, { n: index + 1 })}
                required={false}
                autoComplete="off"
              />
              <TextField
                {...field(`guests.${index}.age`, { setValueAs: optionalNumber })}
                label={t.age}
                optional
                optionalText={t.optional}
                type="number"
                inputMode="numeric"
                min={0}
                max={120}
              />
              <RemoveButton label={t.remove} who={interpolate(t.guestWho, { n: index + 1 })} onClick={() => guests.remove(index)} />
            </li>
          ))}
        </ul>
      )}
      <AddPerson list={guests} max={60} label={t.addGuest} />
    </fieldset>
  );
}
