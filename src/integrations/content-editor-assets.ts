import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DECAP_ASSET_PATH, isDecapAsset } from '../lib/content';

/** node_modules/decap-cms/dist: Decap CMS's ready-made bundle (React included) and its chunks. */
function decapDist(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')), 'dist');
}

/**
 * Serves the content editor's code from this site: the build copies Decap's bundle from npm into
 * dist/admin/decap-cms/{version}/ (no CDN; only /admin/content loads it), and `astro dev` serves the
 * same files from node_modules.
 */
export function contentEditorAssets(): AstroIntegration {
  return {
    name: 'content-editor-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const source = decapDist();
        const target = path.join(fileURLToPath(dir), DECAP_ASSET_PATH);
        await mkdir(target, { recursive: true });
        const files = (await readdir(source)).filter(isDecapAsset);
        await Promise.all(files.map((name) => copyFile(path.join(source, name), path.join(target, name))));
        logger.info(`Content editor: ${files.length} Decap CMS files in ${DECAP_ASSET_PATH}`);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(DECAP_ASSET_PATH, (req, res, next) => {
          const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
          if (!isDecapAsset(name)) return next();
          readFile(path.join(decapDist(), name)).then(
            (body) => {
              res.setHeader('content-type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8');
              res.end(body);
            },
            () => next(),
          );
        });
      },
    },
  };
}
