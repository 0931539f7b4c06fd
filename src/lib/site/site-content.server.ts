import { getCollection, render, type CollectionEntry } from 'astro:content';
import { fillData, fillPlaceholders, isOffered, placeholderValues, resolveDemoEntries, type PlaceholderValues } from './content-placeholders';
import { siteData } from './build-data.server';

/**
 * The content collections as pages show them: the demo's own entries only while the site is the demo,
 * and every placeholder ({business}, {city} …, see content-placeholders.ts) filled in from the settings.
 * Done here, when pages are built, not in a loader or Markdown plugin: Astro caches what those make
 * by the file's content, so a settings change alone would not reach the pages.
 */
type Filled = 'pages' | 'services' | 'faq' | 'reviews';

async function values() {
  const { settings, isDemo } = await siteData();
  return { values: placeholderValues(settings), isDemo, settings };
}

function fillEntry<C extends Filled>(entry: CollectionEntry<C>, v: PlaceholderValues): CollectionEntry<C> {
  const filled = { ...entry, data: fillData(entry.data, v) } as CollectionEntry<C>;
  const rendered = 'rendered' in entry ? entry.rendered : undefined;
  if (rendered) {
    Object.assign(filled, {
      rendered: {
        ...rendered,
        html: fillPlaceholders(rendered.html, v, { html: true }),
        metadata: rendered.metadata && {
          ...rendered.metadata,
          headings: ((rendered.metadata.headings ?? []) as { depth: number; slug: string; text: string }[]).map((h) => ({ ...h, text: fillPlaceholders(h.text, v) })),
        },
      },
    });
  }
  return filled;
}

/** A collection's entries as built for this business (pass the result to `render` as usual). */
export async function siteCollection<C extends Filled>(collection: C): Promise<CollectionEntry<C>[]> {
  const { values: v, isDemo, settings } = await values();
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return resolveDemoEntries(entries, isDemo)
    .filter((entry) => isOffered(entry.data, settings))
    .map((entry) => fillEntry(entry, v));
}

/** One information page (src/content/pages/{name}.md, or its demo version while the site is the demo). */
async function sitePage(name: string): Promise<CollectionEntry<'pages'> | undefined> {
  return (await siteCollection('pages')).find((entry) => entry.id === name);
}

/** An information page rendered for its route; a missing content file fails the build. */
export async function renderedSitePage(name: string) {
  const page = await sitePage(name);
  if (!page) throw new Error(`src/content/pages/${name}.md is missing`);
  const { Content, headings } = await render(page);
  return { page, Content, headings };
}
