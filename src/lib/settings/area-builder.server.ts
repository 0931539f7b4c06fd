import { auditedChange } from '../admin/index.server';
import type { Audit, AuditEntry } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { townsForZips, townsWithinRadius, type ProposedTown } from '../locations';
import { zipPlaces } from '../locations/index.server';
import { getSettings } from '../business/index.server';
import type { AreaBuilderApply, AreaBuilderPreview, AreaBuilderRequest, PreviewTown } from './area-builder';
import { listAllServiceAreas, type ServiceAreaDto } from './settings-admin.server';

/**
 * The service-area builder: towns proposed from the ZIP data around the warehouse (or from a pasted
 * ZIP list), then written as service areas in one audited transaction. Preview and Apply compute the
 * towns the same way from the same fields, so what Apply writes is what the owner saw.
 */

async function proposedTowns(sql: Sql, input: AreaBuilderRequest): Promise<{ warehouseZip: string; currency: string; towns: ProposedTown[]; unknownZips: string[] }> {
  const [{ warehouseZip, currency }, { zipPlace, allZipPlaces }] = await Promise.all([getSettings(sql), zipPlaces()]);
  const warehouse = zipPlace(warehouseZip);
  if (!warehouse) {
    throw fieldError('warehouseZip', `The warehouse ZIP code ${warehouseZip} is not in the ZIP data. Correct the warehouse’s ZIP code first (the Warehouse step of the setup, or Settings → Warehouse & trucks).`);
  }
  if (input.mode === 'radius') {
    return { warehouseZip, currency, towns: townsWithinRadius(allZipPlaces(), warehouse.point, input.radiusMiles!, input.feeBands), unknownZips: [] };
  }
  return { warehouseZip, currency, ...townsForZips(input.zipCodes!, zipPlace, warehouse.point, input.feeBands) };
}

interface ExistingArea {
  id: string;
  slug: string;
  city: string;
  state: string;
}

/** What is already there for these towns: areas by slug or by town, and ZIPs other areas serve. */
async function existingFor(sql: Sql, towns: ReadonlyArray<ProposedTown>) {
  const areas = await sql<ExistingArea[]>`
    select id, slug, city, state from service_areas
    where slug = any(${towns.map((t) => t.slug)}) or lower(city) || '|' || state = any(${towns.map((t) => `${t.city.toLowerCase()}|${t.state}`)})`;
  const owners = await sql<{ zip: string; slug: string; city: string }[]>`
    select z.zip, a.slug, a.city from service_area_zips z join service_areas a on a.id = z.service_area_id
    where z.zip = any(${towns.flatMap((t) => t.zipCodes)})`;
  const bySlug = new Map(areas.map((a) => [a.slug, a]));
  const ownerOf = new Map(owners.map((o) => [o.zip, o]));
  return {
    bySlug,
    /** Another area (by another slug) that already is this town. */
    sameTown: (t: ProposedTown) => areas.find((a) => a.slug !== t.slug && a.city.toLowerCase() === t.city.toLowerCase() && a.state === t.state),
    takenZips: (t: ProposedTown) =>
      t.zipCodes.flatMap((zip) => {
        const owner = ownerOf.get(zip);
        return owner && owner.slug !== t.slug ? [{ zip, city: owner.city }] : [];
      }),
  };
}

export async function previewServiceAreas(sql: Sql, input: AreaBuilderRequest): Promise<AreaBuilderPreview> {
  const { warehouseZip, currency, towns, unknownZips } = await proposedTowns(sql, input);
  const existing = await existingFor(sql, towns);
  return {
    warehouseZip,
    currency,
    unknownZips,
    towns: towns.map((t): PreviewTown => ({ ...t, existing: existing.bySlug.has(t.slug), takenZips: existing.takenZips(t) })),
  };
}

export interface AppliedAreas {
  created: number;
  updated: number;
  areas: ServiceAreaDto[];
}

