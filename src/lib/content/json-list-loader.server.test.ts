import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { faqSchema } from './collections';
import { jsonListLoader } from './json-list-loader.server';

/** What a build hands the loader, kept to what it uses: the project root, the schema check and the store. */
function buildContext(root: string) {
  const stored = new Map<string, unknown>();
  const context = {
    collection: 'faq',
    config: { root: pathToFileURL(`${root}/`) },
    parseData: async ({ data }: { data: unknown }) => faqSchema.parse(data),
    store: { clear: () => stored.clear(), set: ({ id, data }: { id: string; data: unknown }) => stored.set(id, data) },
    logger: { error: () => {} },
  } as unknown as LoaderContext;
  return { context, stored };
}

describe('the FAQ and reviews loader', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'content-'));
  const write = (text: string) => writeFileSync(path.join(root, 'faq.json'), text);
  const question = { id: 'how-far-ahead', topic: 'booking', order: 1, question: 'How far ahead?', answer: 'A year.' };

  it('stores each entry under its id', async () => {
    write(JSON.stringify([question]));
    const { context, stored } = buildContext(root);
    await jsonListLoader('faq.json').load(context);
    expect(stored.get('how-far-ahead')).toMatchObject({ question: 'How far ahead?', topic: 'booking' });
  });

  it('stops the build on a broken file, naming it, where Astro’s file() built an empty FAQ', async () => {
    write(`${JSON.stringify([question]).slice(0, -1)},]`);
    const { context, stored } = buildContext(root);
    await expect(jsonListLoader('faq.json').load(context)).rejects.toThrow(/faq\.json is not valid JSON/);
    expect(stored.size).toBe(0);
  });

  it('stops the build on an entry the schema refuses', async () => {
    write(JSON.stringify([{ ...question, topic: 'parking' }]));
    await expect(jsonListLoader('faq.json').load(buildContext(root).context)).rejects.toThrow();
  });
});
