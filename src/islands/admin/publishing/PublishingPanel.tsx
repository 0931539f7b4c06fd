import { useEffect, useState } from 'react';
import { adminApi } from '../../../lib/paths';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import { secondaryButtonClass } from '../shared/ui';
import { staffTimestamp } from '../shared/business';


export interface PublishingStatus {
  site: { buildId: string; builtAt: string | null } | null;
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

/**
 * How fresh the public site is. Pages are built from the database, so a change shows on the site
 * after the next build: automatic (2 quiet minutes after the last change) or "Publish now".
 */
export function PublishingPanel() {
  const { data, reload } = useAdminData<PublishingStatus>(adminApi.publishing);
  const { can } = useStaff();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    window.addEventListener(CATALOG_CHANGED, reload);
    return () => window.removeEventListener(CATALOG_CHANGED, reload);
  }, [reload]);
  if (!data) return null;

  const publish = async () => {
    setBusy(true);
    const result = await adminMutate<{ result: { fired: boolean; ok?: boolean; error?: string | null } }>(adminApi.publishing, 'POST', {}, 'Publishing started: the public site updates in a few minutes.');
    setBusy(false);
    reload();
    return result;
  };
  const built = data.site?.builtAt ? staffTimestamp(data.site.builtAt) : data.site ? `build ${data.site.buildId}` : 'unknown';
  const rebuilding = data.lastTriggeredAt && (!data.site?.builtAt || data.lastTriggeredAt > data.site.builtAt) && !data.lastError;

  return (
    <section aria-label="Publishing" className="mb-4 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="publishing-status">
          Public site last rebuilt {built} · <strong>{data.waiting === 1 ? '1 change' : `${data.waiting} changes`} waiting</strong>
          {rebuilding && data.lastTriggeredAt && <> · a rebuild started {staffTimestamp(data.lastTriggeredAt)}</>}
          {data.automatic && data.waiting > 0 && <> · publishes automatically {Math.round(data.debounceSeconds / 60)} minutes after the last change</>}
        </p>
        {can('manager') && (
          <button type="button" className={secondaryButtonClass} disabled={busy || !data.hookConfigured || data.waiting === 0} onClick={() => void publish()}>
            Publish now
          </button>
        )}
      </div>
      {data.lastError && <p className="mt-1 font-semibold text-red-800">The last publish failed: {data.lastError}. It is retried every 5 minutes.</p>}
      {data.help && <p className="mt-1 text-slate-700">{data.help}</p>}
    </section>
  );
}
