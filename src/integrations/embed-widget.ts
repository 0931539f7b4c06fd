import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Rolldown } from 'vite';
import { EMBED_LOADER_PATH, EMBED_WIDGET_DIR, embedLoader } from '../lib/embed';
import { afterPagesHooks } from './after-pages';

/**
 * Builds the booking widget for the owner's other website (src/scripts/embed, issue #39) beside the
 * site: one module, its name carrying its content hash (dist/embed/widget.<hash>.js), and the loader at
 * the stable /embed.js that names it. A separate bundle, not an island: it runs on another site's page,
 * with no Astro runtime, no React and nothing of the site's pages. Built once the pages are written
 * (afterPages), beside the other integrations' work.
 */
const WIDGET_SOURCE = fileURLToPath(new URL('../scripts/embed/widget.ts', import.meta.url));

export function embedWidget(): AstroIntegration {
  return {
    name: 'embed-widget',
    hooks: {
      ...afterPagesHooks(
        buildWidget,
        (entry) =>
          `Booking widget: ${EMBED_WIDGET_DIR}${entry.fileName} (${(entry.code.length / 1024).toFixed(1)} KB) behind ${EMBED_LOADER_PATH}`,
      ),
      // `astro dev`: the loader names the widget's source, which Vite serves as a module as it changes.
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(EMBED_LOADER_PATH, (_req, res) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('cache-control', 'no-store');
          res.end(embedLoader(`/${path.relative(process.cwd(), WIDGET_SOURCE).split(path.sep).join('/')}`));
        });
      },
    },
  };
}

/** The widget's bundle in dist/embed and the loader naming it at /embed.js; the widget's chunk. */
async function buildWidget(dist: string): Promise<Rolldown.OutputChunk> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: path.join(dist, EMBED_WIDGET_DIR),
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: {
        input: WIDGET_SOURCE,
        // The widget imports values, never a module for its side effects: what it does not use of a
        // front door (the zod schemas beside a constant) stays out of the host page's download.
        treeshake: { moduleSideEffects: false },
        output: { format: 'es', entryFileNames: 'widget.[hash].js', codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const entry = outputs
    .flatMap((o) => o.output)
    .find((o): o is Rolldown.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!entry) throw new Error('The booking widget was not built');
  await writeFile(path.join(dist, EMBED_LOADER_PATH), embedLoader(`${EMBED_WIDGET_DIR}${entry.fileName}`));
  return entry;
}
