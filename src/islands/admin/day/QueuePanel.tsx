import type { QueuedAction } from '../../../lib/crew-app';
import { staffClock } from '../shared/business';
import { dismissAction } from '../shared/crew-send';
import { loginUrl } from '../shared/admin-api';
import { Badge, secondaryButtonClass } from '../shared/ui';

/**
 * The crew app's state on the day screen (issue #26): when the day shown was fetched and whether it
 * comes from the phone (no connection), the actions waiting to send, and those the server refused,
 * each with its reason in the server's words until the crew member dismisses it.
 */
export function QueuePanel(props: {
  fetchedAt: string | null;
  fromPhone: boolean;
  actions: readonly QueuedAction[];
  signInNeeded: boolean;
}) {
  const { fetchedAt, fromPhone, actions, signInNeeded } = props;
  const waiting = actions.filter((a) => a.state === 'waiting');
  const refused = actions.filter((a) => a.state === 'refused');
  return (
    <div className="space-y-2">
      {fromPhone && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          <strong>No connection.</strong> This is the day as last fetched. What you record is kept on this phone and
          sent when the connection returns.
        </p>
      )}
      {fetchedAt && <p className="text-sm text-slate-700">Last fetched {staffClock().timestamp(fetchedAt)}</p>}
      {waiting.length > 0 && (
        <section aria-labelledby="queue-waiting" className="rounded-lg border border-sky-300 bg-sky-50 p-3">
          <h2 id="queue-waiting" className="font-bold text-slate-900">
            Waiting to send ({waiting.length})
          </h2>
          {signInNeeded && (
            <p className="mt-1 text-sm text-slate-900">
              Your sign-in has ended:{' '}
              <a className="font-semibold underline" href={loginUrl()}>
                sign in again
              </a>{' '}
              to send them.
            </p>
          )}
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-900">
            {waiting.map((a) => (
              <li key={a.key}>
                {a.label} <Badge tone="info">waiting to send</Badge>
              </li>
            ))}
          </ol>
        </section>
      )}
      {refused.length > 0 && (
        <section aria-labelledby="queue-refused" className="rounded-lg border border-red-300 bg-red-50 p-3">
          <h2 id="queue-refused" className="font-bold text-red-900">
            Not sent ({refused.length}): check these
          </h2>
          <ul className="mt-1 space-y-2 text-sm text-slate-900">
            {refused.map((a) => (
              <li key={a.key} className="flex flex-wrap items-start justify-between gap-2">
                <span className="min-w-0">
                  <strong>{a.label}</strong>: {a.problem}
                </span>
                <button type="button" className={secondaryButtonClass} onClick={() => void dismissAction(a.key)}>
                  Dismiss<span className="sr-only"> {a.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
