import { useState } from 'react';
import { toast } from 'sonner';
import { adminApi } from '../../../../lib/paths';
import { adminMutate, adminRequest } from '../../shared/admin-api';
import { staffClock } from '../../shared/business';
import { Badge, buttonClass, Card, dangerButtonClass, secondaryButtonClass } from '../../shared/ui';
import type { AccountingPayload, QueueState } from './accounting-types';

/** Intuit's `error` on the way back, in an owner's words; or the site's own message when finishing failed. */
const problemWords = (problem: string) =>
  problem === 'access_denied'
    ? 'You chose not to connect at Intuit: nothing changed.'
    : /^[a-z_]+$/.test(problem)
      ? `Intuit did not connect the company (${problem}): nothing changed. Press Connect to try again.`
      : problem;

/**
 * The top of Settings → Accounting: where the connection stands and the one thing to do next (connect,
 * connect again, choose the accounts, look at what failed), visible on a phone without scrolling;
 * the demo business's notice; disconnecting.
 */
export function QuickBooksConnection({ status, problem, onChanged, showLog }: { status: AccountingPayload; problem: string | null; onChanged(): void; showLog(state: QueueState): void }) {
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    const result = await adminRequest<{ url: string }>(adminApi.accounting.connect, { method: 'POST', json: {} });
    // Off to Intuit's consent screen; it sends the owner back to this tab.
    if (result.ok) return location.assign(result.data.url);
    toast.error(result.error.message);
    setBusy(false);
  };
  const disconnect = async () => {
    if (!confirm('Disconnect QuickBooks? Nothing more is sent until you connect again; what was sent stays in QuickBooks.')) return;
    setBusy(true);
    if ((await adminMutate(adminApi.accounting.disconnect, 'POST', {}, 'QuickBooks disconnected.')).ok) onChanged();
    setBusy(false);
  };
  const connected = status.status === 'connected';
  const tone = connected ? 'good' : status.status === 'broken' ? 'bad' : 'neutral';
  const stateWord = connected ? 'Connected' : status.status === 'broken' ? 'Connection broken' : 'Not connected';

  const disconnectButton = status.status !== 'disconnected' && (
    <button type="button" className={connected ? secondaryButtonClass : dangerButtonClass} disabled={busy} onClick={() => void disconnect()}>
      Disconnect
    </button>
  );
  // A broken connection offers Connect again and Disconnect side by side: one row with the gap every admin button row has, so they never touch on a phone.
  const disconnectBesideConnect = status.configured && status.status === 'broken';

  let next;
  if (!status.configured) {
    next = <p className="text-sm text-slate-800">QuickBooks is not set up on this site yet: whoever runs the site adds the Intuit app’s keys (QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET, QUICKBOOKS_TOKEN_KEY) and deploys again.</p>;
  } else if (status.status !== 'connected') {
    next = (
      <>
        {status.status === 'broken' && <p className="text-sm text-red-900">{status.brokenReason ?? 'QuickBooks refused the site’s connection.'} Nothing is lost: the changes wait until you connect again.</p>}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass} disabled={busy} onClick={() => void connect()}>
            {status.status === 'broken' ? 'Connect again' : 'Connect to QuickBooks'}
          </button>
          {disconnectBesideConnect && disconnectButton}
        </div>
      </>
    );
  } else if (!status.mappingComplete) {
    next = (
      <>
        <p className="text-sm text-slate-800">Next: choose where each kind of money goes in QuickBooks. Nothing is sent until then.</p>
        <button type="button" className={buttonClass} onClick={() => document.getElementById('accounting-mapping')?.scrollIntoView()}>
          Choose accounts
        </button>
      </>
    );
  } else {
    const { waiting, failed, sent } = status.counts;
    next = (
      <>
        <p className="text-sm text-slate-800" data-testid="accounting-counts">
          {sent} sent · {waiting} waiting · {failed} failed
        </p>
        {failed > 0 && (
          <button type="button" className={buttonClass} onClick={() => showLog('failed')}>
            Show the {failed} failed
          </button>
        )}
      </>
    );
  }

  return (
    <Card
      title="QuickBooks Online"
      actions={
        <span data-testid="accounting-state">
          <Badge tone={tone}>{stateWord}</Badge>
        </span>
      }
    >
      <div className="space-y-3">
        {status.isDemo && (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-slate-900" data-testid="accounting-demo">
            This is the demo business: nothing is ever sent to QuickBooks. Bookings are kept in step once the demo is removed (Business profile → Remove the demo).
          </p>
        )}
        {problem && !connected && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">
            {problemWords(problem)}
          </p>
        )}
        {next}
        {connected && status.connectedAt && (
          <p className="text-sm text-slate-700">
            Company {status.realmId}, connected {staffClock().timestamp(status.connectedAt)}
            {status.connectedBy ? ` by ${status.connectedBy}` : ''}.
          </p>
        )}
        {!disconnectBesideConnect && disconnectButton}
      </div>
    </Card>
  );
}
