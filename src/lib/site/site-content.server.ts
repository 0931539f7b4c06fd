import { getCollection, render, type CollectionEntry } from 'astro:content';
import { localizeEntries, orphanTranslations, type Localized } from '../content';
import type { TownNotesEs } from '../locations';
import { messagesFor, type Locale } from '../i18n';
import { fillData, fillPlaceholders, isOffered, placeholderTypos, placeholderValues, resolveDemoEntries, type PlaceholderValues } from './content-placeholders';
import { oncePerBuild, siteData } from './build-data.server';

/**
 * The content collections as pages show them: the demo's own entries only while the site is the demo,
 * and every placeholder ({business}, {city} …, see content-placeholders.ts) filled in from the settings.
 * Done here, when pages are built, not in a loader or Markdown plugin: Astro caches what those make
 * by the file's content, so a settings change alone would not reach the pages.
 */
type Filled = 'pages' | 'services' | 'faq' | 'reviews';

/** The placeholders' values in the language of an entry's words (an /es page's entry may still be English). */
async function values() {
  const { settings, isDemo } = await siteData();
  const [en, es] = await Promise.all([messagesFor('en'), messagesFor('es')]);
  const inLanguage: Record<Locale, PlaceholderValues> = {
    en: placeholderValues(settings, en.contentValues, 'en'),
    es: placeholderValues(settings, es.contentValues, 'es'),
  };
  return { values: inLanguage, isDemo, settings };
}

function fillEntry<E extends CollectionEntry<Filled>>(entry: E, v: PlaceholderValues): E {
  const filled = { ...entry, data: fillData(entry.data, v) } as E;
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

/** The Spanish entries of a collection (src/content/es): the words of the English entries with the same id. */
const SPANISH = { pages: 'pagesEs', services: 'servicesEs', faq: 'faqEs', reviews: 'reviewsEs', cities: 'citiesEs' } as const;

/**
 * A Spanish entry no English entry has the name of is never built (a mistyped file name or id in Git):
 * the build names it, with the English name it probably meant, rather than saying nothing.
 */
function warnOrphanTranslations(what: string, english: readonly { id: string }[], spanish: readonly { id: string }[]) {
  for (const { name, meant } of orphanTranslations(english.map((e) => e.id), spanish.map((e) => e.id))) {
    console.warn(`[content] The Spanish ${what} "${name}" translates no English entry, so it is not built${meant ? ` (did you mean "${meant}"?)` : ''}: rename it as its English entry, or remove it.`);
  }
}

/**
 * A collection's entries as built for this business (pass the result to `render` as usual), in the
 * page's language: in Spanish each entry has its Spanish words, or its English ones (`lang: 'en'`)
 * until it has a Spanish entry.
 */
export function siteCollection<C extends Filled>(collection: C, locale: Locale = 'en'): Promise<readonly Localized<CollectionEntry<C>>[]> {
  return oncePerBuild(`${collection}|${locale}`, async () => {
    const { values: v, isDemo, settings } = await values();
    const english = (await getCollection(collection)) as CollectionEntry<C>[];
    const spanish = locale === 'en' ? [] : await getCollection(SPANISH[collection]);
    const typos = [...english, ...spanish].map(placeholderTypos).filter((problem) => problem !== null);
    if (typos.length) throw new Error(`Content with a mistyped placeholder:\n${typos.join('\n')}`);
    warnOrphanTranslations(`${collection} entry`, english, spanish);
    const entries = localizeEntries(english, spanish, locale);
    return resolveDemoEntries(entries, isDemo)
      .filter((entry) => isOffered(entry.data, settings))
      .map((entry) => fillEntry(entry, v[entry.lang]));
  });
}

/** One information page (src/content/pages/{name}.md, or its demo version while the site is the demo). */
async function sitePage(name: string, locale: Locale) {
  return (await siteCollection('pages', locale)).find((entry) => entry.id === name);
}

/** An information page rendered for its route; a missing content file fails the build. */
export async function renderedSitePage(name: string, locale: Locale = 'en') {
  const page = await sitePage(name, locale);
  if (!page) throw new Error(`src/content/pages/${name}.md is missing`);
  const { Content, headings } = await render(page);
  return { page, Content, headings };
}

/**
 * A town's content file (src/content/cities/{id}.md, id the town's `contentId`: its slug, or an old one
 * for a renamed town) in the page's language: its Spanish words (terrain, summer note, story) from
 * src/content/es/cities, or the English ones until there are some.
 * A lookup by id: a scan of every city per page made the build quadratic in the number of cities.
 */
export async function siteCityEntry(id: string, locale: Locale): Promise<Localized<CollectionEntry<'cities'>> | undefined> {
  const english = (await cityFiles('cities')).get(id);
  if (!english) return undefined;
  const spanish = locale === 'en' ? undefined : (await cityFiles('citiesEs')).get(id);
  return localizeEntries([english], spanish ? [spanish] : [], locale)[0];
}

/**
 * The towns' files of one language by id, read once per build. Most towns have no Spanish file (a new
 * town starts in English), and `getEntry` logs a warning for each id it does not find: in a build of
 * 10,000 landing pages that was 15,000 lines of log, each sent from the page worker to the main thread.
 * And `getEntry` imports the collection's module again on every call, through every module hook of the
 * build's main thread: about 0.3 s of CPU across both threads for the English files of 21,000 pages.
 */
const cityFiles = <C extends 'cities' | 'citiesEs'>(collection: C) =>
  oncePerBuild(collection, async () => {
    const entries = await getCollection(collection);
    if (collection === 'citiesEs') warnOrphanTranslations('town file', await getCollection('cities'), entries);
    return new Map(entries.map((entry) => [entry.id, entry] as const));
  });

/**
 * A town's own notes (its ground, its summer) in Spanish, from its Spanish file alone: the joined entry
 * would hand back the English note where the Spanish file leaves one out. None until the file exists.
 */
export async function siteTownNotesEs(id: string): Promise<TownNotesEs | undefined> {
  const spanish = (await cityFiles('citiesEs')).get(id);
  return spanish && { terrain: spanish.data.terrain ?? null, summerNote: spanish.data.summerNote ?? null };
}
