import { useEffect, useState } from 'react';
import { waiverAccess, wordsWithText, type WaiverAccess, type WaiverContext, type WaiverSigned, type WaiverWords } from '../../lib/waivers';
import { interpolate } from '../../lib/i18n';
import { requestJson } from '../shared/api';
import { FormAlert, Honeypot, primaryButtonClass } from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import HumanCheckStatus, { type HumanCheckWords } from '../shared/human-check/HumanCheckStatus';
import type { FormProblem } from './use-form-submission';
import { useWaiverSigning, type WaiverSigningProps } from './use-waiver-signing';
import FindWaiverBooking, { bookingInAddress } from './FindWaiverBooking';
import { PartySummary, WaiverFormFields } from './WaiverSections';
import WaiverSignedPanel from './WaiverSignedPanel';
import { publicApi } from '../../lib/paths';

export interface WaiverSigningFormProps {
  businessName: string;
  /**
   * The waiver in this page's language (the page builds it with waiverWords): its text, version and the
   * form's words. Only this language's: an English page carries no Spanish waiver, and the other way round.
   */
  words: WaiverWords;
  /** The same page in the other language (null when the business offers no Spanish): the link keeps the booking in the address. */
  languageSwitch?: LanguageSwitchLink | null;
  phone: string;
  /** settings.timezone: the signed panel says the time signed on the business's clock. */
  timeZone: string;
  /** settings.bookingPrefix, for the booking number's hint. */
  bookingPrefix: string;
  /** What the check that a person is signing says beside the button, in this page's language (the forms' words). */
  humanCheckWords: HumanCheckWords;
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
 * /sign-waiver and /es/sign-waiver: find the booking (from the link's ?booking=&email= or &key=, or typed in), then
 * the signer's details, the adults and guests, each safety rule, and a drawn or typed signature.
 */
export default function WaiverSigningForm({ businessName, words, languageSwitch = null, phone, timeZone, bookingPrefix, humanCheckWords }: WaiverSigningFormProps) {
  const t = words.form;
  const [state, setState] = useState<Step>({ step: 'find' });

  const load = async (access: WaiverAccess) => {
    setState({ step: 'loading' });
    const result = await requestJson<WaiverContext>(contextUrl(access));
    if (result.ok) setState({ step: 'sign', context: result.data, access });
    else
      setState({
        step: 'find',
        problem: {
          title: result.status === 404 ? t.notFound : t.notOpened,
          message: result.error.message,
        },
      });
  };

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const booking = bookingInAddress(params);
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
      {languageSwitch && <LanguageSwitch to={languageSwitch} />}
      {state.step === 'find' && <FindWaiverBooking onFind={load} bookingPrefix={bookingPrefix} words={t} {...(state.problem ? { problem: state.problem } : {})} />}
      {state.step === 'loading' && (
        <p role="status" className="rounded-2xl bg-brand-50 p-6 text-lg text-slate-800">
          {t.lookingUp}
        </p>
      )}
      {state.step === 'sign' && (
        <SignWaiver
          context={state.context}
          access={state.access}
          businessName={businessName}
          // The text the server has now (the owner may have published a newer one than this page was built with).
          words={wordsWithText(words, state.context.waiver)}
          humanCheckWords={humanCheckWords}
          onSigned={(signed) => setState({ step: 'done', context: state.context, access: state.access, signed })}
        />
      )}
      {state.step === 'done' && (
        <WaiverSignedPanel
          signed={state.signed}
          context={state.context}
          phone={phone}
          timeZone={timeZone}
          words={t}
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

export interface LanguageSwitchLink {
  href: string;
  /** In the other language's own words, and marked as that language. */
  label: string;
  title: string;
  lang: string;
}

/** Read and sign in the other language: the same booking (the link's ?booking=&email= or &key=), the other text. */
function LanguageSwitch({ to }: { to: LanguageSwitchLink }) {
  const [search, setSearch] = useState('');
  useEffect(() => setSearch(window.location.search), []);
  return (
    <p className="mb-6">
      <a
        href={`${to.href}${search}`}
        lang={to.lang}
        hrefLang={to.lang}
        title={to.title}
        className="inline-flex min-h-11 items-center rounded-full border-2 border-brand-700 px-5 py-2 font-bold text-brand-800 hover:bg-brand-50"
        data-testid="waiver-language-switch"
      >
        {to.label}
      </a>
    </p>
  );
}

function SignWaiver({ humanCheckWords, ...props }: WaiverSigningProps & { humanCheckWords: HumanCheckWords }) {
  const state = useWaiverSigning(props);
  const { context, words } = props;
  const { formId, problem, sending } = state;
  return (
    <form onSubmit={(e) => void state.submit(e)} onFocus={state.humanCheck.start} noValidate aria-labelledby={`${formId}-title`} className="space-y-8">
      <h2 id={`${formId}-title`} className="sr-only">
        {interpolate(words.form.formTitle, { number: context.bookingNumber })}
      </h2>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <Honeypot ref={state.honeypot} name="website" />
      <PartySummary formId={formId} context={context} words={words} />
      <WaiverFormFields state={state} />
      <button type="submit" className={primaryButtonClass} disabled={sending}>
        {sending ? words.form.signing : words.form.sign}
      </button>
      {/* Under the button, so its changing words never move the button under a tap (see CheckoutForm). */}
      <HumanCheckStatus check={state.humanCheck} words={humanCheckWords} />
    </form>
  );
}
