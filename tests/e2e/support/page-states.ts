import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * States of a page a test waits for instead of a fixed time, which a busy machine outlasts (and a
 * quiet one wastes).
 */

/**
 * Watches the page's requests from now on (those whose URL `which` accepts); `settled()` waits
 * until none is still waiting for its answer.
 */
export function watchRequests(page: Page, which: (url: string) => boolean = () => true) {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (which(request.url())) open.add(request);
  });
  const answered = (request: Request) => open.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return {
    settled: () => expect.poll(() => [...open].map((request) => `${request.method()} ${request.url()}`), { message: 'requests still waiting for an answer' }).toEqual([]),
  };
}

const isApi = (url: string) => url.includes('/api/');

/**
 * Console errors and refused API calls (4xx/5xx) from now on, in `problems`; `settled()` waits for the
 * API calls still out. For screens that must log nothing while a person is still typing.
 */
export function watchApiProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (isApi(r.url()) && r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return { problems, ...watchRequests(page, isApi) };
}

/**
 * Until every island on the page has hydrated (Astro then drops its `ssr` attribute), each
 * scrolled into view in turn: some hydrate only once they are seen. The island element itself has
 * no box (`display: contents`), so what is scrolled to is its first element, which Astro watches.
 */
export async function hydrateEveryIsland(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const waiting = document.querySelectorAll('astro-island[ssr]');
          waiting[0]?.firstElementChild?.scrollIntoView();
          return waiting.length;
        }),
      { message: 'islands not hydrated yet', timeout: 30_000 },
    )
    .toBe(0);
}

/**
 * The element `testId` once its island has hydrated (Astro drops the island's `ssr` attribute): what
 * is typed before that can be overwritten as the island takes over the server-rendered form, and a tap
 * can be lost or send the bare form. Scrolled to first: a `client:visible` island hydrates only once it
 * is seen. A busy machine can take well over the default 5 s to load and hydrate an island.
 */
export async function hydrated(page: Page, testId: string): Promise<Locator> {
  return islandReady(page.getByTestId(testId).first());
}

/**
 * `target` once the island it is in has hydrated, for islands without a test id of their own (the
 * server renders their markup, which shows before React answers a tap on it). Scrolled to first, as
 * `client:visible` islands hydrate only once seen.
 */
export async function islandReady(target: Locator): Promise<Locator> {
  await target.scrollIntoViewIfNeeded({ timeout: 30_000 });
  await expect(target.page().locator('astro-island:not([ssr])').filter({ has: target }).first()).toBeAttached({ timeout: 30_000 });
  return target;
}
