import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { renderWaiverText, WAIVER_RULES, WAIVER_VERSION, type WaiverAccess, type WaiverContext, type WaiverSigned, waiverSigning, type WaiverSigning, type WaiverSigningInput } from '../../lib/waivers';
import { islandToast } from '../../lib/toast';
import { newSubmissionId } from '../shared/form-kit';
import { formFields } from './form-fields';
import { useFormSubmission } from './use-form-submission';
import { publicApi } from '../../lib/paths';

const isField = (path: string) =>
  ['signerName', 'signerEmail', 'signerPhone', 'consent', 'signatureKind', 'signatureImage', 'typedSignature'].includes(
    path,
  ) ||
  /^adults\.\d+\.name$/.test(path) ||
  /^guests\.\d+\.(name|age)$/.test(path) ||
  /^acknowledged\.[a-z-]+$/.test(path);

/** What signing one waiver starts from: the booking found, how it was found, and who to tell. */
export interface WaiverSigningProps {
  context: WaiverContext;
  access: WaiverAccess;
  businessName: string;
  /** The business's state (2-letter code): its law governs the release. */
  governingState: string;
  onSigned: (signed: WaiverSigned) => void;
}

/**
 * Signing one waiver: the form on the shared waiver schema (prefilled for the renter when the link
 * carried their e-mail), its adults and guests, the exact text being signed as it is filled in, and
 * sending it. A drawn signature is a value, not an input; see `padBox`.
 */
export function useWaiverSigning({ context, access, businessName, governingState, onSigned }: WaiverSigningProps) {
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
  const form = useForm<WaiverSigningInput, unknown, WaiverSigning>({
    resolver: zodResolver(waiverSigning),
    defaultValues: defaults,
  });
  const { handleSubmit, setError, formState, control } = form;
  const adults = useFieldArray({ control, name: 'adults' });
  const guests = useFieldArray({ control, name: 'guests' });
  // The drawn signature is a value, not an input: it is set after each stroke and, when it is the
  // only thing missing, its box takes focus (react-hook-form can focus inputs only).
  const padBox = useRef<HTMLDivElement>(null);
  const watched = useWatch({ control });
  const { send, invalid, ...submission } = useFormSubmission({
    setError,
    isField,
    title: 'We couldn’t save your waiver',
  });

  const text = renderWaiverText({
    businessName,
    governingState,
    bookingNumber: context.bookingNumber,
    eventDate: context.event.date,
    renterName: context.renterName,
    signerName: watched.signerName || '(your name)',
    signerEmail: watched.signerEmail || '(your e-mail)',
    signerPhone: watched.signerPhone,
    adults: (watched.adults ?? []).map((a) => ({ name: a?.name ?? '' })),
    guests: (watched.guests ?? []).map((g) => ({
      name: g?.name ?? '',
      age: typeof g?.age === 'number' && Number.isFinite(g.age) ? g.age : undefined,
    })),
  });

  const onValid = async (data: WaiverSigning) => {
    const signed = await send<WaiverSigned>(publicApi.waivers, { json: data });
    if (!signed) return;
    islandToast.success(
      'Waiver signed',
      `Thank you, ${data.signerName.split(/\s+/)[0]}! A copy is on its way to ${data.signerEmail}.`,
    );
    onSigned(signed);
  };

  const onInvalid = (found: FieldErrors<WaiverSigningInput>) => {
    invalid(found);
    if (found.signatureImage && Object.keys(found).length === 1) padBox.current?.focus();
  };

  const errors = formState.errors;
  const kind = watched.signatureKind;
  const textId = `${formId}-text`;

  return {
    formId,
    form,
    field: formFields(formId, form),
    adults,
    guests,
    padBox,
    watched,
    text,
    errors,
    kind,
    textId,
    submit: handleSubmit(onValid, onInvalid),
    ...submission,
  };
}

export type WaiverSigningState = ReturnType<typeof useWaiverSigning>;
