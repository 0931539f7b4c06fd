import { useMemo, useState } from 'react';
import type { DayRun, DayStop } from '../../../lib/day';
import { adminApi } from '../../../lib/paths';
import { waiverWords, wordsWithText, type WaiverSigned } from '../../../lib/waivers';
import { blankWaiverFields, isWaiverField, useWaiverForm } from '../../forms/use-waiver-form';
import { WaiverFormFields } from '../../forms/WaiverSections';
import { FormAlert } from '../../shared/form-kit';
import { crewSend } from '../shared/crew-send';
import { showServerErrors, useAdminForm } from '../shared/admin-form';
import { buttonClass, secondaryButtonClass } from '../shared/ui';

const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;

/**
 * "Guest signs a waiver" at a stop: the crew member hands the phone to a guest, who signs the same
 * waiver, with the same fields, as on the guests' own signing page (its components and schema), in
 * English or Spanish (the form's words are in this screen's code and each language's current text
 * comes with the day, so either opens without signal). The wording's business parts come with the day
 * too (`run.waiver`); `signedAt` is the moment the guest pressed "Sign", whenever the phone sends it.
 */
export function StopWaiverForm({ run, stop, onDone }: { run: DayRun; stop: DayStop; onDone(): void }) {
  const [language, setLanguage] = useState<'en' | 'es'>('en');
  const text = run.waiver.texts?.[language];
  const words = useMemo(() => {
    const shipped = waiverWords(language, run.waiver.governingState);
    return text ? wordsWithText(shipped, text) : shipped;
  }, [language, run.waiver.governingState, text]);
  // Opened for a guest: nobody's name is guessed.
  const defaults = useMemo(() => blankWaiverFields(), []);
  const state = useWaiverForm({
    party: { bookingNumber: stop.number, eventDate: stop.event.date, renterName: stop.customer.name },
    businessName: run.waiver.businessName,
    words,
    defaults,
  });
  const { form, formId } = state;
  const saving = useAdminForm(form, { command: true });
  const [problem, setProblem] = useState<string | null>(null);

  if (!text) {
    // A day kept on the phone from before the texts came with it: signing it could show the guest
    // an older text than the current one (the server would refuse it).
    return (
      <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
        The waiver was updated. Reload this page with signal to show the guest the new waiver.
      </p>
    );
  }

  const submit = form.handleSubmit(async (fields) => {
    setProblem(null);
    const body = { ...fields, language, waiverVersion: words.version, signedAt: new Date().toISOString() };
    // Through the crew's queue: a guest may sign where the phone has no signal.
    const result = await crewSend<WaiverSigned>(adminApi.day.bookingWaivers(stop.bookingId), 'POST', body, {
      success: `Waiver signed by ${fields.signerName} for ${stop.number}.`,
      label: `${stop.number}: waiver signed by ${fields.signerName}`,
      bookingId: stop.bookingId,
    });
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, isWaiverField));
    saving.saved();
    onDone();
  }, state.focusPad);

  return (
    <form noValidate className="mt-3 space-y-6 rounded-lg bg-slate-50 p-3" aria-labelledby={`${formId}-title`} onSubmit={(e) => void submit(e)} data-testid="stop-waiver-form">
      <div>
        <h4 id={`${formId}-title`} className="font-bold text-slate-900">
          Waiver for {stop.number}
        </h4>
        <p className="text-sm text-slate-700">
          Hand the phone to the guest: they read the waiver, fill it in and sign with a finger. Their copy is e-mailed to them.
          {stop.waiverSigners.length > 0 && <> Signed already: {stop.waiverSigners.join(', ')}.</>}
        </p>
      </div>
      <div role="group" aria-label="Language of the waiver" className="flex flex-wrap gap-2">
        {LANGUAGES.map((l) => (
          <button key={l.code} type="button" lang={l.code} className={secondaryButtonClass} aria-pressed={language === l.code} onClick={() => setLanguage(l.code)}>
            {l.label}
          </button>
        ))}
      </div>
      {problem && <FormAlert title="The waiver was not saved" message={problem} />}
      <WaiverFormFields state={state} />
      <button type="submit" className={buttonClass} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? words.form.signing : words.form.sign}
      </button>
    </form>
  );
}
