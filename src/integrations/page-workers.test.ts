import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstroIntegrationLogger, AstroPrerenderer, RouteData } from 'astro';
import { renderInWorkers } from './page-workers';

/**
 * A prerender bundle with the shape Astro's has (an `app` that takes the build state and renders a
 * request for a route), written where Astro writes its own, so page-worker.mjs runs as in a build.
 * Its pages show what the worker was given and which thread rendered them.
 */
const PRERENDER_ENTRY = `
import { isMainThread } from 'node:worker_threads';
let internals, options;
export const app = {
  manifest: {
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

const landingRoute = { route: '/[landing]', component: 'src/pages/[landing].astro' } as RouteData;

async function prerendererFor(options: { withBuildState: boolean }) {
  // Inside the project, as dist is: Astro keeps the bundle of an output folder outside it elsewhere.
  await mkdir(path.resolve('.data'), { recursive: true });
  const outDir = await mkdtemp(path.resolve('.data', 'page-workers-'));
  dirs.push(outDir);
  await mkdir(path.join(outDir, '.prerender'));
  await writeFile(path.join(outDir, '.prerender', 'prerender-entry.AbC-12.mjs'), PRERENDER_ENTRY);
  const logged: string[] = [];
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
        getOptions: () => ({
          allPages: {
            landing: { key: 'landing-key', styles: [{ sheet: { type: 'external', src: '/_astro/site.css' } }] },
          },
          settings: {
            scripts: [{ stage: 'head-inline', content: 'x' }],
            config: { outDir: pathToFileURL(`${outDir}/`) },
          },
        }),
      };
    },
    getStaticPaths: async () => [],
    render: async (request) =>
      new Response(`${new URL(request.url).pathname} | main`, { headers: { 'content-type': 'text/html' } }),
  };
  const prerenderer = renderInWorkers(astrosOwn, {
    logger: logger as unknown as AstroIntegrationLogger,
    eachHtmlPage: (request, html) => `${html} | checked ${new URL(request.url).pathname}`,
  });
  const render = async (page: string, routeData = landingRoute) => {
    const result = await prerenderer.render(new Request(`http://localhost${page}`), { routeData });
    return (result instanceof Response ? result : result.response).text();
  };
  return { prerenderer, render, logged };
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
        '/bounce-houses-austin-tx.html | worker | [{"sheet":{"type":"external","src":"/_astro/site.css"}}] | _astro/page.js | 1 | checked /bounce-houses-austin-tx.html',
      );
      expect(logged).toContainEqual(
        expect.stringMatching(/^info: Pages render in \d+ worker thread\(s\) beside the main thread\.$/),
      );
    }));

  it('renders on the main thread too once every worker has its hands full, each page given the same step', () =>
    withWorkers(async ({ render }) => {
      const pages = await Promise.all(Array.from({ length: 40 }, (_, i) => render(`/page-${i}.html`)));
      const threads = pages.map((page) => page.split(' | ')[1]);
      expect(threads).toContain('worker');
      expect(threads).toContain('main');
      pages.forEach((page, i) =>
        expect(page).toMatch(new RegExp(`^/page-${i}\\.html \\|.* \\| checked /page-${i}\\.html$`)),
      );
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

  it('fails the build, naming this file, when Astro’s build state is not the one it reads', async () => {
    const { prerenderer } = await prerendererFor({ withBuildState: false });
    await expect(prerenderer.setup!()).rejects.toThrow(/src\/integrations\/page-workers\.ts/);
  });
});
