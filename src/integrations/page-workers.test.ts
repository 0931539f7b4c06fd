import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstroIntegrationLogger, AstroPrerenderer, RouteData } from 'astro';
import { renderInWorkers } from './page-workers';
import { ISLAND_STYLE_TAG } from './island-styles-in-head';

/**
 * A prerender bundle with the shape Astro's has (an `app` that takes the build state and renders a
 * request for a route), written where Astro writes its own, so page-worker.mjs runs as in a build.
 * Its pages show what the worker was given and which thread rendered them.
 */
const ISLANDS_PAGE = `<html><head><title>x</title></head><body><h1>x</h1>${ISLAND_STYLE_TAG}<script>go()</script><astro-island></astro-island></body></html>`;
const ISLANDS_PAGE_FINISHED = `<html><head><title>x</title>${ISLAND_STYLE_TAG}</head><body><h1>x</h1><script>go()</script><astro-island></astro-island></body></html>`;

const PRERENDER_ENTRY = `
import { isMainThread } from 'node:worker_threads';
const ISLANDS_PAGE = ${JSON.stringify(ISLANDS_PAGE)};
let internals, options;
let pageLoads = 0;
const pageModule = { page: 'landing' };
export const app = {
  manifest: {
    pageMap: new Map([['src/pages/[landing].astro', async () => (pageLoads++, pageModule)]]),
    entryModules: { 'page-script': '_astro/page.js' },
    routes: [{ routeData: { route: '/[landing]', component: 'src/pages/[landing].astro' } }, { routeData: { route: '/crash', component: 'src/pages/crash.astro' } }],
  },
  setInternals: (value) => { internals = value; },
  setOptions: (value) => { options = value; },
  async render(request, { routeData }) {
    if (routeData.route === '/crash') process.exit(3);
    const path = new URL(request.url).pathname;
    if (path === '/broken.html') throw new Error('The page broke');
    if (path === '/warns.html') options.logger.options.destination.write({ level: 'warn', message: 'Something to look at' });
    if (path.startsWith('/imports-')) {
      const module = await app.manifest.pageMap.get(routeData.component)();
      return new Response(\`\${module === pageModule} \${pageLoads}\`, { headers: { 'content-type': 'text/plain' } });
    }
    if (path === '/robots.txt') return new Response('User-agent: *', { headers: { 'content-type': 'text/plain' } });
    if (path === '/moved.html') return new Response('<html><head></head><body>moved</body></html>', { status: 301, headers: { 'content-type': 'text/html', location: '/' } });
    if (path === '/islands.html') return new Response(ISLANDS_PAGE, { headers: { 'content-type': 'text/html' } });
    const styles = JSON.stringify(internals.pagesByKeys.get('landing-key').styles);
    const script = internals.entrySpecifierToBundleMap.get('page-script');
    const body = [path, isMainThread ? 'main' : 'worker', styles, script, options.settings.scripts.length].join(' | ');
    return new Response(body, { headers: { 'content-type': 'text/html' } });
  },
};
`;

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const landingRoute = { route: '/[landing]', component: 'src/pages/[landing].astro', type: 'page' } as RouteData;

/** Astro's table of page modules on the main thread: counts its imports. */
function pageMapCountingLoads() {
  const loads = { count: 0 };
  const pageMap = new Map([['src/pages/[landing].astro', async () => (loads.count++, { page: 'landing' })]]);
  return { pageMap, loads };
}

