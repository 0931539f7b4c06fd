import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { renderWaiverText, WAIVER_RULE_IDS, waiverSignature, type WaiverSignature, type WaiverSignatureInput, type WaiverWords } from '../../lib/waivers';
import { formFields } from '../shared/form-fields';
import { withTranslatedErrors } from '../shared/translated-resolver';

// The waiver's fields, shared by the guests' signing page (use-waiver-signing.ts) and the crew's phone
// (the day screen's stop): one schema, one set of components (WaiverPeopleFields, WaiverSections,
// SignatureFields), one rendering of the text being signed.

/** Whether a path the server names is a field of the signing form (others go to the form's alert). */
export const isWaiverField = (path: string) =>
  ['signerName', 'signerEmail', 'signerPhone', 'consent', 'signatureKind', 'signatureImage', 'typedSignature'].includes(
    path,
  ) ||
  /^adults\.\d+\.name$/.test(path) ||
  /^guests\.\d+\.(name|age)$/.test(path) ||
  /^acknowledged\.[a-z-]+$/.test(path);

/** The booking a waiver is signed for, as its text names it. */
export interface WaiverParty {
  bookingNumber: string;
  /** 'YYYY-MM-DD', the party's local date. */
  eventDate: string;
  renterName: string;
}

/** The signing form's first values: empty, or the renter's name and e-mail when the renter is most likely signing. */
export function blankWaiverFields(renter?: { name: string; email: string }): WaiverSignatureInput {
  return {
    signerName: renter?.name ?? '',
    signerEmail: renter?.email ?? '',
    signerPhone: '',
    adults: [{ name: renter?.name ?? '' }],
    guests: [],
    acknowledged: Object.fromEntries(WAIVER_RULE_IDS.map((id) => [id, false])) as unknown as Record<string, true>,
    consent: false as unknown as true,
    signatureKind: 'drawn',
    signatureImage: '',
    typedSignature: '',
  };
}

/**
 * The waiver's fields wherever it is signed (the guest's own phone, or the crew's at a stop): the form
 * on the shared waiver schema, its adults and guests, and the exact text being signed as it is filled
 * in, in the language of `words` (the text and the form's own words). A drawn signature is a value,
 * not an input; see `padBox`.
 */
export function useWaiverForm({ party, businessName, words, defaults }: { party: WaiverParty; businessName: string; words: WaiverWords; defaults: WaiverSignatureInput }) {
  const formId = useId();
  const form = useForm<WaiverSignatureInput, unknown, WaiverSignature>({
    // The schema's messages in the waiver's language (a Spanish page's checks say them in Spanish).
    resolver: withTranslatedErrors(zodResolver(waiverSignature), words.errors),
    defaultValues: defaults,
  });
  const { formState, control } = form;
  const adults = useFieldArray({ control, name: 'adults' });
  const guests = useFieldArray({ control, name: 'guests' });
  // The drawn signature is a value, not an input: it is set after each stroke and, when it is the
  // only thing missing, its box takes focus (react-hook-form can focus inputs only).
  const padBox = useRef<HTMLDivElement>(null);
  const watched = useWatch({ control });

  const text = renderWaiverText(
    {
      businessName,
      bookingNumber: party.bookingNumber,
      eventDate: party.eventDate,
      renterName: party.renterName,
      signerName: watched.signerName || words.lines.yourName,
      signerEmail: watched.signerEmail || words.lines.yourEmail,
      signerPhone: watched.signerPhone,
      adults: (watched.adults ?? []).map((a) => ({ name: a?.name ?? '' })),
      guests: (watched.guests ?? []).map((g) => ({
        name: g?.name ?? '',
        age: typeof g?.age === 'number' && Number.isFinite(g.age) ? g.age : undefined,
      })),
    },
    words,
  );

  return {
    formId,
    words,
    form,
    field: formFields(form, formId),
    adults,
    guests,
    padBox,
    watched,
    text,
    errors: formState.errors,
    kind: watched.signatureKind,
    textId: `${formId}-text`,
    /** For handleSubmit's second argument: a drawn signature that is the only thing missing takes focus. */
    focusPad: (found: FieldErrors<WaiverSignatureInput>) => {
      if (found.signatureImage && Object.keys(found).length === 1) padBox.current?.focus();
    },
  };
}

export type WaiverFormState = ReturnType<typeof useWaiverForm>;

