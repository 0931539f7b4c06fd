// Renders built pages in a worker thread for `astro build` (see page-workers.ts, which starts it), and
// writes the file of each HTML page it renders.
// Plain JavaScript: Node runs this file as it is, outside Astro's and Vite's module loaders. It shares
// page-files.ts with the main thread, whose types Node strips (Node ≥ 22.18, package.json's engines).
import { parentPort, workerData } from 'node:worker_threads';
import { finishedPage, importEachPageOnce, isHtml, isRedirect, pageWriter } from './page-files.ts';

const { entryUrl, pageStyles, scripts } = workerData;
// The same prerender bundle the main thread renders with: the worker runs its own copy of it.
const { app } = await import(entryUrl);
// What the build's app reads from Astro's build state while it renders (headElements in
// astro/dist/core/build/environment.js): each page's styles, the built file of each script entry
// (the manifest holds that map) and the scripts integrations add to every page.
app.setInternals({
  pagesByKeys: new Map(pageStyles.map(([key, styles]) => [key, { styles }])),
  entrySpecifierToBundleMap: new Map(Object.entries(app.manifest.entryModules)),
});
app.setOptions({
  settings: { scripts },
  logger: { options: { destination: { write: (event) => parentPort.postMessage({ log: event }) } } },
});
importEachPageOnce(app.manifest.pageMap);
const routes = new Map(app.manifest.routes.map(({ routeData }) => [`${routeData.route}\0${routeData.component}`, routeData]));
const write = pageWriter();

parentPort.on('message', async ({ id, url, route, file }) => {
  try {
    const routeData = routes.get(route);
    if (!routeData) throw new Error(`The prerender bundle has no route ${route.replace('\0', ' for ')}`);
    const response = await app.render(new Request(url), { routeData });
    const { status, statusText } = response;
    const headers = [...response.headers];
    if (!response.body || !isHtml(response.headers)) {
      parentPort.postMessage({ id, status, statusText, headers, body: response.body ? await response.text() : null });
      return;
    }
    const { html, inlineScripts } = finishedPage(new Uint8Array(await response.arrayBuffer()));
    // Written here when the main thread says where.
    if (file && !isRedirect(status)) {
      write(file, html);
      parentPort.postMessage({ id, status, statusText, headers, body: null, written: true, inlineScripts });
    } else parentPort.postMessage({ id, status, statusText, headers, body: html, inlineScripts });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort.postMessage({ ready: true });