/**
 * Creates the ticked towns' areas and updates those whose slug is already there (fee, tax, minimum,
 * county and town name from the builder, made active; ZIPs added to the ones it has, never taken
 * away, so ZIPs the owner added by hand stay). A ZIP another area serves, or a town another area
 * already is, is reported per town and nothing is written.
 */
export async function applyServiceAreas(db: Database, input: AreaBuilderApply, audit: Audit): Promise<AppliedAreas> {
  const { areas } = await auditedChange(db, audit, {
    lock: async (tx) => {
      // One builder at a time, and no area edit in between the checks and the writes.
      await tx`lock table service_areas, service_area_zips in share row exclusive mode`;
      const { towns } = await proposedTowns(tx, input);
      const proposed = new Map(towns.map((t) => [t.slug, t]));
      const missing = input.towns.filter((slug) => !proposed.has(slug));
      if (missing.length > 0) {
        throw fieldError('towns', `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the preview any more. Preview again.`);
      }
      const chosen = [...new Set(input.towns)].map((slug) => proposed.get(slug)!);
      const existing = await existingFor(tx, chosen);
      const problems: Record<string, string> = {};
      for (const town of chosen) {
        const other = existing.sameTown(town);
        const taken = existing.takenZips(town);
        if (other) problems[`towns.${town.slug}`] = `${town.city}, ${town.state} already has a service area (${other.slug}).`;
        else if (taken.length > 0) {
          problems[`towns.${town.slug}`] = `${taken.map((t) => `${t.zip} (${t.city})`).join(', ')} already ${taken.length === 1 ? 'belongs' : 'belong'} to another area.`;
        }
      }
      const refused = Object.keys(problems).length;
      if (refused > 0) {
        throw new AppError('conflict', `${refused} ${refused === 1 ? 'town clashes' : 'towns clash'} with areas already there; nothing was saved. Untick ${refused === 1 ? 'it' : 'them'} or change those areas first.`, problems);
      }
      return { chosen, existing };
    },
    change: async (tx, { chosen, existing }) => {
      let created = 0;
      let updated = 0;
      const ids: string[] = [];
      // Each area's entry as it stood right after its own write.
      const entries: AuditEntry[] = [];
      for (const town of chosen) {
        const values = {
          slug: town.slug,
          city: town.city,
          state: town.state,
          county: town.county,
          delivery_fee_cents: town.deliveryFeeCents,
          tax_rate_bps: input.taxRateBps,
          minimum_order_cents: input.minimumOrderCents,
          active: true,
        };
        const before = existing.bySlug.get(town.slug);
        const [beforeDto] = before ? await listAllServiceAreas(tx, before.id) : [];
        const [row] = before
          ? await tx<{ id: string }[]>`update service_areas set ${tx(values)}, updated_at = now() where id = ${before.id} returning id`
          : await tx<{ id: string }[]>`insert into service_areas ${tx(values)} returning id`;
        const id = row!.id;
        await tx`insert into service_area_zips (zip, service_area_id) select unnest(${town.zipCodes}::text[]), ${id} on conflict (zip) do nothing`;
        const [after] = await listAllServiceAreas(tx, id);
        entries.push({
          action: before ? 'service_area.update' : 'service_area.create',
          entity: 'service_area',
          entityId: id,
          before: beforeDto ?? null,
          after: { ...after, builtFrom: input.mode === 'radius' ? `${input.radiusMiles} miles from the warehouse` : 'a ZIP list' },
        });
        if (before) updated++;
        else created++;
        ids.push(id);
      }
      // The rate just typed is the business's rate for new areas too: the setup's Tax step starts from
      // it, and saving that step with the value shown must leave these areas as they are.
      await tx`update business_settings set new_area_tax_rate_bps = ${input.taxRateBps} where id`;
      const areas = (await listAllServiceAreas(tx)).filter((a) => ids.includes(a.id));
      return { areas: { created, updated, areas }, entries };
    },
    audit: ({ entries }) => entries,
    rebuild: ({ areas: { created, updated } }) => `Service areas from the builder: ${created} added, ${updated} updated`,
  });
  return areas;
}
