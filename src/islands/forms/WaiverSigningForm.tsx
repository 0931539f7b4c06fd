import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { waiverAccess, waiverSigning, type WaiverAccess, type WaiverAccessInput, type WaiverContext, type WaiverSigned, type WaiverSigning, type WaiverSigningInput } from '../../lib/forms/waiver-signing';
import { islandToast } from '../../lib/toast/sonner-toast';
import { renderWaiverText, WAIVER_RULES, WAIVER_TITLE, WAIVER_VERSION } from '../../lib/waivers/waiver-text';
import { requestJson } from '../shared/api';
import { formatClock, formatLongDate } from '../shared/format';
import {
  FieldError,
  fieldId,
  fieldsetClass,
  FormAlert,
  FormToaster,
  Honeypot,
  inputClass,
  legendClass,
  newSubmissionId,
  optionalNumber,
  primaryButtonClass,
  secondaryButtonClass,
  SuccessPanel,
  TextField,
} from '../shared/form-kit';
import SignaturePadField from './SignaturePadField';
import { useFormSubmission, type FormProblem } from './use-form-submission';

export interface WaiverSigningFormProps {
  businessName: string;
  phone: string;
}

type Step =
  | { step: 'find'; problem?: FormProblem }
  | { step: 'loading' }
  | { step: 'sign'; context: WaiverContext; access: WaiverAccess }
  | { step: 'done'; context: WaiverContext; access: WaiverAccess; signed: WaiverSigned };

const contextUrl = (access: WaiverAccess) => {
  const query = new URLSearchParams({ booking: access.bookingNumber });
  if (access.email) query.set('email', access.email);
  if (access.key) query.set('key', access.key);
  return `/api/waivers/context?${query}`;
};

/**
 * /sign-waiver: find the booking (from the link's ?booking=&email= or &key=, or typed in), then
 * the signer's details, the adults and guests, each safety rule, and a drawn or typed signature.
 */
export default function WaiverSigningForm({ businessName, phone }: WaiverSigningFormProps) {
  const [state, setState] = useState<Step>({ step: 'find' });

  const load = async (access: WaiverAccess) => {
    setState({ step: 'loading' });
    const result = await requestJson<WaiverContext>(contextUrl(access));
    if (result.ok) setState({ step: 'sign', context: result.data, access });
    else setState({ step: 'find', problem: { title: result.status === 404 ? 'Booking not found' : 'We couldn’t open the waiver', message: result.error.message } });
  };

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const booking = params.get('booking');
    const email = params.get('email') ?? undefined;
    const key = params.get('key') ?? undefined;
    const parsed = waiverAccess.safeParse({ bookingNumber: booking ?? '', email, key });
    if (parsed.success) void load(parsed.data);
    else if (booking) setState({ step: 'find' });
    // Once, when the page opens.
  }, []);

  return (
    <div data-testid="waiver-signing">
      <FormToaster />
      {state.step === 'find' && <FindBooking onFind={load} {...(state.problem ? { problem: state.problem } : {})} />}
      {state.step === 'loading' && (
        <p role="status" className="rounded-2xl bg-brand-50 p-6 text-lg text-slate-800">
          Looking up your booking…
        </p>
      )}
      {state.step === 'sign' && (
        <SignWaiver
          context={state.context}
          access={state.access}
          businessName={businessName}
          onSigned={(signed) => setState({ step: 'done', context: state.context, access: state.access, signed })}
        />
      )}
      {state.step === 'done' && (
        <Signed
          signed={state.signed}
          context={state.context}
          phone={phone}
          onAnother={() => setState({ step: 'sign', context: { ...state.context, waiversSigned: state.context.waiversSigned + 1 }, access: state.access })}
        />
      )}
    </div>
  );
}

function FindBooking({ onFind, problem }: { onFind: (access: WaiverAccess) => void; problem?: FormProblem }) {
  const formId = useId();
  const form = useForm<WaiverAccessInput, unknown, WaiverAccess>({ resolver: zodResolver(waiverAccess), defaultValues: { bookingNumber: '', email: '' } });
  const { register, handleSubmit, formState, setValue } = form;
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('booking')) setValue('bookingNumber', params.get('booking')!);
    if (params.get('email')) setValue('email', params.get('email')!);
  }, [setValue]);
  return (
    <form onSubmit={handleSubmit(onFind)} noValidate aria-labelledby={`${formId}-title`} className="space-y-5 rounded-2xl border border-brand-100 p-6">
      <h2 id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
        Find your booking
      </h2>
      <p className="text-slate-700">Enter the booking number and the e-mail address from your booking confirmation.</p>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          formId={formId}
          {...register('bookingNumber')}
          label="Booking number"
          hint="It looks like PF-7K3Q9X."
          autoComplete="off"
          inputClassName="uppercase"
          error={formState.errors.bookingNumber?.message}
        />
        <TextField
          formId={formId}
          {...register('email')}
          label="E-mail used for the booking"
          hint="The address your confirmation went to."
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
        />
      </div>
      <button type="submit" className={primaryButtonClass}>
        Open the waiver
      </button>
    </form>
  );
}

