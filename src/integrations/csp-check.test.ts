import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstroIntegration, AstroPrerenderer, RouteData } from 'astro';
import { pagePolicy } from '../lib/http/security-headers';
import { cspCheck } from './csp-check';
import { ISLAND_STYLE_TAG, moveIslandStylesToHead } from './island-styles-in-head';

/** Runs the integration's build-done step on a folder holding one page, as `astro build` would. */
async function build(env: Record<string, string | undefined>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'csp-build-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title><p>hello</p>');
  const saved = process.env.PUBLIC_ANALYTICS_ID;
  if (env.PUBLIC_ANALYTICS_ID === undefined) delete process.env.PUBLIC_ANALYTICS_ID;
  else process.env.PUBLIC_ANALYTICS_ID = env.PUBLIC_ANALYTICS_ID;
  try {
    const done = cspCheck().hooks['astro:build:done'] as unknown as (options: { dir: URL; logger: { info: () => void } }) => Promise<void>;
    await done({ dir: pathToFileURL(`${dir}/`), logger: { info: () => {} } });
  } finally {
    if (saved === undefined) delete process.env.PUBLIC_ANALYTICS_ID;
    else process.env.PUBLIC_ANALYTICS_ID = saved;
  }
  return readFile(path.join(dir, '_headers'), 'utf8');
}
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('the build’s Content-Security-Policy (dist/_headers)', () => {
  it('names no Google host when no analytics id is set', async () => {
    const headers = await build({ PUBLIC_ANALYTICS_ID: undefined });
    expect(headers).toContain(`Content-Security-Policy: ${pagePolicy({ analytics: false })}`);
    expect(headers).not.toMatch(/googletagmanager|google-analytics|doubleclick/);
  });

  it('allows the Google tag’s hosts when an analytics id is set for the build', async () => {
    const headers = await build({ PUBLIC_ANALYTICS_ID: 'G-TEST123' });
    expect(headers).toContain(`Content-Security-Policy: ${pagePolicy({ analytics: true })}`);
    expect(headers).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  });
});

describe('the check of each page as Astro renders it', () => {
  /** Astro's prerenderer as the integration's astro:build:start hook leaves it, answering `page` for every path. */
  function wrapped(page: string, contentType = 'text/html') {
    let prerenderer: AstroPrerenderer = {
      name: 'test',
      getStaticPaths: async () => [],
      render: async () => new Response(page, { headers: { 'content-type': contentType } }),
    };
    const integration = cspCheck();
    const start = integration.hooks['astro:build:start'] as unknown as (options: { setPrerenderer: (wrap: (p: AstroPrerenderer) => AstroPrerenderer) => void }) => void;
    start({ setPrerenderer: (wrap) => (prerenderer = wrap(prerenderer)) });
    const render = async (url: string) => {
      const result = await prerenderer.render(new Request(url), { routeData: {} as RouteData });
      return (result instanceof Response ? result : result.response).text();
    };
    return { integration, render };
  }
  async function done(integration: AstroIntegration): Promise<string[]> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'csp-build-'));
    dirs.push(dir);
    const logged: string[] = [];
    const hook = integration.hooks['astro:build:done'] as unknown as (options: { dir: URL; logger: { info: (m: string) => void } }) => Promise<void>;
    await hook({ dir: pathToFileURL(`${dir}/`), logger: { info: (m) => logged.push(m) } });
    return logged;
  }

  it('writes the page with its island style in <head>, and reads no page back', async () => {
    const page = `<html><head><title>x</title></head><body><h1>x</h1>${ISLAND_STYLE_TAG}<astro-island></astro-island></body></html>`;
    const { integration, render } = wrapped(page);
    expect(await render('http://localhost/checkout.html')).toBe(moveIslandStylesToHead(page));
    expect(await done(integration)).toContain('CSP: 1 pages checked as they were rendered, 0 other HTML files read.');
  });

  it('fails the build naming the page of an inline script the policy does not allow', async () => {
    const { integration, render } = wrapped('<html><head></head><body><script>alert(1)</script></body></html>');
    await render('http://localhost/locations/austin.html');
    await expect(done(integration)).rejects.toThrow(/in locations\/austin\.html: alert\(1\)/);
  });

  it('leaves what is not HTML as it is', async () => {
    const { integration, render } = wrapped('{"name":"x"}', 'application/manifest+json');
    expect(await render('http://localhost/manifest.webmanifest')).toBe('{"name":"x"}');
    expect(await done(integration)).toContain('CSP: 0 pages checked as they were rendered, 0 other HTML files read.');
  });
});
