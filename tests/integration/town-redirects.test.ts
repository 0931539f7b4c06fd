import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTownRedirects } from '../../src/integrations/town-redirects';
import { buildRedirects } from '../../src/cli/build-redirects';
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
