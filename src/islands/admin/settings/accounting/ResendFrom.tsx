import { useState } from 'react';
import { adminApi } from '../../../../lib/paths';
import { TextField } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { staffClock } from '../../shared/business';
import { buttonClass, Card, ScreenForm } from '../../shared/ui';

/**
 * "Send again from this date", for a fresh connection (a new QuickBooks company, or one the site has
 * not kept in step yet): the confirmed bookings whose party is on or after it, with their payments,
 * refunds and deposits held. What is queued or sent already is left alone, so pressing it twice
 * sends nothing twice.
 */
export function ResendFrom({ onQueued }: { onQueued(): void }) {
  const [from, setFrom] = useState(() => staffClock().today());
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setError(undefined);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return setError('Choose a date.');
    setBusy(true);
    const result = await adminMutate<{ queued: number }>(adminApi.accounting.resend, 'POST', { from }, (d) => `${d.queued} item(s) queued for QuickBooks.`);
    setBusy(false);
    if (result.ok) onQueued();
    else setError(result.error.fields?.from ?? result.error.message);
  };
  return (
    <Card title="Send again from a date">
      <p className="mb-3 text-sm text-slate-700">
        For a new connection: queues every confirmed booking whose party is on or after this date, with its payments, refunds and deposits. Nothing already sent is sent twice.
      </p>
      <ScreenForm className="flex flex-wrap items-end gap-3" onSubmit={() => void send()}>
        <TextField type="date" name="from" label="Parties from" value={from} onChange={(e) => setFrom(e.target.value)} error={error} />
        <button type="submit" className={buttonClass} disabled={busy}>
          Send again from this date
        </button>
      </ScreenForm>
    </Card>
  );
}
