import type { Locale } from './locales';
import type { Messages } from './messages/en';

/**
 * A locale's dictionary, loaded on its own (one module per language): a page or an island in one
 * language never carries the other's words.
 */
export async function messagesFor(locale: Locale): Promise<Messages> {
  return locale === 'es' ? (await import('./messages/es')).es : (await import('./messages/en')).en;
}
export type { Messages };
