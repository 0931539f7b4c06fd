import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  waiverAccess,
  type WaiverAccess,
  type WaiverAccessInput,
  type WaiverContext,
  type WaiverSigned,
} from '../../lib/waivers/waiver-signing';
import { requestJson } from '../shared/api';
import {
  FormAlert,
  Honeypot,
  primaryButtonClass,
  secondaryButtonClass,
  SuccessPanel,
  TextField,
} from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import type { FormProblem } from './use-form-submission';
import { useWaiverSigning } from './use-waiver-signing';
import {
  AdultsFields,
  GuestsFields,
  PartySummary,
  SafetyRules,
  SignatureFields,
  SignerFields,
  WaiverTextPanel,
} from './WaiverSections';
import { publicApi } from '../../lib/paths';

export interface WaiverSigningFormProps {
  businessName: string;
  /** The business's state (2-letter code): its law governs the release. */
  governingState: string;
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
  return publicApi.waiverContext(query);
};

/**
 * /sign-waiver: find the booking (from the link's ?booking=&email= or &key=, or typed in), then
 * the signer's details, the adults and guests, each safety rule, and a drawn or typed signature.
 */
export default function WaiverSigningForm({ businessName, governingState, phone }: WaiverSigningFormProps) {
  const [state, setState] = useState<Step>({ step: 'find' });

  const load = async (access: WaiverAccess) => {
    setState({ step: 'loading' });
    const result = await requestJson<WaiverContext>(contextUrl(access));
    if (result.ok) setState({ step: 'sign', context: result.data, access });
    else
      setState({
        step: 'find',
        problem: {
          title: result.status === 404 ? 'Booking not found' : 'We couldn’t open the waiver',
          message: result.error.message,
        },
      });
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
      <IslandToaster />
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
          governingState={governingState}
          onSigned={(signed) => setState({ step: 'done', context: state.context, access: state.access, signed })}
        />
      )}
      {state.step === 'done' && (
        <Signed
          signed={state.signed}
          context={state.context}
          phone={phone}
          onAnother={() =>
            setState({
              step: 'sign',
              context: { ...state.context, waiversSigned: state.context.waiversSigned + 1 },
              access: state.access,
            })
          }
        />
      )}
    </div>
  );
}

function FindBooking({ onFind, problem }: { onFind: (access: WaiverAccess) => void; problem?: FormProblem }) {
  const formId = useId();
  const form = useForm<WaiverAccessInput, unknown, WaiverAccess>({
    resolver: zodResolver(waiverAccess),
    defaultValues: { bookingNumber: '', email: '' },
  });
  const { register, handleSubmit, formState, setValue } = form;
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('booking')) setValue('bookingNumber', params.get('booking')!);
    if (params.get('email')) setValue('email', params.get('email')!);
  }, [setValue]);
  return (
    <form
      onSubmit={handleSubmit(onFind)}
      noValidate
      aria-labelledby={`${formId}-title`}
      className="space-y-5 rounded-2xl border border-brand-100 p-6"
    >
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

function SignWaiver({
  context,
  access,
  businessName,
  governingState,
  onSigned,
}: {
  context: WaiverContext;
  access: WaiverAccess;
  businessName: string;
  governingState: string;
  onSigned: (signed: WaiverSigned) => void;
}) {
  const state = useWaiverSigning({ context, access, businessName, governingState, onSigned });
  const { formId, form, problem, sending } = state;
  return (
    <form onSubmit={(e) => void state.submit(e)} onFocus={state.humanCheck.start} noValidate aria-labelledby={`${formId}-title`} className="space-y-8">
      <h2 id={`${formId}-title`} className="sr-only">
        Waiver for booking {context.bookingNumber}
      </h2>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <Honeypot {...form.register('website')} />
      <PartySummary formId={formId} context={context} />
      <SignerFields state={state} />
      <AdultsFields state={state} />
      <GuestsFields state={state} />
      <SafetyRules state={state} />
      <WaiverTextPanel state={state} />
      <SignatureFields state={state} />
      <HumanCheckStatus check={state.humanCheck} />
      <button type="submit" className={primaryButtonClass} disabled={sending}>
        {sending ? 'Signing…' : 'Sign the waiver'}
      </button>
    </form>
  );
}

function Signed({
  signed,
  context,
  phone,
  onAnother,
}: {
  signed: WaiverSigned;
  context: WaiverContext;
  phone: string;
  onAnother: () => void;
}) {
  const signedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(signed.signedAt),
  );
  const qr = publicApi.waiverQr({ booking: context.bookingNumber, key: context.key });
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
          Signed by <strong>{signed.signerName}</strong> for booking {signed.bookingNumber} on{' '}
          <time dateTime={signed.signedAt} data-testid="waiver-signed-at">
            {signedAt}
          </time>
          .
        </p>
        {signed.copyEmailed ? (
          <p>A copy is on its way to your e-mail. Questions? Call {phone}.</p>
        ) : (
          <p data-testid="waiver-no-copy">
            This booking has had as many waiver copies e-mailed as we send, so no copy was e-mailed this time: download the PDF above
            to keep one. Questions? Call {phone}.
          </p>
        )}
      </SuccessPanel>
      <section
        aria-labelledby="waiver-share"
        className="grid gap-6 rounded-2xl border border-brand-100 p-6 sm:grid-cols-[auto_1fr] sm:items-center"
      >
        <img
          src={qr}
          alt={`QR code that opens the waiver for booking ${context.bookingNumber}`}
          width={176}
          height={176}
          className="rounded-lg border border-slate-200 bg-white"
        />
        <div>
          <h2 id="waiver-share" className="text-xl font-bold text-slate-900">
            Other adults can sign on their phone
          </h2>
          <p className="mt-2 text-slate-700">
            They scan this code, or open this link, and sign their own copy. No booking e-mail needed.
          </p>
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
