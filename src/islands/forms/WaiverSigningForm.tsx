import { useEffect, useState } from 'react';
import { waiverAccess, type WaiverAccess, type WaiverContext, type WaiverSigned } from '../../lib/waivers';
import { requestJson } from '../shared/api';
import { FormAlert, Honeypot, primaryButtonClass } from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import type { FormProblem } from './use-form-submission';
import { useWaiverSigning, type WaiverSigningProps } from './use-waiver-signing';
import FindWaiverBooking from './FindWaiverBooking';
import { PartySummary, WaiverFormFields } from './WaiverSections';
import WaiverSignedPanel from './WaiverSignedPanel';
import { publicApi } from '../../lib/paths';

export interface WaiverSigningFormProps {
  businessName: string;
  /** The business's state (2-letter code): its law governs the release. */
  governingState: string;
  phone: string;
  /** settings.bookingPrefix, for the booking number's hint. */
  bookingPrefix: string;
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
export default function WaiverSigningForm({ businessName, governingState, phone, bookingPrefix }: WaiverSigningFormProps) {
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
      {state.step === 'find' && <FindWaiverBooking onFind={load} bookingPrefix={bookingPrefix} {...(state.problem ? { problem: state.problem } : {})} />}
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
        <WaiverSignedPanel
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

function SignWaiver(props: WaiverSigningProps) {
  const state = useWaiverSigning(props);
  const { context } = props;
  const { formId, problem, sending } = state;
  return (
    <form onSubmit={(e) => void state.submit(e)} onFocus={state.humanCheck.start} noValidate aria-labelledby={`${formId}-title`} className="space-y-8">
      <h2 id={`${formId}-title`} className="sr-only">
        Waiver for booking {context.bookingNumber}
      </h2>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <Honeypot ref={state.honeypot} name="website" />
      <PartySummary formId={formId} context={context} />
      <WaiverFormFields state={state} />
      <HumanCheckStatus check={state.humanCheck} />
      <button type="submit" className={primaryButtonClass} disabled={sending}>
        {sending ? 'Signing…' : 'Sign the waiver'}
      </button>
    </form>
  );
}
