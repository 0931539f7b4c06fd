import { saveCategory, saveProduct, saveUnit } from '../../src/lib/catalog/catalog.server';
import type { Sql } from '../../src/lib/db/client.server';
import { saveServiceArea } from '../../src/lib/locations/service-areas.server';
import { saveSettings } from '../../src/lib/settings/settings.server';
import { demoCategories, demoProducts } from './catalog';
import { demoServiceAreas } from './service-areas';
import { demoSettings } from './settings';

/**
 * The demo business, written through the same functions staff edits use. Every write is an
 * upsert keyed by slug or label, so running it again changes nothing.
 */
export async function seedDemoBusiness(sql: Sql): Promise<void> {
  await saveSettings(sql, demoSettings);
  for (const category of demoCategories) await saveCategory(sql, category);
  // Packages reference other products, so plain products go first.
  const ordered = [...demoProducts].sort((a, b) => a.packageItems.length - b.packageItems.length);
  for (const { units, ...product } of ordered) {
    const id = await saveProduct(sql, product);
    for (const unit of units) await saveUnit(sql, id, unit);
  }
  for (const area of demoServiceAreas) await saveServiceArea(sql, area);
}
