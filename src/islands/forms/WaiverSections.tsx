import type { WaiverContext } from '../../lib/waivers/waiver-signing';
import { WAIVER_RULES, WAIVER_TITLE } from '../../lib/waivers/waiver-text';
import {
  FieldError,
  fieldId,
  fieldsetClass,
  legendClass,
  optionalNumber,
  secondaryButtonClass,
  TextField,
} from '../shared/form-kit';
import { formatClock, formatLongDate } from '../../lib/time/format';
import SignaturePadField from './SignaturePadField';
import type { WaiverSigningState } from './use-waiver-signing';

/** The parts of the waiver signing form, in the order a signer meets them. */

interface Props {
  state: WaiverSigningState;
}

export function PartySummary({ formId, context }: { formId: string; context: WaiverContext }) {
  return (
    <section aria-labelledby={`${formId}-booking`} className="rounded-2xl bg-brand-50 p-5">
      <h3 id={`${formId}-booking`} className="text-xl font-bold text-slate-900">
        The party
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Booking</dt>
        <dd data-testid="waiver-booking-number">{context.bookingNumber}</dd>
        <dt className="font-semibold">Renter</dt>
        <dd>{context.renterName}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>
          {formatLongDate(context.event.date)}, {formatClock(context.event.start)} – {formatClock(context.event.end)}
        </dd>
        <dt className="font-semibold">Where</dt>
        <dd>{context.event.city}</dd>
        <dt className="font-semibold">Rentals</dt>
        <dd>{context.rentals.join(', ')}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {context.waiversSigned === 0
          ? 'No waiver has been signed for this booking yet.'
          : `${context.waiversSigned} ${context.waiversSigned === 1 ? 'waiver has' : 'waivers have'} been signed for this booking. Every adult who supervises can sign their own.`}
      </p>
    </section>
  );
}

export function SignerFields({ state: { formId, form, errors } }: Props) {
  const { register } = form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>About you</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          formId={formId}
          {...register('signerName')}
          label="Your full name"
          autoComplete="name"
          error={errors.signerName?.message}
        />
        <TextField
          formId={formId}
          {...register('signerEmail')}
          label="Your e-mail"
          type="email"
          autoComplete="email"
          hint="We send your signed copy here."
          error={errors.signerEmail?.message}
        />
        <TextField
          formId={formId}
          {...register('signerPhone')}
          label="Your phone"
          type="tel"
          autoComplete="tel"
          optional
          error={errors.signerPhone?.message}
        />
      </div>
    </fieldset>
  );
}