async function prerendererFor(options: { withBuildState: boolean }) {
  // Inside the project, as dist is: Astro keeps the bundle of an output folder outside it elsewhere.
  await mkdir(path.resolve('.data'), { recursive: true });
  const outDir = await mkdtemp(path.resolve('.data', 'page-workers-'));
  dirs.push(outDir);
  await mkdir(path.join(outDir, '.prerender'));
  await writeFile(path.join(outDir, '.prerender', 'prerender-entry.AbC-12.mjs'), PRERENDER_ENTRY);
  const mainPages = pageMapCountingLoads();
  const logged: string[] = [];
  /** Astro's own log, which the wrapper is handed in the build state. */
  const astroLog: string[] = [];
  const astroLogDestination = { write: (event: { message: string }) => astroLog.push(event.message) };
  const logger = {
    info: (m: string) => logged.push(`info: ${m}`),
    warn: (m: string) => logged.push(`warn: ${m}`),
    error: (m: string) => logged.push(`error: ${m}`),
  };
  // Astro's default prerenderer, as far as the wrapper reads it: its app's build options and its render.
  const astrosOwn: AstroPrerenderer & { app?: unknown } = {
    name: 'astro:default',
    setup: async () => {
      if (!options.withBuildState) return;
      astrosOwn.app = {
        manifest: { pageMap: mainPages.pageMap },
        getOptions: () => ({
          allPages: {
            landing: { key: 'landing-key', styles: [{ sheet: { type: 'external', src: '/_astro/site.css' } }] },
          },
          settings: {
            scripts: [{ stage: 'head-inline', content: 'x' }],
            config: { outDir: pathToFileURL(`${outDir}/`), build: { format: 'file' } },
          },
          logger: { options: { destination: astroLogDestination } },
        }),
      };
    },
    getStaticPaths: async () => [],
    render: async (request) => {
      const path = new URL(request.url).pathname;
      return new Response(path === '/islands.html' ? ISLANDS_PAGE : `${path} | main`, { headers: { 'content-type': 'text/html' } });
    },
  };
  const checked = new Map<string, string[]>();
  const prerenderer = renderInWorkers(astrosOwn, {
    logger: logger as unknown as AstroIntegrationLogger,
    eachHtmlPage: (file, scripts) => checked.set(file, scripts),
  });
  /** The Response Astro gets for a page: without a body when a worker writes the page's file. */
  const respond = async (page: string, routeData = landingRoute) => {
    const result = await prerenderer.render(new Request(`http://localhost${page}`), { routeData });
    return result instanceof Response ? result : result.response;
  };
  /** A page as it ends up in dist: the file the thread that rendered it wrote, or the body Astro writes. */
  const render = async (page: string, routeData = landingRoute) => {
    const response = await respond(page, routeData);
    return response.body ? response.text() : readFile(path.join(outDir, page), 'utf8');
  };
  return { prerenderer, respond, render, logged, astroLog, astroLogDestination, checked, outDir, mainPages };
}

/** Runs `test` with the workers started, as Astro's setup does, and stopped after it, as its teardown does. */
async function withWorkers(test: (rendering: Awaited<ReturnType<typeof prerendererFor>>) => Promise<void>) {
  const rendering = await prerendererFor({ withBuildState: true });
  await rendering.prerenderer.setup!();
  try {
    await test(rendering);
  } finally {
    await rendering.prerenderer.teardown!();
  }
}

