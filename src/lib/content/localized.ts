import { hasSpanishPage, localizedPath, type Locale } from '../i18n';
import { closestField } from './collections';

/**
 * An English entry joined with its Spanish one (issue #40): the Spanish entry (src/content/es, same file
 * name or list id) gives the words, the English entry keeps the facts. `lang` is the language the
 * entry's words are in: an /es page whose entry is still English shows it marked `lang="en"` and
 * `data-content-fallback` (see ContentFallback.astro), and the content editor lists it as missing.
 */
export type Localized<E> = E & { lang: Locale };

type Entry = { id: string; data: object; rendered?: unknown; body?: string | undefined };

export function localizeEntries<E extends Entry>(english: readonly E[], spanish: readonly Entry[], locale: Locale): Localized<E>[] {
  if (locale === 'en') return english.map((entry) => ({ ...entry, lang: 'en' as const }));
  const byId = new Map(spanish.map((entry) => [entry.id, entry]));
  return english.map((entry) => {
    const words = byId.get(entry.id);
    if (!words) return { ...entry, lang: 'en' as const };
    const joined = { ...entry, data: { ...entry.data, ...words.data }, lang: locale };
    // A Markdown entry's body is words too: the Spanish file's, even when it is empty.
    return 'rendered' in entry || 'rendered' in words ? { ...joined, rendered: words.rendered, body: words.body } : joined;
  });
}

/** The English entries (names or ids) that have no Spanish entry yet. */
export function missingTranslations(english: readonly string[], spanish: readonly string[]): string[] {
  const have = new Set(spanish);
  return english.filter((name) => !have.has(name));
}

/**
 * The Spanish entries no English entry has the name of, each with the English name it probably meant:
 * such an entry is never built (a mistyped file name or id in Git), and its page shows the English
 * words, so the build names them rather than saying nothing.
 */
export function orphanTranslations(english: readonly string[], spanish: readonly string[]): { name: string; meant: string | undefined }[] {
  const have = new Set(english);
  return spanish.filter((name) => !have.has(name)).map((name) => ({ name, meant: closestField(name, english) }));
}

/**
 * The links of a Spanish entry's Markdown that lead to an English page with a Spanish version
 * (`[exención](/waiver)` where /es/waiver exists): the text is written by hand, so nothing localizes
 * its links, and such a link drops a Spanish reader onto the English site.
 */
export function linksToEnglishTwins(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\((\/[^)\s]*)\)|href="(\/[^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
  return targets.filter((target) => hasSpanishPage(target) && localizedPath(target, 'es') !== target);
}
