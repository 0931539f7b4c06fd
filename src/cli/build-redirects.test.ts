import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StaticHandler } from '@netlify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectsFile, townRedirects } from '../lib/locations';
import { buildRedirects, builtFileAnswers } from './build-redirects';

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
  // Pages as the build writes them (build.format 'file'): /es is es.html, /es/products es/products.html.
  await mkdir(path.join(dist, 'es'));
  for (const page of ['index.html', 'about.html', 'es.html', 'es/products.html', 'es/404.html']) await writeFile(path.join(dist, page), '<p>built</p>');
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

describe('builtFileAnswers', () => {
  const addresses = ['/', '/about', '/about/', '/es', '/es/', '/es/products', '/es/products/', '/es/products.html', '/es/no-such-page', '/es/no-such-page/', '/no-such-page/', '/es/products/x'];

  it('finds the page behind an address with a trailing slash, as Netlify does (/es/ and /es/products/ are pages, not the Spanish 404)', () => {
    expect(builtFileAnswers(dist, '/es/')).toBe(true);
    expect(builtFileAnswers(dist, '/es/products/')).toBe(true);
    expect(builtFileAnswers(dist, '/about/')).toBe(true);
    expect(builtFileAnswers(dist, '/es/no-such-page/')).toBe(false);
  });

  it('agrees with the file lookup @netlify/dev serves the build with, for every form of an address', async () => {
    const netlify = new StaticHandler({ directory: dist });
    const found = async (address: string) => (await netlify.match(new Request(`http://localhost:4321${address}`))) !== undefined;
    const ours = addresses.map((address) => [address, builtFileAnswers(dist, address)]);
    expect(ours).toEqual(await Promise.all(addresses.map(async (address) => [address, await found(address)])));
  });
});
