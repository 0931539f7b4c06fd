import { useState } from 'react';
import { adminApi } from '../../../../lib/paths';
import { useAdminData } from '../../shared/admin-api';
import { LoadState } from '../../shared/ui';
import { AccountingMapping } from './AccountingMapping';
import type { AccountingPayload, MappingChoices, QueueState } from './accounting-types';
import { QuickBooksConnection } from './QuickBooksConnection';
import { ResendFrom } from './ResendFrom';
import { SyncLog } from './SyncLog';

/** What the address asks for: Intuit's refusal on the way back (`refused`), the log's state from the dashboard's link (`log`). */
function fromAddress(): { refused: string | null; log: QueueState | null } {
  const search = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const log = search.get('log');
  const states: (string | null)[] = ['waiting', 'sent', 'failed'];
  return { refused: search.get('refused'), log: states.includes(log) ? (log as QueueState) : null };
}

/**
 * Settings → Accounting (owners): QuickBooks Online's connection and what to do next, the mapping
 * (once connected, from QuickBooks' own lists), the sync log and "send again from this date".
 */
export function AccountingTab() {
  const [address] = useState(fromAddress);
  const [filter, setFilter] = useState<QueueState | ''>(address.log ?? '');
  const [offset, setOffset] = useState(0);
  const { data, error, loading, reload } = useAdminData<AccountingPayload>(adminApi.accounting.all(filter || undefined, offset));
  const connected = data?.status === 'connected';
  const choices = useAdminData<MappingChoices>(connected ? adminApi.accounting.choices : null);
  const status = data;
  const showLog = (state: QueueState | '') => {
    setFilter(state);
    setOffset(0);
    document.getElementById('sync-log')?.scrollIntoView();
  };

  return (
    <LoadState loading={loading} error={error}>
      {status && (
        <div className="space-y-4">
          <QuickBooksConnection status={status} refused={address.refused} onChanged={reload} showLog={showLog} />
          {connected && (
            <LoadState loading={choices.loading} error={choices.error}>
              {choices.data && (
                <AccountingMapping
                  status={status}
                  choices={choices.data}
                  onSaved={reload}
                />
              )}
            </LoadState>
          )}
          {(status.status !== 'disconnected' || status.counts.sent + status.counts.waiting + status.counts.failed > 0) && (
            <SyncLog
              status={status}
              filter={filter}
              offset={offset}
              onFilter={showLog}
              onOffset={setOffset}
              onRetried={reload}
              focusOnOpen={address.log !== null}
            />
          )}
          {connected && status.mappingComplete && <ResendFrom onQueued={reload} />}
        </div>
      )}
    </LoadState>
  );
}
