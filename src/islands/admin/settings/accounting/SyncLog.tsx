import { useState } from 'react';
import { adminApi } from '../../../../lib/paths';
import { adminMutate } from '../../shared/admin-api';
import { staffClock } from '../../shared/business';
import { Badge, Card, secondaryButtonClass } from '../../shared/ui';
import { kindLabels, queueStates, type AccountingPayload, type QueueEntry, type QueueState } from './accounting-types';
import { syncItemTiming } from './sync-log-text';

const PAGE = 50;
const stateTone = { waiting: 'info', sent: 'good', failed: 'bad' } as const;

function LogItem({ item, onRetried }: { item: QueueEntry; onRetried(): void }) {
  const [busy, setBusy] = useState(false);
  const clock = staffClock();
  const what = `${kindLabels[item.kind] ?? item.kind}${item.bookingNumber ? ` · ${item.bookingNumber}` : ''}`;
  const retry = async () => {
    setBusy(true);
    if ((await adminMutate(adminApi.accounting.retry(item.id), 'POST', {}, 'Sent again.')).ok) onRetried();
    setBusy(false);
  };
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="sync-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{what}</p>
        <Badge tone={stateTone[item.status]}>{queueStates.find((s) => s.id === item.status)?.label}</Badge>
      </div>
      {item.customerName && <p className="text-sm text-slate-800">{item.customerName}</p>}
      <p className="text-sm text-slate-700">{syncItemTiming(item, clock)}</p>
      {item.lastError && item.status !== 'sent' && (
        <p className="mt-1 text-sm text-red-900" data-testid="sync-item-error">
          QuickBooks said: {item.lastError}
        </p>
      )}
      {(item.status === 'failed' || (item.status === 'waiting' && item.attempts > 0)) && (
        <button type="button" className={`${secondaryButtonClass} mt-2`} disabled={busy} onClick={() => void retry()}>
          Retry
          <span className="sr-only"> {what}</span>
        </button>
      )}
    </li>
  );
}

/**
 * The sync log: every item of the QuickBooks queue, newest first, with its state (waiting, sent,
 * failed with QuickBooks' own message), one state at a time if chosen, and Retry on what did not go.
 */
export function SyncLog({
  status,
  filter,
  offset,
  onFilter,
  onOffset,
  onRetried,
}: {
  status: AccountingPayload;
  filter: QueueState | '';
  offset: number;
  onFilter(state: QueueState | ''): void;
  onOffset(offset: number): void;
  onRetried(): void;
}) {
  const count = (s: QueueState) => status.counts[s];
  const filters: { id: QueueState | ''; label: string }[] = [{ id: '', label: `All (${count('waiting') + count('sent') + count('failed')})` }, ...queueStates.map((s) => ({ id: s.id, label: `${s.label} (${count(s.id)})` }))];
  return (
    <div id="sync-log" className="scroll-mt-4">
      <Card title="Sync log">
        <div role="group" aria-label="Show" className="mb-3 flex flex-wrap gap-2">
          {filters.map((f) => (
            <button key={f.id || 'all'} type="button" aria-pressed={filter === f.id} className={`${secondaryButtonClass} aria-pressed:border-brand-700 aria-pressed:bg-brand-50`} onClick={() => onFilter(f.id)}>
              {f.label}
            </button>
          ))}
        </div>
        {status.items.length === 0 ? (
          <p className="text-sm text-slate-700">{filter ? 'Nothing in this state.' : 'Nothing has been queued yet.'}</p>
        ) : (
          <ul className="space-y-2" aria-label="Sync log items">
            {status.items.map((item) => (
              <LogItem key={item.id} item={item} onRetried={onRetried} />
            ))}
          </ul>
        )}
        {(offset > 0 || status.items.length === PAGE) && (
          <div className="mt-3 flex gap-2">
            {offset > 0 && (
              <button type="button" className={secondaryButtonClass} onClick={() => onOffset(Math.max(0, offset - PAGE))}>
                Newer
              </button>
            )}
            {status.items.length === PAGE && (
              <button type="button" className={secondaryButtonClass} onClick={() => onOffset(offset + PAGE)}>
                Older
              </button>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
