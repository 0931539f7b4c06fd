import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegrationLogger, AstroPrerenderer } from 'astro';

/**
 * Astro renders every page of a build on one thread, so in a 10,000-landing-page build (about 21,000
 * pages) the second core had little to do but write the files. This wraps Astro's own prerenderer so most pages
 * are rendered by worker threads running the same prerender bundle (page-worker.mjs), one per core
 * beside the main thread. Astro still asks for each page, writes its file and logs it, so the output
 * is the same; the main thread renders a page itself only while every worker is busy.
 *
 * A worker needs three things Astro keeps in the main thread's build state (each page's styles, the
 * scripts integrations add, where the prerender bundle is), read from Astro's default prerenderer. An
 * Astro that no longer has them fails the build with a message naming this file, so an upgrade is seen
 * by the first build (every test run builds), not by a deploy that quietly got slower.
 */

/** Pages a worker is given at once: enough that it never waits for the next while Astro writes files. */
const PAGES_PER_WORKER = 6;

/** How many pages Astro should ask for at once (`build.concurrency`) to keep the workers busy. */
export const pagesInFlight = () => workerCount() * PAGES_PER_WORKER + 2;

/**
 * One worker per core beside the main thread's, at most three: each holds its own copy of the bundle
 * and its own heap, and a container may report its host's cores rather than its own share.
 */
const workerCount = () => Math.min(3, Math.max(1, availableParallelism() - 1));

interface DefaultPrerenderer extends AstroPrerenderer {
  app?: {
    getOptions?: () => {
      allPages?: Record<string, { key: string; styles: unknown }>;
      settings?: { scripts?: unknown[]; config?: { outDir?: URL } };
    };
  };
}

type Rendered =
  | { id: number; status: number; statusText: string; headers: [string, string][]; body: string | null }
  | { id: number; error: string };
type FromWorker = Rendered | { ready: true } | { log: { level: string; message: string } };

interface PageWorker {
  worker: Worker;
  inFlight: number;
}

/**
 * Where Astro writes the prerender bundle: in the output folder, or in .astro/ when that folder lies
 * outside the project (npm start's local publish builds into a staging folder), as
 * getServerOutputDirectory in astro/dist/prerender/utils.js decides.
 */
function prerenderFolder(outDir: URL): URL {
  const inProject = fileURLToPath(outDir).startsWith(process.cwd());
  return new URL('.prerender/', inProject ? outDir : pathToFileURL(`${process.cwd()}/.astro/`));
}

/** A step for every HTML page rendered, before Astro writes it: what it returns is written. */
export type EachHtmlPage = (request: Request, html: string) => string;

const isHtml = (headers: Headers) => headers.get('content-type')?.startsWith('text/html') ?? false;

export function renderInWorkers(
  prerenderer: AstroPrerenderer,
  { logger, eachHtmlPage = (_, html) => html }: { logger: AstroIntegrationLogger; eachHtmlPage?: EachHtmlPage },
): AstroPrerenderer {
  const setup = prerenderer.setup?.bind(prerenderer);
  const render = prerenderer.render.bind(prerenderer);
  const teardown = prerenderer.teardown?.bind(prerenderer);
  const workers: PageWorker[] = [];
  const waiting = new Map<number, { resolve: (rendered: Rendered) => void; reject: (error: Error) => void }>();
  let nextId = 0;

  const startWorker = (workerData: unknown) =>
    new Promise<PageWorker>((resolve, reject) => {
      const worker = new Worker(new URL('./page-worker.mjs', import.meta.url), { workerData });
      // A worker never keeps the build's process alive.
      worker.unref();
      worker.once('error', reject);
      // A worker that dies fails the pages still waiting, as a page that throws does, instead of
      // leaving the build waiting for them for ever.
      worker.once('exit', (code) => {
        const error = new Error(`A page worker stopped (exit code ${code}) while rendering pages.`);
        reject(error);
        const stopped = workers.findIndex((w) => w.worker === worker);
        if (stopped >= 0) workers.splice(stopped, 1);
        for (const page of waiting.values()) page.reject(error);
        waiting.clear();
      });
      worker.on('message', (message: FromWorker) => {
        if ('ready' in message) resolve({ worker, inFlight: 0 });
        else if ('log' in message) {
          if (message.log.level === 'warn') logger.warn(message.log.message);
          if (message.log.level === 'error') logger.error(message.log.message);
        } else {
          waiting.get(message.id)?.resolve(message);
          waiting.delete(message.id);
        }
      });
    });

  prerenderer.setup = async () => {
    await setup?.();
    const options = (prerenderer as DefaultPrerenderer).app?.getOptions?.();
    const prerenderDir = options?.settings?.config?.outDir && prerenderFolder(options.settings.config.outDir);
    const entry = prerenderDir && (await readdir(prerenderDir).catch(() => [])).find((file) => /^prerender-entry\.[\w-]+\.mjs$/.test(file));
    if (!options?.allPages || !options.settings?.scripts || !prerenderDir || !entry)
      throw new Error(
        "This Astro's build state is not the one src/integrations/page-workers.ts reads to render pages in worker threads (each page's styles, the scripts integrations add, dist/.prerender/prerender-entry.*.mjs).",
      );
    const workerData = {
      entryUrl: new URL(entry, prerenderDir).href,
      pageStyles: Object.values(options.allPages).map((page) => [page.key, page.styles]),
      scripts: options.settings.scripts,
    };
    workers.push(...(await Promise.all(Array.from({ length: workerCount() }, () => startWorker(workerData)))));
    logger.info(`Pages render in ${workers.length} worker thread(s) beside the main thread.`);
  };

  const renderHere: AstroPrerenderer['render'] = async (request, options) => {
    const result = await render(request, options);
    const response = result instanceof Response ? result : result.response;
    if (!response.body || !isHtml(response.headers)) return result;
    const { status, statusText, headers } = response;
    const page = new Response(eachHtmlPage(request, await response.text()), { status, statusText, headers });
    return result instanceof Response ? page : { ...result, response: page };
  };

  prerenderer.render = async (request, options) => {
    const leastBusy = workers.reduce<PageWorker | undefined>((best, w) => (!best || w.inFlight < best.inFlight ? w : best), undefined);
    // The incremental build's metadata is collected on the main thread's render only.
    if (!leastBusy || leastBusy.inFlight >= PAGES_PER_WORKER || options.collectMetadata) return renderHere(request, options);
    leastBusy.inFlight++;
    try {
      const id = nextId++;
      const rendered = await new Promise<Rendered>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        leastBusy.worker.postMessage({ id, url: request.url, route: `${options.routeData.route}\0${options.routeData.component}` });
      });
      if ('error' in rendered) throw new Error(rendered.error);
      const { body, status, statusText } = rendered;
      const headers = new Headers(rendered.headers);
      return new Response(body !== null && isHtml(headers) ? eachHtmlPage(request, body) : body, { status, statusText, headers });
    } finally {
      leastBusy.inFlight--;
    }
  };

  prerenderer.teardown = async () => {
    const stopping = workers.splice(0);
    for (const { worker } of stopping) worker.removeAllListeners('exit');
    await Promise.all(stopping.map(({ worker }) => worker.terminate()));
    await teardown?.();
  };
  return prerenderer;
}
