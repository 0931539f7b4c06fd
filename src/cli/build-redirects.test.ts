import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectsFile, townRedirects } from '../lib/locations';
import { buildRedirects } from './build-redirects';

/**
 * `npm start` answers the build's `_redirects` (the old addresses of switched-off towns) with Netlify's
 * own parser and matcher, as the deployed site does: here on a publish folder holding the file the build
 * writes and one built page.
 */
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'build-redirects-'));
  const rules = townRedirects({
    switchedOff: [{ slug: 'dublin', state: 'OH' }],
    served: [{ slug: 'hilliard', state: 'OH' }],
    renamed: [],
    serviceSlugs: ['bounce-houses'],
    builtServiceSlugs: ['bounce-houses'],
    spanishOffered: true,
  });
  // A built page on a rule's address: a rule without `!` never hides a file, on Netlify or here.
  rules.push({ from: '/bounce-houses-hilliard-oh', to: '/service-areas', status: 301 });
  await writeFile(path.join(dist, '_redirects'), redirectsFile(rules));
  await writeFile(path.join(dist, 'bounce-houses-hilliard-oh.html'), '<p>built</p>');
});
afterAll(() => rm(dist, { recursive: true, force: true }));

const answer = async (address: string) => {
  const response = await buildRedirects(dist).answer(new Request(new URL(address, 'http://localhost:4321')));
  return response && { status: response.status, location: response.headers.get('location') };
};

describe('buildRedirects', () => {
  it('answers a switched-off town’s addresses with a permanent redirect to the service areas in their language', async () => {
    expect(await answer('/bounce-houses-dublin-oh')).toEqual({ status: 301, location: '/service-areas' });
    expect(await answer('/locations/dublin')).toEqual({ status: 301, location: '/service-areas' });
    expect(await answer('/locations/dublin/bounce-houses')).toEqual({ status: 301, location: '/service-areas' });
    expect(await answer('/es/bounce-houses-dublin-oh')).toEqual({ status: 301, location: '/es/service-areas' });
    expect(await answer('/es/locations/dublin/water-slides')).toEqual({ status: 301, location: '/es/service-areas' });
  });

  it('matches as Netlify does: a trailing slash, and the visitor’s query passed on', async () => {
    expect(await answer('/locations/dublin/')).toEqual({ status: 301, location: '/service-areas' });
    expect(await answer('/bounce-houses-dublin-oh?utm_source=search')).toEqual({ status: 301, location: '/service-areas?utm_source=search' });
  });

  it('leaves every other address, and one a built file answers, to the rest of the server', async () => {
    expect(await answer('/bounce-houses-hilliard-oh')).toBeNull();
    expect(await answer('/locations/hilliard')).toBeNull();
    expect(await answer('/locations/dublinx')).toBeNull();
    expect(await answer('/')).toBeNull();
  });

  it('answers nothing for a build without the file (a build from before it, or none yet)', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'build-redirects-none-'));
    try {
      await mkdir(path.join(empty, 'locations'));
      expect(await buildRedirects(empty).answer(new Request('http://localhost:4321/locations/dublin'))).toBeNull();
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
