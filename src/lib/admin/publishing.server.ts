import type { Sql } from '../db/client.server';

/**
 * Records that a staff change alters what static pages show (products, categories, settings on
 * pages). The rebuild itself is triggered later, debounced, so a burst of edits costs one build.
 * Call it in the same transaction as the change.
 */
export async function requestRebuild(sql: Sql, reason: string): Promise<void> {
  await sql`insert into site_builds (reason) values (${reason.slice(0, 200)})`;
}