const isField = (path: string) =>
  ['signerName', 'signerEmail', 'signerPhone', 'consent', 'signatureKind', 'signatureImage', 'typedSignature'].includes(path) ||
  /^adults\.\d+\.name$/.test(path) ||
  /^guests\.\d+\.(name|age)$/.test(path) ||
  /^acknowledged\.[a-z-]+$/.test(path);

function SignWaiver({ context, access, businessName, onSigned }: { context: WaiverContext; access: WaiverAccess; businessName: string; onSigned: (signed: WaiverSigned) => void }) {
  const formId = useId();
  const byEmail = Boolean(access.email);
  const defaults = useMemo(
    (): WaiverSigningInput => ({
      submissionId: newSubmissionId(),
      website: '',
      access,
      waiverVersion: WAIVER_VERSION,
      // Opened with the renter's e-mail: most likely the renter is signing.
      signerName: byEmail ? context.renterName : '',
      signerEmail: access.email ?? '',
      signerPhone: '',
      adults: [{ name: byEmail ? context.renterName : '' }],
      guests: [],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, false])) as unknown as Record<string, true>,
      consent: false as unknown as true,
      signatureKind: 'drawn',
      signatureImage: '',
      typedSignature: '',
    }),
    [access, byEmail, context.renterName],
  );
  const form = useForm<WaiverSigningInput, unknown, WaiverSigning>({ resolver: zodResolver(waiverSigning), defaultValues: defaults });
  const { register, handleSubmit, setError, formState, control, setValue } = form;
  const adults = useFieldArray({ control, name: 'adults' });
  const guests = useFieldArray({ control, name: 'guests' });
  // The drawn signature is a value, not an input: it is set after each stroke and, when it is the
  // only thing missing, its box takes focus (react-hook-form can focus inputs only).
  const padBox = useRef<HTMLDivElement>(null);
  const watched = useWatch({ control });
  const { send, sending, problem, invalid } = useFormSubmission({
    setError,
    isField,
    title: 'We couldn’t save your waiver',
  });

  const text = renderWaiverText({
    businessName,
    bookingNumber: context.bookingNumber,
    eventDate: context.event.date,
    renterName: context.renterName,
    signerName: watched.signerName || '(your name)',
    signerEmail: watched.signerEmail || '(your e-mail)',
    signerPhone: watched.signerPhone,
    adults: (watched.adults ?? []).map((a) => ({ name: a?.name ?? '' })),
    guests: (watched.guests ?? []).map((g) => ({ name: g?.name ?? '', age: typeof g?.age === 'number' && Number.isFinite(g.age) ? g.age : undefined })),
  });

  const onValid = async (data: WaiverSigning) => {
    const signed = await send<WaiverSigned>('/api/waivers', { json: data });
    if (!signed) return;
    islandToast.success('Waiver signed', `Thank you, ${data.signerName.split(/\s+/)[0]}! A copy is on its way to ${data.signerEmail}.`);
    onSigned(signed);
  };

  const onInvalid = (found: FieldErrors<WaiverSigningInput>) => {
    invalid(found);
    if (found.signatureImage && Object.keys(found).length === 1) padBox.current?.focus();
  };

  const errors = formState.errors;
  const kind = watched.signatureKind;
  const textId = `${formId}-text`;

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-labelledby={`${formId}-title`} className="space-y-8">
      <h2 id={`${formId}-title`} className="sr-only">
        Waiver for booking {context.bookingNumber}
      </h2>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <Honeypot {...register('website')} />

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

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>About you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField formId={formId} {...register('signerName')} label="Your full name" autoComplete="name" error={errors.signerName?.message} />
          <TextField formId={formId} {...register('signerEmail')} label="Your e-mail" type="email" autoComplete="email" hint="We send your signed copy here." error={errors.signerEmail?.message} />
          <TextField formId={formId} {...register('signerPhone')} label="Your phone" type="tel" autoComplete="tel" optional error={errors.signerPhone?.message} />
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Adults supervising</legend>
        <p className="text-slate-700">The adults (18 or older) who will watch the equipment while it is in use. Include yourself if you will.</p>
        {typeof errors.adults?.message === 'string' && <FieldError id={`${formId}-adults`} message={errors.adults.message} />}
        <ul className="space-y-3">
          {adults.fields.map((field, index) => {
            const id = fieldId(formId, `adults.${index}.name`);
            const error = errors.adults?.[index]?.name?.message;
            return (
              <li key={field.id} className="flex flex-wrap items-end gap-3">
                <div className="min-w-0 flex-1">
                  <label htmlFor={id} className="font-semibold text-slate-900">
                    Adult {index + 1}: full name
                  </label>
                  <input
                    id={id}
                    className={inputClass}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    aria-required
                    {...register(`adults.${index}.name`)}
                  />
                  <FieldError id={id} message={error} />
                </div>
                {adults.fields.length > 1 && (
                  <button type="button" className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50" onClick={() => adults.remove(index)}>
                    Remove<span className="sr-only"> adult {index + 1}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {adults.fields.length < 10 && (
          <button type="button" className={secondaryButtonClass} onClick={() => adults.append({ name: '' }, { shouldFocus: true })}>
            Add another adult
          </button>
        )}
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Children and guests</legend>
        <p className="text-slate-700">Optional: the children and guests who will use the equipment under this waiver.</p>
        {guests.fields.length > 0 && (
          <ul className="space-y-3">
            {guests.fields.map((field, index) => {
              const nameId = fieldId(formId, `guests.${index}.name`);
              const ageId = fieldId(formId, `guests.${index}.age`);
              const nameError = errors.guests?.[index]?.name?.message;
              const ageError = errors.guests?.[index]?.age?.message;
              return (
                <li key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
                  <div>
                    <label htmlFor={nameId} className="font-semibold text-slate-900">
                      Guest {index + 1}: name
                    </label>
                    <input
                      id={nameId}
                      className={inputClass}
                      autoComplete="off"
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? `${nameId}-error` : undefined}
                      {...register(`guests.${index}.name`)}
                    />
                    <FieldError id={nameId} message={nameError} />
                  </div>
                  <div>
                    <label htmlFor={ageId} className="font-semibold text-slate-900">
                      Age <span className="font-normal text-slate-700">(optional)</span>
                    </label>
                    <input
                      id={ageId}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={120}
                      className={inputClass}
                      aria-invalid={ageError ? true : undefined}
                      aria-describedby={ageError ? `${ageId}-error` : undefined}
                      {...register(`guests.${index}.age`, { setValueAs: optionalNumber })}
                    />
                    <FieldError id={ageId} message={ageError} />
                  </div>
                  <button type="button" className="min-h-11 rounded-full px-4 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50" onClick={() => guests.remove(index)}>
                    Remove<span className="sr-only"> guest {index + 1}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {guests.fields.length < 60 && (
          <button type="button" className={secondaryButtonClass} onClick={() => guests.append({ name: '' }, { shouldFocus: true })}>
            Add a child or guest
          </button>
        )}
      </fieldset>

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

      <section aria-labelledby={`${textId}-title`} className="space-y-3">
        <h3 id={`${textId}-title`} className="text-xl font-bold text-slate-900">
          {WAIVER_TITLE}
        </h3>
        <p className="text-slate-700">This is the full text you sign, with your details filled in. Your signed copy is e-mailed to you as a PDF.</p>
        <div role="region" aria-labelledby={`${textId}-title`} tabIndex={0} className="max-h-80 overflow-y-auto rounded-xl border border-slate-300 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-700">
          <pre className="whitespace-pre-wrap font-sans text-sm leading-relaxed text-slate-800" data-testid="waiver-text">
            {text}
          </pre>
        </div>
      </section>

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
              <p aria-hidden="true" className="mt-3 border-b border-slate-400 pb-1 text-3xl text-slate-900" style={{ fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive' }}>
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
        {kind === 'drawn' && <p className="text-sm text-slate-700">Can’t draw with a mouse or finger? Choose “Type my signature” above.</p>}
      </fieldset>

      <button type="submit" className={primaryButtonClass} disabled={sending}>
        {sending ? 'Signing…' : 'Sign the waiver'}
      </button>
    </form>
  );
}

function Signed({ signed, context, phone, onAnother }: { signed: WaiverSigned; context: WaiverContext; phone: string; onAnother: () => void }) {
  const signedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' }).format(new Date(signed.signedAt));
  const qr = `/api/waivers/qr?${new URLSearchParams({ booking: context.bookingNumber, key: context.key })}`;
  return (
    <div className="space-y-8">
      <SuccessPanel
        title="Waiver signed"
        actions={
          <>
            <a className={primaryButtonClass} href={signed.pdfUrl} data-testid="waiver-pdf-link">
              Download the signed waiver (PDF)
            </a>
            <button type="button" className={secondaryButtonClass} onClick={onAnother}>
              Sign another waiver for this booking
            </button>
          </>
        }
      >
        <p>
          Signed by <strong>{signed.signerName}</strong> for booking {signed.bookingNumber} on <time dateTime={signed.signedAt} data-testid="waiver-signed-at">{signedAt}</time>.
        </p>
        <p>A copy is on its way to your e-mail. Questions? Call {phone}.</p>
      </SuccessPanel>
      <section aria-labelledby="waiver-share" className="grid gap-6 rounded-2xl border border-brand-100 p-6 sm:grid-cols-[auto_1fr] sm:items-center">
        <img src={qr} alt={`QR code that opens the waiver for booking ${context.bookingNumber}`} width={176} height={176} className="rounded-lg border border-slate-200 bg-white" />
        <div>
          <h2 id="waiver-share" className="text-xl font-bold text-slate-900">
            Other adults can sign on their phone
          </h2>
          <p className="mt-2 text-slate-700">They scan this code, or open this link, and sign their own copy. No booking e-mail needed.</p>
          <p className="mt-2 break-all">
            <a className="font-semibold text-brand-800 underline underline-offset-4" href={context.signUrl}>
              {context.signUrl}
            </a>
          </p>
        </div>
      </section>
    </div>
  );
}
