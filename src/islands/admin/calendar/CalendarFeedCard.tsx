import { useId, useState } from 'react';
import { adminApi } from '../../../lib/paths';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { copyText } from '../shared/clipboard';
import { Card, dangerButtonClass, LoadState, secondaryButtonClass, buttonClass } from '../shared/ui';
import { inputClass, labelClass } from '../../shared/form-classes';

/**
 * "Your calendar feed": a private address for Google Calendar, Apple Calendar or Outlook. The
 * address is the only key (calendar apps cannot sign in), so it can be reset when it leaks.
 */
export function CalendarFeedCard() {
  const id = useId();
  const feed = useAdminData<{ url: string | null }>(adminApi.calendar.feed);
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = url === undefined ? (feed.data?.url ?? null) : url;

  const reset = async () => {
    setBusy(true);
    const result = await adminMutate<{ url: string }>(adminApi.calendar.feed, 'POST', {}, current ? 'New feed link made; the old one no longer works.' : 'Feed link made.');
    setBusy(false);
    setConfirming(false);
    if (result.ok) setUrl(result.data.url);
  };

  const copy = async () => {
    if (current) await copyText(current, 'Feed link copied.', 'the address');
  };

  return (
    <Card title="Your calendar feed">
      <p className="mb-3 text-sm text-slate-700">
        Subscribe to upcoming bookings and the days the business is closed from Google Calendar, Apple Calendar or Outlook (“add calendar from URL”). The link is
        personal: anyone who has it sees the bookings, so reset it if it was shared by mistake.
      </p>
      <LoadState loading={feed.loading} error={feed.error}>
        {current ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-64 flex-1">
              <label htmlFor={id} className={labelClass}>
                Feed address
              </label>
              <input id={id} className={`${inputClass} font-mono`} readOnly value={current} onFocus={(e) => e.currentTarget.select()} />
            </div>
            <button type="button" className={secondaryButtonClass} onClick={copy}>
              Copy link
            </button>
            {confirming ? (
              <>
                <button type="button" className={dangerButtonClass} disabled={busy} onClick={reset}>
                  Yes, make a new link
                </button>
                <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
                  Keep this link
                </button>
              </>
            ) : (
              <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
                Reset link
              </button>
            )}
          </div>
        ) : (
          <button type="button" className={buttonClass} disabled={busy} onClick={reset}>
            Make my feed link
          </button>
        )}
        {confirming && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            Calendars subscribed to the old link will stop updating until you add the new one.
          </p>
        )}
      </LoadState>
    </Card>
  );
}
