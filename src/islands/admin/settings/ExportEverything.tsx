import { useState } from 'react';
import type { ExportFile, ExportPlan } from '../../../lib/backups';
import { adminApi } from '../../../lib/paths';
import { apiErrorOf, CLIENT_MESSAGES } from '../../shared/api';
import { FormAlert } from '../../shared/form-kit';
import { saveFile } from '../../shared/save-file';
import { adminRequest, loginUrl } from '../shared/admin-api';
import { Card, secondaryButtonClass } from '../shared/ui';

type Progress = { state: 'idle' } | { state: 'reading' } | { state: 'files'; done: number; of: number } | { state: 'saved'; fileName: string } | { state: 'failed'; message: string };

/** One file the spreadsheets name; null when storage no longer has it (the zip then leaves it out, as they say). */
async function fetchFile(file: ExportFile): Promise<Uint8Array | null> {
  const response = await fetch(adminApi.exports.everythingFile(file.path), { credentials: 'same-origin' }).catch(() => null);
  if (!response) throw new Error(`${file.entry}: ${CLIENT_MESSAGES.network}`);
  if (response.status === 404) return null;
  if (response.status === 401) location.assign(loginUrl());
  if (!response.ok) throw new Error(`${file.entry}: ${apiErrorOf(await response.json().catch(() => null)).message}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * "Export everything" (owners, issue #41): one zip of the business's records as CSV, with the signed
 * waivers' PDFs and the photos customers sent. Put together here from the spreadsheets and each file
 * fetched on its own: a deployed function cannot answer a zip of them all (src/lib/backups/export-assembly.ts).
 */
export function ExportEverything() {
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const busy = progress.state === 'reading' || progress.state === 'files';

  const download = async () => {
    setProgress({ state: 'reading' });
    const plan = await adminRequest<ExportPlan>(adminApi.exports.everything);
    if (!plan.ok) return setProgress({ state: 'failed', message: plan.error.message });
    try {
      // fflate only when the owner downloads: the settings screen does not carry it otherwise.
      const { assembleExport } = await import('../../../lib/backups');
      const zip = await assembleExport(plan.data, fetchFile, (done, of) => setProgress({ state: 'files', done, of }));
      saveFile(zip, plan.data.fileName, 'application/zip');
      setProgress({ state: 'saved', fileName: plan.data.fileName });
    } catch (error) {
      setProgress({ state: 'failed', message: `${(error as Error).message} Nothing was downloaded; try again.` });
    }
  };

  return (
    <Card title="Export everything">
      <p className="text-sm text-slate-800">
        Download all your bookings, customers, payments, signed waivers, products, customers’ credits, cake orders, quote requests, blackout dates and damage reports as spreadsheet files (CSV), with every signed waiver’s PDF, the photos
        customers sent (cake reference photos, setup spot photos) and the crew’s damage photos, in one zip file. Yours to keep or to take to another system.
      </p>
      <p className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing the zip…' : 'Download everything (.zip)'}
        </button>
        <span className="text-sm text-slate-700" role="status" aria-live="polite">
          {progress.state === 'files' && `Adding the PDFs and photos: ${progress.done} of ${progress.of}`}
          {progress.state === 'saved' && `Downloaded ${progress.fileName}.`}
        </span>
      </p>
      {progress.state === 'failed' && <FormAlert title="The export did not download" message={progress.message} />}
    </Card>
  );
}
