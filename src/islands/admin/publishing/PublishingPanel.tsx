import { useEffect, useState } from 'react';
import { adminApi } from '../../../lib/paths';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import { secondaryButtonClass } from '../shared/ui';
import { staffClock } from '../shared/business';
import type { PublishingPhase } from '../../../lib/publishing/index.server';

export interface PublishingStatus {
  site: { buildId: string; builtAt: string | null } | null;
  /** Where the public site stands (src/lib/publishing/publishing.ts, publishingPhase). */
  phase: PublishingPhase;
  waiting: number;
  newestRequestedAt: string | null;
  lastTriggeredAt: string | null;
  lastError: string | null;
  hookConfigured: boolean;
  /** Changes publish by themselves once settled (Netlify); under `npm start` only "Publish now" does. */
  automatic: boolean;
  debounceSeconds: number;
  help: string | null;
}

/** Editors fire this after a save, so the panel's "changes waiting" count is current. */
export const CATALOG_CHANGED = 'admin-catalog-changed';
export const announceCatalogChange = () => window.dispatchEvent(new Event(CATALOG_CHANGED));

/** While the site is updating, the panel asks again this often, so it says when the new pages are live. */
const UPDATING_POLL_MS = 5_000;

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * How fresh the public site is, in the owner's words. Pages are built from the database, so a change
 * shows on the site after the next build: automatic (2 quiet minutes after the last change) or
 * "Publish now". From the start of a build until the site serves it, the panel says the site is
 * updating (never "0 changes waiting" while the old pages are still served), and looks again by itself.
 */
export function PublishingPanel() {
  const { data, reload } = useAdminData<PublishingStatus>(adminApi.publishing);
  const { can } = useStaff();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    window.addEventListener(CATALOG_CHANGED, reload);
    return () => window.removeEventListener(CATALOG_CHANGED, reload);
  }, [reload]);
  const updating = data?.phase === 'updating';
  useEffect(() => {
    if (!updating) return;
    const timer = window.setInterval(reload, UPDATING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [updating, reload]);
  if (!data) return null;

  const publish = async () => {
    setBusy(true);
    const result = await adminMutate<{ result: { fired: boolean; ok?: boolean; error?: string | null } }>(
      adminApi.publishing,
      'POST',
      {},
      'Publishing started: your site is being updated.',
    );
    setBusy(false);
    reload();
    return result;
  };
  const built = data.site?.builtAt ? staffClock().timestamp(data.site.builtAt) : null;
  const automatically = data.automatic && data.waiting > 0 && (
    <> · they go live by themselves {Math.round(data.debounceSeconds / 60)} minutes after your last change</>
  );

  return (
    <section
      aria-label="Publishing"
      className="mb-4 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="publishing-status" role="status">
          {updating ? (
            <>
              <strong>Updating your site…</strong> started{' '}
              {data.lastTriggeredAt ? staffClock().timestamp(data.lastTriggeredAt) : 'just now'}; the public pages show your
              changes in a minute or two.
              {data.waiting > 0 && <> {changes(data.waiting)} saved since then wait for the next update.</>}
            </>
          ) : data.phase === 'up-to-date' ? (
            <>
              <strong>Your public site is up to date</strong>
              {built && <> · updated {built}</>}
            </>
          ) : (
            <>
              {built ? (
                <>Your public site was updated {built}</>
              ) : (
                <>Your public site’s last update cannot be read right now</>
              )}{' '}
              · <strong>{changes(data.waiting)} waiting</strong> to go live{automatically}
            </>
          )}
        </p>
        {can('manager') && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy || updating || !data.hookConfigured || data.waiting === 0}
            onClick={() => void publish()}
          >
            Publish now
          </button>
        )}
      </div>
      {data.lastError && (
        <p className="mt-1 font-semibold text-red-800">
          The last update of your site could not be started: {data.lastError}. It is tried again every 5 minutes.
        </p>
      )}
      {data.help && <p className="mt-1 text-slate-700">{data.help}</p>}
    </section>
  );
}
