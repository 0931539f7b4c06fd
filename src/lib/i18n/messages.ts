import type { Locale } from './locales';
import type en from './messages/en.json';

/*
 * The words of the public pages built in both languages, one JSON catalog per language (messages/en.json,
 * messages/es.json: data that translators and their tools read). The Spanish is natural US Spanish, as
 * families across the southern states say it ("brincolín", "inflable", "renta").
 * - `{name}` placeholders are filled by `interpolate`; both languages must use the same ones (messages.test.ts).
 * - layout.switchLabel / switchTitle link to the same page in the other language, in that language's own
 *   words (it is read by someone who reads that one).
 * - catalog.categoryNames: category names as this language says them, by category slug; a category not named
 *   there shows its stored name.
 */

type English = typeof en;

/**
 * Every page's words in one language: the shape of the English catalog, with any words. The Spanish one is
 * checked against it where it is loaded, so a key missing in es.json fails `tsc`.
 */
export type Messages = Omit<English, 'catalog'> & {
  catalog: Omit<English['catalog'], 'categoryNames'> & { categoryNames: Record<string, string> };
};

/**
 * A locale's dictionary, loaded on its own (one module per language): a page or an island in one
 * language never carries the other's words. Loaded once per process: in the build every page asks for
 * it, and each `import()` goes through the module loader's resolve hooks (Vite registers them), which
 * cost more than the page's own use of the words.
 */
export function messagesFor(locale: Locale): Promise<Messages> {
  let loaded = dictionaries.get(locale);
  if (!loaded) {
    loaded = locale === 'es' ? import('./messages/es.json').then((m): Messages => m.default) : import('./messages/en.json').then((m): Messages => m.default);
    dictionaries.set(locale, loaded);
  }
  return loaded;
}
const dictionaries = new Map<Locale, Promise<Messages>>();
