import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devTownRedirects, writeTownRedirects } from '../../src/integrations/town-redirects';
import { buildRedirects } from '../../src/cli/build-redirects';
import { oldSlugsByArea } from '../../src/lib/locations/service-areas.server';
import type { Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * A town staff switch off keeps its old addresses: the build writes `_redirects` into the publish folder
 * from the service areas, and Netlify reads it there. Staff change the areas through the settings API,
 * the build's step writes the file from the database, and Netlify's own parser reads it (as a deploy
 * does) with no error; `npm start`'s matcher answers from the same file.
 */
let db: TestDatabase;
let settings: Handler;
let cookie: string;
let dist: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  settings = (await import('../../netlify/functions/admin-settings')).default;
  cookie = (await staffSession(db.sql, 'owner')).cookie;
  dist = await mkdtemp(path.join(os.tmpdir(), 'town-redirects-'));
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
  await rm(dist, { recursive: true, force: true });
});

const area = { slug: 'gatesville', city: 'Gatesville', state: 'TX', county: 'Coryell', zipCodes: ['76528'], deliveryFeeCents: 7500, taxRateBps: 825, minimumOrderCents: 0, active: true };
const save = async (id: string | null, body: typeof area) => {
  const res = id
    ? await adminCall(settings, 'PUT', `/api/admin/settings/service-areas/${id}`, { cookie, body })
    : await adminCall(settings, 'POST', '/api/admin/settings/service-areas', { cookie, body });
  expect(res.status).toBe(200);
  return res.body.id as string;
};
const firstActive = async (slug: string) => (await db.sql<{ first_active_at: Date | null }[]>`select first_active_at from service_areas where slug = ${slug}`)[0]!.first_active_at;

/** The build's step, then the file as Netlify's parser reads it: each rule's from, to and status. */
async function build() {
  await writeTownRedirects(dist, db.sql);
  const file = path.join(dist, '_redirects');
  const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: false });
  expect(errors).toEqual([]);
  // The parser's declared type is unknown[]; each is a normalized rule.
  const rules = (redirects as { from: string; to: string; status: number }[]).map((r) => `${r.from} ${r.to} ${r.status}`);
  return { rules, text: await readFile(file, 'utf8') };
}
const answer = async (address: string) => {
  const response = await buildRedirects(dist).answer(new Request(`http://localhost:4321${address}`));
  return response && `${response.status} ${response.headers.get('location')}`;
};

