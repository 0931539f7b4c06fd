import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';

/**
 * Work on the build's output begun as soon as every page is written (`astro:build:generated`) and
 * awaited in `astro:build:done`, so that the integrations' steps after the pages (the CSP check's other
 * files, the booking widget, the service worker) run beside one another and the sitemap instead of one
 * after another. `begin` in the first hook, `result` in the second (which begins it then if the first
 * never ran). Until it is awaited, a failure does not count as an unhandled rejection.
 */
export function afterPages<T>(work: (dir: URL) => Promise<T>) {
  let pending: Promise<T> | undefined;
  const start = (dir: URL) => {
    const result = work(dir);
    result.catch(() => {});
    return result;
  };
  return {
    begin(dir: URL): void {
      pending = start(dir);
    },
    result(dir: URL): Promise<T> {
      const result = pending ?? start(dir);
      pending = undefined;
      return result;
    },
  };
}

/**
 * The two hooks of an integration whose build step is afterPages' work on the publish folder (a path),
 * with the line it adds to the build's log.
 */
export function afterPagesHooks<T>(work: (dist: string) => Promise<T>, logLine: (result: T) => string) {
  const step = afterPages((dir) => work(fileURLToPath(dir)));
  return {
    'astro:build:generated': ({ dir }: { dir: URL }) => step.begin(dir),
    'astro:build:done': async ({ dir, logger }: { dir: URL; logger: AstroIntegrationLogger }) => {
      logger.info(logLine(await step.result(dir)));
    },
  };
}
