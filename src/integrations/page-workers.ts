import { readdir } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import { finishedPage, importEachPageOnce, isHtml, isRedirect, pageWriter, type PageModules } from './page-files';

/**
 * Astro renders every page of a build on one thread, so in a 10,000-landing-page build (about 21,000
 * pages) the second core had little to do but write the files. This wraps Astro's own prerenderer so most pages
 * are rendered by worker threads running the same prerender bundle (page-worker.mjs), one per core
 * beside the main thread. Astro still asks for each page and logs it; the main thread renders a page
 * itself only while every worker is busy. Each thread writes the files of the HTML pages it rendered
 * (page-files.ts) and hands Astro a Response without a body, for which Astro writes nothing; before
 * that, the page gets its island style moved into <head>, and its inline scripts are handed to
 * `eachHtmlPage` (the CSP check).
 *
 * A worker needs what Astro keeps in the main thread's build state (each page's styles, the scripts
 * integrations add, where the prerender bundle is, the output folder and its file format, the build's
 * log, the pages' modules), read from Astro's default prerenderer. An Astro that no longer has them
 * fails the build with a message naming this file, so an upgrade is seen by the first build (every test
 * run builds), not by a deploy that quietly got slower.
 */

/**
 * Pages a worker is given at once: enough that it never waits for the next while the main thread is
 * busy. The main thread pauses for its own garbage collection (a scavenge of its larger heap takes 5-11 ms,
 * finishing a full collection up to 40 ms) while a page takes the worker 1-2 ms. With six in hand the worker
 * sat idle 2.3-2.9 s of a 10,000-landing-page build (its event loop's idle time); with sixteen, 1.4-2.0 s.
 */
const PAGES_PER_WORKER = 16;

/** How many pages Astro should ask for at once (`build.concurrency`) to keep the workers busy. */
export const pagesInFlight = () => workerCount() * PAGES_PER_WORKER + 2;

/**
 * One worker per core beside the main thread's, at most three: each holds its own copy of the bundle
 * and its own heap, and a container may report its host's cores rather than its own share.
 */
const workerCount = () => Math.min(3, Math.max(1, availableParallelism() - 1));

interface LogDestination {
  write: (event: { message: string }) => unknown;
}

interface DefaultPrerenderer extends AstroPrerenderer {
  app?: {
    manifest?: { pageMap?: PageModules };
    getOptions?: () => {
      allPages?: Record<string, { key: string; styles: unknown }>;
      settings?: { scripts?: unknown[]; config?: { outDir?: URL; build?: { format?: string } } };
      logger?: { options?: { destination?: LogDestination } };
    };
  };
}

type Rendered =
  | {
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: string | Uint8Array<ArrayBuffer> | null;
      /** The worker wrote the page's file itself. */
      written?: true;
      /** An HTML page's inline scripts. */
      inlineScripts?: string[];
    }
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

/**
 * Told of every HTML page rendered, on either thread: its file in dist (its URL's path, as Astro names
 * files for `build.format: 'file'`) and the inline scripts it carries.
 */
export type EachHtmlPage = (file: string, inlineScripts: string[]) => void;

const fileOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname);

/**
 * Astro logs "file not created, response body was empty" after a page whose Response has no body,
 * which is how a page already written here comes back. Its log line is given without that notice, one line
 * per page written: Astro logs the time of each page right after its render returns.
 */
const NOT_CREATED = /\s*\S*\(file not created, response body was empty\)\S*/;

function withoutNotCreatedNotices(destination: LogDestination) {
  const write = destination.write;
  let written = 0;
  destination.write = (event) =>
    written > 0 && NOT_CREATED.test(event.message)
      ? (written--, write.call(destination, { ...event, message: event.message.replace(NOT_CREATED, '') }))
      : write.call(destination, event);
  return {
    pageWritten: () => written++,
    restore: () => {
      destination.write = write;
    },
  };
}