describe('pages rendered in worker threads during the build', () => {
  it('renders pages in a worker given each page’s styles, the script entries and the added scripts', () =>
    withWorkers(async ({ render, logged }) => {
      expect(await render('/bounce-houses-austin-tx.html')).toBe(
        '/bounce-houses-austin-tx.html | worker | [{"sheet":{"type":"external","src":"/_astro/site.css"}}] | _astro/page.js | 1',
      );
      expect(logged).toContainEqual(
        expect.stringMatching(/^info: Pages render in \d+ worker thread\(s\) beside the main thread\.$/),
      );
    }));

  it('renders on the main thread too once every worker has its hands full, each thread writing its pages', () =>
    withWorkers(async ({ respond, outDir }) => {
      const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => respond(`/page-${i}.html`)));
      // Astro writes no file for a Response without a body.
      expect(responses.every((response) => response.body === null)).toBe(true);
      const pages = await Promise.all(responses.map((_, i) => readFile(path.join(outDir, `page-${i}.html`), 'utf8')));
      const threads = pages.map((page) => page.split(' | ')[1]);
      expect(threads).toContain('worker');
      expect(threads).toContain('main');
      pages.forEach((page, i) => expect(page).toMatch(new RegExp(`^/page-${i}\\.html \\| (worker|main)`)));
    }));

  it('writes a page’s file in the worker, its island style in <head>, and tells of its inline scripts', () =>
    withWorkers(async ({ respond, checked, astroLog, astroLogDestination, outDir }) => {
      expect((await respond('/islands.html')).body).toBeNull();
      expect(await readFile(path.join(outDir, 'islands.html'), 'utf8')).toBe(ISLANDS_PAGE_FINISHED);
      expect(checked.get('/islands.html')).toEqual(['go()']);
      // Astro's notice after a page without a body is left off the log line of the page the worker wrote,
      // and kept for any other.
      const timeLine = { message: ' \u001b[2m(+3ms)\u001b[22m \u001b[33m(file not created, response body was empty)\u001b[39m' };
      astroLogDestination.write(timeLine);
      astroLogDestination.write(timeLine);
      expect(astroLog).toEqual([' \u001b[2m(+3ms)\u001b[22m', timeLine.message]);
    }));

  it('gives a page rendered on the main thread the same finish', () =>
    withWorkers(async ({ respond, checked, outDir }) => {
      // Forty at once: some are rendered on the main thread.
      const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => respond(`/islands.html?${i}`)));
      expect(responses.every((response) => response.body === null)).toBe(true);
      expect(await readFile(path.join(outDir, 'islands.html'), 'utf8')).toBe(ISLANDS_PAGE_FINISHED);
      expect(checked.get('/islands.html')).toEqual(['go()']);
    }));

  it('fails a page whose file cannot be written, on either thread', () =>
    withWorkers(async ({ respond, outDir }) => {
      // A file where the pages' folder should be.
      await writeFile(path.join(outDir, 'taken'), '');
      const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => respond(`/taken/page-${i}.html`)));
      expect(results.map((r) => r.status)).toEqual(Array(40).fill('rejected'));
      for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toMatch(/ENOTDIR|EEXIST/);
    }));

  it('leaves a redirect and what is not a page to Astro', () =>
    withWorkers(async ({ respond }) => {
      const body = async (page: string, routeData: RouteData) => (await respond(page, routeData)).text();
      expect(await body('/robots.txt', { ...landingRoute, type: 'endpoint' })).toBe('User-agent: *');
      expect(await body('/moved.html', landingRoute)).toBe('<html><head></head><body>moved</body></html>');
    }));

  it('fails the page a worker could not render with its error, and passes on the worker’s warnings', () =>
    withWorkers(async ({ render, logged }) => {
      await expect(render('/broken.html')).rejects.toThrow('The page broke');
      await render('/warns.html');
      expect(logged).toContain('warn: Something to look at');
    }));

  it('fails the pages of a worker that stopped instead of leaving the build waiting', () =>
    withWorkers(async ({ render }) => {
      await expect(
        render('/crash.html', { route: '/crash', component: 'src/pages/crash.astro' } as RouteData),
      ).rejects.toThrow('A page worker stopped (exit code 3) while rendering pages.');
    }));

  it('imports each page’s module once per thread, where Astro’s app imports it on every render', () =>
    withWorkers(async ({ respond, mainPages }) => {
      for (let i = 0; i < 5; i++) await respond(`/imports-${i}.html`);
      // Rendered one at a time, every page went to the worker: the same module, imported once.
      expect(await (await respond('/imports-5.html')).text()).toBe('true 1');
      const importPage = mainPages.pageMap.get('src/pages/[landing].astro')!;
      expect(await importPage()).toBe(await importPage());
      expect(mainPages.loads.count).toBe(1);
    }));

  it('fails the build, naming this file, when Astro’s build state is not the one it reads', async () => {
    const { prerenderer } = await prerendererFor({ withBuildState: false });
    await expect(prerenderer.setup!()).rejects.toThrow(/src\/integrations\/page-workers\.ts/);
  });
});
