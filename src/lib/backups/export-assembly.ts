import { unzipSync, type ZipOptions, zipSync } from 'fflate';
import { z } from '../validation';
import { zipLimitProblem } from './zip-limits';

/**
 * How "Export everything" reaches the owner's computer. A deployed function answers at most 6 MB
 * (Netlify's limit for a buffered response; 20 MB streamed), and the signed waivers' PDFs and the
 * customers' photos pass that within months: one zip made by the function stopped downloading once the
 * business had that much. So the function answers the spreadsheets (zipped, read in one snapshot and
 * audited) with the list of files they name, the admin fetches each file on its own, and the zip is
 * put together in the browser. The same code puts it together in the tests.
 */
export interface ExportFile {
  /** Its name in the zip, as the spreadsheets name it. */
  entry: string;
  /** Where storage keeps it: what GET /api/admin/exports/everything/files?path= is asked for. */
  path: string;
}

/** GET /api/admin/exports/everything. */
export interface ExportPlan {
  fileName: string;
  /** The spreadsheets, one zip in base64. */
  sheets: string;
  files: ExportFile[];
}

/** GET /api/admin/exports/everything/files?path=…: one file the export names. */
export const exportFileQuery = z.object({
  path: z.string({ error: 'Say which file' }).trim().min(1, 'Say which file').max(800, 'That is not a file of the export'),
});

/** A file's bytes; null when storage no longer has it (the spreadsheets still name it). */
export type FetchExportFile = (file: ExportFile) => Promise<Uint8Array | null>;

/** How many files are fetched at once: a few, so a slow one does not hold the rest up, and the site is not flooded. */
const AT_ONCE = 4;

/**
 * The whole zip: the spreadsheets and every file found, PDFs and photos stored as they are (compressed
 * already). A file storage has lost is left out, as the spreadsheets say; any other failure stops it.
 */
export async function assembleExport(plan: ExportPlan, fetchFile: FetchExportFile, progress: (done: number, of: number) => void = () => {}): Promise<Uint8Array<ArrayBuffer>> {
  // Every entry as its bytes and how to store them: the spreadsheets compressed (fflate's default), the files as they are.
  const sheets = unzipSync(Uint8Array.from(atob(plan.sheets), (c) => c.charCodeAt(0)));
  const zip: Record<string, [Uint8Array, ZipOptions]> = Object.fromEntries(Object.entries(sheets).map(([name, bytes]) => [name, [bytes, {}]]));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < plan.files.length) {
      const file = plan.files[next++]!;
      const bytes = await fetchFile(file);
      if (bytes) zip[file.entry] = [bytes, { level: 0 }];
      progress(++done, plan.files.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, plan.files.length) }, worker));
  const entries = Object.values(zip);
  const tooBig = zipLimitProblem(entries.length, entries.reduce((sum, [bytes]) => sum + bytes.length, 0));
  if (tooBig) throw new Error(`The export is too large for one zip file. ${tooBig}.`);
  // fflate allocates the zip in an ArrayBuffer of its own (never shared), which a Blob takes as it is.
  return zipSync(zip) as Uint8Array<ArrayBuffer>;
}
