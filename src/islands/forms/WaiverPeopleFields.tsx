import {
  FieldError,
  fieldsetClass,
  legendClass,
  optionalNumber,
  secondaryButtonClass,
  TextField,
} from '../shared/form-kit';
import type { WaiverFormState } from './use-waiver-form';

/** The people on a waiver: the signer, the adults supervising and the children and guests. */

interface Props {
  state: WaiverFormState;
}

/** Takes one person off the list; screen readers hear which one. */
function RemoveButton({ who, onClick }: { who: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50"
      onClick={onClick}
    >
      Remove<span className="sr-only"> {who}</span>
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

export function SignerFields({ state: { field } }: Props) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>About you</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('signerName')} label="Your full name" autoComplete="name" />
        <TextField
          {...field('signerEmail')}
          label="Your e-mail"
          type="email"
          autoComplete="email"
          hint="We send your signed copy here."
        />
        <TextField {...field('signerPhone')} label="Your phone" type="tel" autoComplete="tel" optional />
      </div>
    </fieldset>
  );
}

export function AdultsFields({ state: { formId, field, errors, adults } }: Props) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Adults supervising</legend>
      <p className="text-slate-700">
        The adults (18 or older) who will watch the equipment while it is in use. Include yourself if you will.
      </p>
      {typeof errors.adults?.message === 'string' && (
        <FieldError id={`${formId}-adults`} message={errors.adults.message} />
      )}
      <ul className="space-y-3">
        {adults.fields.map((adult, index) => (
          <li key={adult.id} className="flex flex-wrap items-end gap-3">
            <TextField
              {...field(`adults.${index}.name`)}
              label={`Adult ${index + 1}: full name`}
              autoComplete="off"
              className="min-w-0 flex-1"
            />
            {adults.fields.length > 1 && (
              <RemoveButton who={`adult ${index + 1}`} onClick={() => adults.remove(index)} />
            )}
          </li>
        ))}
      </ul>
      <AddPerson list={adults} max={10} label="Add another adult" />
    </fieldset>
  );
}

export function GuestsFields({ state: { field, guests } }: Props) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Children and guests</legend>
      <p className="text-slate-700">Optional: the children and guests who will use the equipment under this waiver.</p>
      {guests.fields.length > 0 && (
        <ul className="space-y-3">
          {guests.fields.map((guest, index) => (
            <li key={guest.id} className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
              <TextField
                {...field(`guests.${index}.name`)}
                label={`Guest ${index + 1}: name`}
                required={false}
                autoComplete="off"
              />
              <TextField
                {...field(`guests.${index}.age`, { setValueAs: optionalNumber })}
                label="Age"
                optional
                type="number"
                inputMode="numeric"
                min={0}
                max={120}
              />
              <RemoveButton who={`guest ${index + 1}`} onClick={() => guests.remove(index)} />
            </li>
          ))}
        </ul>
      )}
      <AddPerson list={guests} max={60} label="Add a child or guest" />
    </fieldset>
  );
}
