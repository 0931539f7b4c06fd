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
 * language never carries the other's words.
 */
export async function messagesFor(locale: Locale): Promise<Messages> {
  if (locale === 'es') {
    const es: Messages = (await import('./messages/es.json')).default;
    return es;
  }
  const english: Messages = (await import('./messages/en.json')).default;
  return english;
}
