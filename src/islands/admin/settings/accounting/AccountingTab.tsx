import { useEffect, useRef, useState } from 'react';
import { adminApi, adminPaths } from '../../../../lib/paths';
import { adminMutate, useAdminData } from '../../shared/admin-api';
import { LoadState } from '../../shared/ui';
import { AccountingMapping } from './AccountingMapping';
import type { AccountingPayload, MappingChoices, QueueState } from './accounting-types';
import { QuickBooksConnection } from './QuickBooksConnection';
import { ResendFrom } from './ResendFrom';
import { SyncLog } from './SyncLog';

interface Address {
  /** Intuit's redirect back with a code: the connection to finish. */
  intuit: { code: string; state: string; realmId: string } | null;
  /** Intuit's `error` on the way back (access_denied: the owner pressed Cancel there). */
  refused: string | null;
  /** The log's state, from the dashboard's link. */
  log: QueueState | null;
}

function fromAddress(): Address {
  const search = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const [code, state, realmId, log] = ['code', 'state', 'realmId', 'log'].map((k) => search.get(k));
  const states: (string | null)[] = ['waiting', 'sent', 'failed'];
  return {
    intuit: code && state && realmId ? { code, state, realmId } : null,
    refused: state ? search.get('error') : null,
    log: states.includes(log ?? null) ? (log as QueueState) : null,
  };
}

/**
 * Intuit's redirect lands on this page (the session cookie is SameSite=Strict, so a navigation from
 * Intuit's site carries none): the code is posted from here, once, and the address is tidied so a
 * reload does not post it again.
 */
function useIntuitReturn(address: Address, done: () => void) {
  const [problem, setProblem] = useState<string | null>(address.refused);
  const posted = useRef(false);
  useEffect(() => {
    if (!address.intuit && !address.refused) return;
    history.replaceState(history.state, '', adminPaths.accountingSettings);
    if (!address.intuit || posted.current) return;
    posted.current = true;
    void adminMutate(adminApi.accounting.callback, 'POST', address.intuit, 'QuickBooks connected.').then((result) => {
      if (!result.ok) setProblem(result.error.message);
      done();
    });
  }, [address, done]);
  return problem;
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
  const problem = useIntuitReturn(address, reload);
  // Opened from the dashboard's link: to the log once what stands above it (the mapping, from QuickBooks' lists) is in place.
  const scrolled = useRef(false);
  const settled = status !== null && (!connected || choices.data !== null || choices.error !== null);
  useEffect(() => {
    if (!address.log || !settled || scrolled.current) return;
    scrolled.current = true;
    document.getElementById('sync-log')?.scrollIntoView();
  }, [address.log, settled]);
  const showLog = (state: QueueState | '') => {
    setFilter(state);
    setOffset(0);
    document.getElementById('sync-log')?.scrollIntoView();
  };

  return (
    <LoadState loading={loading} error={error}>
      {status && (
        <div className="space-y-4">
          <QuickBooksConnection status={status} problem={problem} onChanged={reload} showLog={showLog} />
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
            />
          )}
          {connected && status.mappingComplete && <ResendFrom onQueued={reload} />}
        </div>
      )}
    </LoadState>
  );
}
