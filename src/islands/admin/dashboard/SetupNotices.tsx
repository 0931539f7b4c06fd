import { useEffect, useState } from 'react';
import { adminApi, adminPaths } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { buttonClass } from '../shared/ui';
import { PublishingPanel } from '../publishing/PublishingPanel';

/**
 * Owners only (crew and managers never ask): until the setup is finished, the way into it. The seeded
 * demo counts as not set up — it is not the owner's business yet.
 */
export function SetupOffer() {
  const { data } = useAdminData<{ state: { completedAt: string | null; done: string[]; isDemo: boolean } }>(
    adminApi.setup.all,
  );
  if (!data || data.state.completedAt) return null;
  const started = data.state.done.length > 0;
  return (
    <section
      aria-labelledby="setup-offer"
      className="rounded-xl border border-brand-300 bg-brand-50 p-4 text-slate-900"
    >
      <h2 id="setup-offer" className="font-bold">
        {data.state.isDemo && !started ? 'This is the demo business. Make it yours' : 'Finish setting up your business'}
      </h2>
      <p className="mt-1 text-sm">
        Your name, address, service area, taxes, deposits and opening hours, step by step; then{' '}
        {data.state.isDemo ? 'remove the demo and publish' : 'publish your site'}.
      </p>
      <a href={adminPaths.setup} className={`mt-2 ${buttonClass}`}>
        {started ? 'Finish setting up' : 'Make it yours'}
      </a>
    </section>
  );
}

/**
 * Right after the setup's Finish (which lands here with ?setup=finished): the setup is done and the
 * site is being published. Said once: the flag leaves the address, so a reload does not say it again.
 */
export function SetupFinished() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.get('setup') !== 'finished') return;
    setShown(true);
    url.searchParams.delete('setup');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  if (!shown) return null;
  return (
    <section
      role="status"
      aria-labelledby="setup-finished"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900"
    >
      <h2 id="setup-finished" className="font-bold">
        Setup finished
      </h2>
      <p className="mt-1 text-sm">
        Your site is being updated with your business; it takes a minute or two. This says when the new pages are live:
      </p>
      <div className="mt-2">
        <PublishingPanel />
      </div>
      <button type="button" className={`mt-2 ${buttonClass}`} onClick={() => setShown(false)}>
        OK
      </button>
    </section>
  );
}