describe('the redirects of switched-off towns', () => {
  it('has no rule while every town the demo serves is on', async () => {
    const { rules, text } = await build();
    expect(rules).toEqual([]);
    expect(text).toMatch(/^# /);
  });

  it('redirects a town that was on and is switched off, from every page it had, in both languages, and drops it when it is on again', async () => {
    const id = await save(null, area);
    expect(await firstActive('gatesville')).toBeInstanceOf(Date);
    expect((await build()).rules).toEqual([]);

    await save(id, { ...area, active: false });
    const { rules } = await build();
    const categories = (await db.sql<{ slug: string }[]>`select slug from categories`).map((c) => c.slug);
    expect(rules).toContain('/bounce-houses-gatesville-tx /service-areas 301');
    expect(rules).toContain('/locations/gatesville /service-areas 301');
    expect(rules).toContain('/locations/gatesville/* /service-areas 301');
    expect(rules).toContain('/es/water-slides-gatesville-tx /es/service-areas 301');
    expect(rules).toContain('/es/locations/gatesville/* /es/service-areas 301');
    // Each category's landing page and the town page and its checklists, in each language.
    expect(rules).toHaveLength(2 * (categories.length + 2));
    expect(rules.every((r) => r.includes('gatesville'))).toBe(true);

    expect(await answer('/combo-units-gatesville-tx')).toBe('301 /service-areas');
    expect(await answer('/es/locations/gatesville/bounce-houses')).toBe('301 /es/service-areas');
    expect(await answer('/bounce-houses-round-rock-tx')).toBeNull();

    await save(id, area);
    expect((await build()).rules).toEqual([]);
  });

  it('gives no redirect to a town that was never on (it never had pages), and keeps when a town was first on', async () => {
    const off = { ...area, slug: 'hamilton', city: 'Hamilton', zipCodes: ['76531'], active: false };
    const id = await save(null, off);
    expect(await firstActive('hamilton')).toBeNull();
    expect((await build()).rules.filter((r) => r.includes('hamilton'))).toEqual([]);

    await save(id, { ...off, active: true });
    const on = await firstActive('hamilton');
    expect(on).toBeInstanceOf(Date);
    await save(id, off);
    await save(id, { ...off, active: true });
    expect(await firstActive('hamilton')).toEqual(on);
    // No writer clears it.
    await db.sql`update service_areas set first_active_at = null, active = false where id = ${id}`;
    expect(await firstActive('hamilton')).toEqual(on);
    expect((await build()).rules).toContain('/locations/hamilton /service-areas 301');
  });

  it('sends the Spanish addresses to the English page once Spanish is not offered', async () => {
    await db.sql`update business_settings set offer_spanish = false where id`;
    try {
      expect((await build()).rules).toContain('/es/locations/hamilton /service-areas 301');
    } finally {
      await db.sql`update business_settings set offer_spanish = true where id`;
    }
  });
});

describe('the redirects of renamed towns', () => {
  const town = { ...area, slug: 'lampasas', city: 'Lampasas', county: 'Lampasas', zipCodes: ['76550'] };
  const other = { ...area, slug: 'lometa', city: 'Lometa', county: 'Lampasas', zipCodes: ['76853'] };
  let id: string;
  const about = (rules: string[], slug: string) => rules.filter((r) => r.split(' ')[0]!.match(new RegExp(`(-|/)${slug}(-tx)?(/|$| )`)));
  /** No rule sends a visitor to another rule's address: one hop, never a chain or a loop. */
  const oneHop = (rules: string[]) => {
    const froms = new Set(rules.map((r) => r.split(' ')[0]));
    expect(rules.filter((r) => froms.has(r.split(' ')[1]))).toEqual([]);
  };

  it('sends every page a published town had at its old slug to the same page at the new one, in both languages', async () => {
    id = await save(null, town);
    await save(id, { ...town, slug: 'lampasas-city' });
    const { rules } = await build();
    expect(rules).toContain('/bounce-houses-lampasas-tx /bounce-houses-lampasas-city-tx 301');
    expect(rules).toContain('/locations/lampasas /locations/lampasas-city 301');
    expect(rules).toContain('/locations/lampasas/water-slides /locations/lampasas-city/water-slides 301');
    expect(rules).toContain('/locations/lampasas/* /locations/lampasas-city 301');
    expect(rules).toContain('/es/combo-units-lampasas-tx /es/combo-units-lampasas-city-tx 301');
    expect(rules).toContain('/es/locations/lampasas/bounce-houses /es/locations/lampasas-city/bounce-houses 301');
    oneHop(rules);

    expect(await answer('/locations/lampasas')).toBe('301 /locations/lampasas-city');
    expect(await answer('/es/locations/lampasas/bounce-houses')).toBe('301 /es/locations/lampasas-city/bounce-houses');
    expect(await answer('/water-slides-lampasas-tx?utm_source=flyer')).toBe('301 /water-slides-lampasas-city-tx?utm_source=flyer');
    expect(await answer('/locations/lampasas-city')).toBeNull();
    // The build finds the town's words file by the same old slug (cityContentId).
    expect((await oldSlugsByArea(db.sql)).get(id)).toEqual(['lampasas']);
  });

  it('is served by `npm run dev` too: the dev server writes the same file from the database and answers from it, before its pages', async () => {
    const dev = await devTownRedirects(buildRedirects);
    // The dev server's own pages and netlify.toml's rules, after the middleware: here, a 404 for all.
    const server = createServer((req, res) => void dev.middleware(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const get = async (address: string) => {
        const response = await fetch(`http://127.0.0.1:${port}${address}`, { redirect: 'manual' });
        return `${response.status} ${response.headers.get('location') ?? ''}`.trim();
      };
      expect(await get('/locations/lampasas')).toBe('301 /locations/lampasas-city');
      expect(await get('/es/bounce-houses-lampasas-tx?utm_source=flyer')).toBe('301 /es/bounce-houses-lampasas-city-tx?utm_source=flyer');
      expect(await get('/locations/lampasas-city')).toBe('404');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await dev.close();
    }
  });

  it('keeps no old address of a town renamed before it was ever published', async () => {
    const draft = await save(null, { ...other, active: false });
    await save(draft, { ...other, slug: 'lometa-tx', active: false });
    expect(about((await build()).rules, 'lometa')).toEqual([]);
    await db.sql`delete from service_areas where id = ${draft}`;
  });

  it('makes no loop when the slug goes back and forth: the slug the town holds is served, the other goes to it', async () => {
    await save(id, town);
    let { rules } = await build();
    expect(about(rules, 'lampasas')).toEqual([]);
    expect(rules).toContain('/locations/lampasas-city /locations/lampasas 301');
    oneHop(rules);
    expect(await answer('/locations/lampasas')).toBeNull();
    expect(await answer('/es/bounce-houses-lampasas-city-tx')).toBe('301 /es/bounce-houses-lampasas-tx');

    await save(id, { ...town, slug: 'lampasas-city' });
    ({ rules } = await build());
    expect(about(rules, 'lampasas-city')).toEqual([]);
    expect(rules).toContain('/locations/lampasas /locations/lampasas-city 301');
    oneHop(rules);
    expect(await answer('/locations/lampasas-city')).toBeNull();
    expect(await answer('/locations/lampasas')).toBe('301 /locations/lampasas-city');
    // Its old slugs for its words file: the one it left last first, each once.
    expect((await oldSlugsByArea(db.sql)).get(id)).toEqual(['lampasas', 'lampasas-city']);
  });

  it('serves a town that takes an old slug since, and gives the address its own redirects once that town is switched off', async () => {
    // Lometa takes "lampasas", Lampasas's slug before (a slug is unique among the areas now, not over time).
    const taker = await save(null, { ...other, slug: 'lampasas' });
    let { rules } = await build();
    expect(about(rules, 'lampasas')).toEqual([]);
    expect(await answer('/locations/lampasas')).toBeNull();
    expect(await answer('/bounce-houses-lampasas-tx')).toBeNull();

    await save(taker, { ...other, slug: 'lampasas', active: false });
    ({ rules } = await build());
    expect(about(rules, 'lampasas').every((r) => / \/(es\/)?service-areas 301$/.test(r))).toBe(true);
    expect(await answer('/locations/lampasas/water-slides')).toBe('301 /service-areas');
    oneHop(rules);
  });

  it('sends a renamed town’s old addresses to the service areas once it is switched off', async () => {
    await save(id, { ...town, slug: 'lampasas-city', active: false });
    const { rules } = await build();
    expect(rules).toContain('/locations/lampasas-city /service-areas 301');
    expect(await answer('/es/locations/lampasas-city/bounce-houses')).toBe('301 /es/service-areas');
    expect(rules.filter((r) => r.includes(' /locations/lampasas-city') || r.includes('-lampasas-city-tx 301'))).toEqual([]);
    oneHop(rules);
  });
});