export function renderInWorkers(
  prerenderer: AstroPrerenderer,
  { logger, eachHtmlPage = () => {} }: { logger: AstroIntegrationLogger; eachHtmlPage?: EachHtmlPage },
): AstroPrerenderer {
  const setup = prerenderer.setup?.bind(prerenderer);
  const render = prerenderer.render.bind(prerenderer);
  const teardown = prerenderer.teardown?.bind(prerenderer);
  const workers: PageWorker[] = [];
  const waiting = new Map<number, { resolve: (rendered: Rendered) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  /** The folder of the pages' files when the threads that render them write them; none when Astro names files another way. */
  let fileFolder: URL | undefined;
  let notices: ReturnType<typeof withoutNotCreatedNotices> | undefined;

  const startWorker = (workerData: unknown) =>
    new Promise<PageWorker>((resolve, reject) => {
      const worker = new Worker(new URL('./page-worker.mjs', import.meta.url), { workerData });
      // A worker never keeps the build's process alive.
      worker.unref();
      let failure = '';
      worker.once('error', (error) => {
        failure = `: ${error.message}`;
        reject(error);
      });
      // A worker that dies fails the pages still waiting, as a page that throws does, instead of
      // leaving the build waiting for them for ever.
      worker.once('exit', (code) => {
        const error = new Error(`A page worker stopped (exit code ${code}) while rendering pages${failure}.`);
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
    const app = (prerenderer as DefaultPrerenderer).app;
    const options = app?.getOptions?.();
    const pageModules = app?.manifest?.pageMap;
    const config = options?.settings?.config;
    const prerenderDir = config?.outDir && prerenderFolder(config.outDir);
    const entry = prerenderDir && (await readdir(prerenderDir).catch(() => [])).find((file) => /^prerender-entry\.[\w-]+\.mjs$/.test(file));
    const destination = options?.logger?.options?.destination;
    if (!options?.allPages || !options.settings?.scripts || !prerenderDir || !entry || !config?.build?.format || !destination || !pageModules)
      throw new Error(
        "This Astro's build state is not the one src/integrations/page-workers.ts reads to render pages in worker threads (each page's styles, the scripts integrations add, dist/.prerender/prerender-entry.*.mjs, the output folder's file format, the build's log, the pages' modules).",
      );
    importEachPageOnce(pageModules);
    fileFolder = config.build.format === 'file' ? config.outDir : undefined;
    notices = withoutNotCreatedNotices(destination);
    const workerData = {
      entryUrl: new URL(entry, prerenderDir).href,
      pageStyles: Object.values(options.allPages).map((page) => [page.key, page.styles]),
      scripts: options.settings.scripts,
    };
    workers.push(...(await Promise.all(Array.from({ length: workerCount() }, () => startWorker(workerData)))));
    logger.info(`Pages render in ${workers.length} worker thread(s) beside the main thread.`);
  };

  /**
   * Where the thread that renders a page writes its file; null where Astro is to write it: when it
   * names files another way, for an endpoint, and for the incremental build's cache, which keeps a copy
   * of what Astro writes.
   */
  const fileFor = (request: Request, { routeData, collectMetadata }: Parameters<AstroPrerenderer['render']>[1]) =>
    fileFolder && routeData.type === 'page' && !collectMetadata
      ? fileURLToPath(new URL(`.${new URL(request.url).pathname}`, fileFolder))
      : null;

  const writePage = pageWriter();

  const renderHere: AstroPrerenderer['render'] = async (request, options) => {
    const result = await render(request, options);
    const response = result instanceof Response ? result : result.response;
    if (!response.body || !isHtml(response.headers)) return result;
    const { status, statusText, headers } = response;
    const { html, inlineScripts } = finishedPage(new Uint8Array(await response.arrayBuffer()));
    eachHtmlPage(fileOf(request), inlineScripts);
    const file = fileFor(request, options);
    const written = file !== null && !isRedirect(status);
    if (written) {
      writePage(file, html);
      notices?.pageWritten();
      // Rendering and writing here are all promise callbacks: without a turn of the event loop, the
      // workers' finished pages would not be read until Astro ran out of pages, and this thread
      // would render them all.
      await nextTurn();
    }
    const page = new Response(written ? null : html, { status, statusText, headers });
    return result instanceof Response ? page : { ...result, response: page };
  };

  prerenderer.render = async (request, options) => {
    const leastBusy = workers.reduce<PageWorker | undefined>((best, w) => (!best || w.inFlight < best.inFlight ? w : best), undefined);
    // The incremental build's metadata is collected on the main thread's render only.
    if (!leastBusy || leastBusy.inFlight >= PAGES_PER_WORKER || options.collectMetadata) return renderHere(request, options);
    leastBusy.inFlight++;
    try {
      const id = nextId++;
      const file = fileFor(request, options);
      const rendered = await new Promise<Rendered>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        leastBusy.worker.postMessage({ id, url: request.url, route: `${options.routeData.route}\0${options.routeData.component}`, file });
      });
      if ('error' in rendered) throw new Error(rendered.error);
      const { body, status, statusText } = rendered;
      if (rendered.inlineScripts) eachHtmlPage(fileOf(request), rendered.inlineScripts);
      if (rendered.written) notices?.pageWritten();
      return new Response(body, { status, statusText, headers: new Headers(rendered.headers) });
    } finally {
      leastBusy.inFlight--;
    }
  };

  prerenderer.teardown = async () => {
    const stopping = workers.splice(0);
    for (const { worker } of stopping) worker.removeAllListeners('exit');
    await Promise.all(stopping.map(({ worker }) => worker.terminate()));
    notices?.restore();
    await teardown?.();
  };
  return prerenderer;
}