export function AdultsFields({ state: { formId, form, errors, adults } }: Props) {
  const { register } = form;
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
        {adults.fields.map((field, index) => {
          const error = errors.adults?.[index]?.name?.message;
          return (
            <li key={field.id} className="flex flex-wrap items-end gap-3">
              <TextField
                formId={formId}
                {...register(`adults.${index}.name`)}
                label={`Adult ${index + 1}: full name`}
                autoComplete="off"
                className="min-w-0 flex-1"
                error={error}
              />
              {adults.fields.length > 1 && (
                <button
                  type="button"
                  className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50"
                  onClick={() => adults.remove(index)}
                >
                  Remove<span className="sr-only"> adult {index + 1}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {adults.fields.length < 10 && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => adults.append({ name: '' }, { shouldFocus: true })}
        >
          Add another adult
        </button>
      )}
    </fieldset>
  );
}

export function GuestsFields({ state: { formId, form, errors, guests } }: Props) {
  const { register } = form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Children and guests</legend>
      <p className="text-slate-700">Optional: the children and guests who will use the equipment under this waiver.</p>
      {guests.fields.length > 0 && (
        <ul className="space-y-3">
          {guests.fields.map((field, index) => {
            const nameError = errors.guests?.[index]?.name?.message;
            const ageError = errors.guests?.[index]?.age?.message;
            return (
              <li key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
                <TextField
                  formId={formId}
                  {...register(`guests.${index}.name`)}
                  label={`Guest ${index + 1}: name`}
                  required={false}
                  autoComplete="off"
                  error={nameError}
                />
                <TextField
                  formId={formId}
                  {...register(`guests.${index}.age`, { setValueAs: optionalNumber })}
                  label="Age"
                  optional
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={120}
                  error={ageError}
                />
                <button
                  type="button"
                  className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50"
                  onClick={() => guests.remove(index)}
                >
                  Remove<span className="sr-only"> guest {index + 1}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {guests.fields.length < 60 && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => guests.append({ name: '' }, { shouldFocus: true })}
        >
          Add a child or guest
        </button>
      )}
    </fieldset>
  );
}

export function SafetyRules({ state: { formId, form, errors } }: Props) {
  const { register } = form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Safety rules</legend>
      <p className="text-slate-700">Tick each rule to confirm you have read it and will make sure it is followed.</p>
      <ul className="space-y-4">
        {WAIVER_RULES.map((rule, index) => {
          const id = fieldId(formId, `acknowledged.${rule.id}`);
          const error = errors.acknowledged?.[rule.id]?.message;
          return (
            <li key={rule.id}>
              <div className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[`${id}-text`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
                  {...register(`acknowledged.${rule.id}`)}
                />
                <div>
                  <label htmlFor={id} className="font-semibold text-slate-900">
                    {index + 1}. {rule.title}
                  </label>
                  <p id={`${id}-text`} className="text-slate-700">
                    {rule.text}
                  </p>
                </div>
              </div>
              <FieldError id={id} message={error} />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function WaiverTextPanel({ state: { textId, text } }: Props) {
  return (
    <section aria-labelledby={`${textId}-title`} className="space-y-3">
      <h3 id={`${textId}-title`} className="text-xl font-bold text-slate-900">
        {WAIVER_TITLE}
      </h3>
      <p className="text-slate-700">
        This is the full text you sign, with your details filled in. Your signed copy is e-mailed to you as a PDF.
      </p>
      <div
        role="region"
        aria-labelledby={`${textId}-title`}
        tabIndex={0}
        className="max-h-80 overflow-y-auto rounded-xl border border-slate-300 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <pre className="whitespace-pre-wrap font-sans text-sm leading-relaxed text-slate-800" data-testid="waiver-text">
          {text}
        </pre>
      </div>
    </section>
  );
}

export function SignatureFields({ state: { formId, form, errors, kind, watched, padBox } }: Props) {
  const { register, setValue, formState } = form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Sign</legend>
      <div className="flex items-start gap-3">
        <input
          id={fieldId(formId, 'consent')}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${fieldId(formId, 'consent')}-error` : undefined}
          {...register('consent')}
        />
        <label htmlFor={fieldId(formId, 'consent')} className="text-slate-900">
          I have read the whole waiver, I am 18 or older, and I agree to sign it electronically.
        </label>
      </div>
      <FieldError id={fieldId(formId, 'consent')} message={errors.consent?.message} />

      <fieldset>
        <legend className="font-semibold text-slate-900">How would you like to sign?</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="flex min-h-11 items-center gap-3 text-slate-900">
            <input type="radio" value="drawn" className="size-5 accent-brand-700" {...register('signatureKind')} />
            Draw my signature
          </label>
          <label className="flex min-h-11 items-center gap-3 text-slate-900">
            <input type="radio" value="typed" className="size-5 accent-brand-700" {...register('signatureKind')} />
            Type my signature
          </label>
        </div>
      </fieldset>

      {kind === 'typed' ? (
        <div>
          <TextField
            formId={formId}
            {...register('typedSignature')}
            label="Type your full name as your signature"
            hint="Typing your name here signs the waiver, just like a handwritten signature."
            autoComplete="off"
            error={errors.typedSignature?.message}
          />
          {watched.typedSignature && (
            <p
              aria-hidden="true"
              className="mt-3 border-b border-slate-400 pb-1 text-3xl text-slate-900"
              style={{ fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive' }}
            >
              {watched.typedSignature}
            </p>
          )}
        </div>
      ) : (
        <SignaturePadField
          id={fieldId(formId, 'signatureImage')}
          focusRef={padBox}
          error={errors.signatureImage?.message}
          onChange={(dataUrl) => setValue('signatureImage', dataUrl, { shouldValidate: formState.isSubmitted })}
        />
      )}
      {kind === 'drawn' && (
        <p className="text-sm text-slate-700">Can’t draw with a mouse or finger? Choose “Type my signature” above.</p>
      )}
    </fieldset>
  );
}
