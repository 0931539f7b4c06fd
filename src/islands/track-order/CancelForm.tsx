import { useState } from 'react';
import { cancellationOutcomeText } from '../../lib/booking';
import { publicApi } from '../../lib/paths';
import { requestJson } from '../shared/api';
import { errorClass, primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';
import type { CancelResult, ManagedBooking } from '../../lib/customer-changes/index.server';
import { useTrackWords } from './words';

/** Cancelling: what the policy gives back now, shown before the customer confirms; the server's answer at that moment wins. */
export function CancelForm({
  booking: b,
  manageKey,
  onCancelled,
  onStale,
}: {
  booking: ManagedBooking;
  manageKey: string;
  onCancelled: (result: CancelResult) => void;
  onStale: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outcome = b.manage.cancellation;
  const { locale, trackOrder, err } = useTrackWords();
  const t = trackOrder.cancel;

  const cancel = async () => {
    setWorking(true);
    setError(null);
    const result = await requestJson<CancelResult>(publicApi.manageBooking.cancel, {
      method: 'POST',
      json: { bookingNumber: b.number, key: manageKey, expected: outcome.tier },
    });
    setWorking(false);
    if (result.ok) {
      onCancelled(result.data);
      return;
    }
    // The server's answer wins: the terms it computed now replace what the page showed.
    if (result.status === 409) await onStale();
    // In the page's language: the server's words come translated, this browser's own (no connection) are looked up.
    setError(result.error.message);
  };

  return (
    <div className="space-y-3 rounded-xl bg-white p-4" aria-labelledby="cancel-online-heading" role="group">
      <h4 id="cancel-online-heading" className="font-bold text-slate-900">
        {t.heading}
      </h4>
      <p className="text-slate-800">{t.ifNow}</p>
      <ul className="list-disc space-y-1 pl-6 text-slate-900" data-testid="cancel-outcome">
        {cancellationOutcomeText(outcome, b.changePolicy, 0, locale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {error && (
        <p role="alert" className={errorClass}>
          {err(error)}
        </p>
      )}
      {!confirming ? (
        <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
          {t.start}
        </button>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={primaryButtonClass} disabled={working} onClick={() => void cancel()}>
            {working ? t.working : t.yes}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
            {t.keep}
          </button>
        </div>
      )}
    </div>
  );
}
