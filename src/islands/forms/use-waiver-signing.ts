import { useMemo, useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { WaiverAccess, WaiverContext, WaiverSigned, WaiverSignature, WaiverSignatureInput, WaiverSigningInput, WaiverWords } from '../../lib/waivers';
import { interpolate } from '../../lib/i18n';
import { islandToast } from '../../lib/toast';
import { newSubmissionId } from '../shared/form-kit';
import { useFormSubmission } from './use-form-submission';
import { blankWaiverFields, isWaiverField, useWaiverForm } from './use-waiver-form';
import { publicApi } from '../../lib/paths';

/** What signing one waiver starts from: the booking found, how it was found, and who to tell. */
export interface WaiverSigningProps {
  context: WaiverContext;
  access: WaiverAccess;
  businessName: string;
  /** The waiver in the page's language: its text (with the business's state's law) and the form's words. */
  words: WaiverWords;
  onSigned: (signed: WaiverSigned) => void;
}

/**
 * Signing one waiver on the guest's own phone: the shared fields (prefilled for the renter when the
 * link carried their e-mail), with how the booking was found, the honeypot and the human check.
 */
export function useWaiverSigning({ context, access, businessName, words, onSigned }: WaiverSigningProps) {
  // Opened with the renter's e-mail: most likely the renter is signing.
  const defaults = useMemo(() => blankWaiverFields(access.email ? { name: context.renterName, email: access.email } : undefined), [access.email, context.renterName]);
  // One id per filled-in form: sending it again stores nothing new.
  const submissionId = useMemo(() => newSubmissionId(), []);
  const honeypot = useRef<HTMLInputElement>(null);
  const fields = useWaiverForm({ party: { bookingNumber: context.bookingNumber, eventDate: context.event.date, renterName: context.renterName }, businessName, words, defaults });
  const { form } = fields;
  const { send, invalid, ...submission } = useFormSubmission({
    setError: form.setError,
    isField: isWaiverField,
    title: words.form.notSaved,
  });

  const onValid = async (data: WaiverSignature) => {
    const body: WaiverSigningInput = { ...data, submissionId, website: honeypot.current?.value ?? '', access, language: words.language, waiverVersion: words.version };
    const signed = await send<WaiverSigned>(publicApi.waivers, { json: body });
    if (!signed) return;
    islandToast.success(words.form.toastTitle, interpolate(words.form.toastText, { name: data.signerName.split(/\s+/)[0] ?? '', email: data.signerEmail }));
    onSigned(signed);
  };

  const onInvalid = (found: FieldErrors<WaiverSignatureInput>) => {
    invalid(found);
    fields.focusPad(found);
  };

  return {
    ...fields,
    honeypot,
    submit: form.handleSubmit(onValid, onInvalid),
    ...submission,
  };
}

export type WaiverSigningState = ReturnType<typeof useWaiverSigning>;
