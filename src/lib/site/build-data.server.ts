import { listCategories, listProducts } from '../catalog/catalog.server';
import { connect } from '../db/client.server';
import { env } from '../config/env';
import { listServiceAreas } from '../locations/service-areas.server';
import { getSettings, isDemoBusiness } from '../settings/settings.server';
import { setupForBuild } from '../setup/index.server';

/**
 * Everything static pages show from the database, read once per build. Pages are prebuilt,
 * so a visitor never waits on the database; staff changes reach pages through a rebuild.
 */
async function load() {
  const sql = connect(env().DATABASE_URL, 2);
  try {
    const [settings, categories, products, serviceAreas, isDemo, setup] = await Promise.all([
      getSettings(sql),
      listCategories(sql),
      listProducts(sql),
      listServiceAreas(sql),
      // The demo's own content entries (marked `demo`) are built only while the site is the demo.
      isDemoBusiness(sql),
      setupForBuild(sql),
    ]);
    return { settings, categories, products, serviceAreas, isDemo, setup };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export type SiteData = Awaited<ReturnType<typeof load>>;

let pending: Promise<SiteData> | undefined;
export function siteData(): Promise<SiteData> {
  pending ??= load();
  return pending;
}
