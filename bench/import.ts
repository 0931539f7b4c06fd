import { zipSync } from 'fflate';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { exportCatalog, importCatalog, previewCatalogImport } from '../src/lib/catalog/index.server';
import type { Database } from '../src/lib/db/index.server';
import { localFileStorage } from '../src/lib/storage/index.server';
import { signaturePng } from '../src/cli/sample-png';

export interface ImportFigures {
  products: number;
  zipKb: number;
  previewSeconds: number;
  importSeconds: number;
  exportSeconds: number;
}

/**
 * The catalog import as the admin runs it (the service the function calls, on the bench's database
 * and a local file store): 300 products, each with its own photo from a zip the bench makes, checked
 * (preview) and then imported in one transaction. The photos are small PNGs so that the zip fits one
 * Netlify request (about 4.4 MB of files), as a real import must.
 */
export async function measureImport(
  sql: Database,
  dataDir: string,
  siteUrl: string,
  products = 300,
): Promise<ImportFigures> {
  const header = 'name,category,description,price,half_day_price,units,surfaces,age_min,capacity,photos';
  const lines = [header];
  const photos: Record<string, Uint8Array> = {};
  for (let i = 1; i <= products; i++) {
    const file = `photos/bench-${i}.png`;
    photos[file] = new Uint8Array(Buffer.from(signaturePng(120 + (i % 50), 90).split(',')[1]!, 'base64'));
    lines.push(
      `Bench Product ${i},Bench Category ${i % 6},"Bench product number ${i}, for timing the import.",${100 + i}.50,${90 + i},${1 + (i % 3)},grass|concrete,3,10,${file}`,
    );
  }
  const zip = zipSync(photos);
  const body = { csv: Buffer.from(lines.join('\r\n')).toString('base64'), photos: Buffer.from(zip).toString('base64') };
  const storageRoot = path.join(dataDir, 'bench-import-storage');
  await mkdir(storageRoot, { recursive: true });
  const storage = localFileStorage(storageRoot);
  const options = { siteUrl };

  let started = performance.now();
  const preview = await previewCatalogImport(sql, body, options);
  const previewSeconds = (performance.now() - started) / 1000;
  if (!preview.valid)
    throw new Error(
      `bench import: the generated file has errors: ${JSON.stringify(preview.rows.find((r) => Object.keys(r.errors).length))}`,
    );

  started = performance.now();
  const result = await importCatalog(sql, storage, body, options, async () => {});
  const importSeconds = (performance.now() - started) / 1000;
  if (result.imported !== products || result.photos !== products)
    throw new Error(`bench import: imported ${result.imported} products and ${result.photos} photos`);

  started = performance.now();
  await exportCatalog(sql, siteUrl);
  const exportSeconds = (performance.now() - started) / 1000;
  return { products, zipKb: Math.round(zip.byteLength / 1024), previewSeconds, importSeconds, exportSeconds };
}
