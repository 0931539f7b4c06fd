import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { readJsonList } from './json-list';

/**
 * The loader of a JSON list collection (FAQ, reviews): Astro's `file()` with its silences turned into
 * errors (see json-list.ts). An unreadable file, an entry without an id and a repeated id stop the build
 * naming the file and the entry; each entry's fields are checked by the collection's schema as before.
 * The id names the entry and is not one of its fields, as the content editor's save check treats it.
 */
export function jsonListLoader(file: string): Loader & { file: string } {
  return {
    name: 'json-list-loader',
    /** The file it reads, relative to the project (the content editor's configuration names the same). */
    file,
    load: async (context: LoaderContext) => {
      const filePath = path.resolve(fileURLToPath(context.config.root), file);
      const shown = path.relative(process.cwd(), filePath) || filePath;
      const sync = async () => {
        const raw = await readFile(filePath, 'utf-8').catch((error: NodeJS.ErrnoException) => {
          throw new Error(`${shown} cannot be read (${error.code ?? error.message}): the ${context.collection} collection needs it.`);
        });
        const entries = readJsonList(shown, raw);
        const parsed = await Promise.all(entries.map(async ({ id, data }) => ({ id, data: await context.parseData({ id, data, filePath }) })));
        context.store.clear();
        for (const { id, data } of parsed) context.store.set({ id, data, filePath: path.relative(fileURLToPath(context.config.root), filePath) });
      };
      await sync();
      // The dev server reloads an edited list; a broken edit is reported there and the last good list kept.
      context.watcher?.add(filePath);
      context.watcher?.on('change', (changed) => {
        if (changed === filePath) sync().catch((error: Error) => context.logger.error(error.message));
      });
    },
  };
}
