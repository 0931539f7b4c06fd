import { interpolate } from './interpolate';
import type { Locale } from './locales';

/**
 * The server's messages (zod field messages, limits, the human check) in another language. The messages
 * stay written in English where they are made (schemas shared by browser and server, domain errors);
 * a catalog maps each English message to its translation, `{name}` standing for a part that varies
 * ('Choose a quantity from 1 to {n}'). A message the catalog does not know stays in English: better
 * than no message. English pages never translate, so their messages are unchanged byte for byte.
 */
export type ErrorCatalog = Readonly<Record<string, string>>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compiled = new WeakMap<ErrorCatalog, { exact: Map<string, string>; patterns: [RegExp, string[], string][] }>();

function compile(catalog: ErrorCatalog) {
  let found = compiled.get(catalog);
  if (!found) {
    const exact = new Map<string, string>();
    const patterns: [RegExp, string[], string][] = [];
    for (const [english, translated] of Object.entries(catalog)) {
      const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (names.length === 0) exact.set(english, translated);
      else patterns.push([new RegExp(`^${english.split(/\{\w+\}/).map(escape).join('(.+?)')}$`), names, translated]);
    }
    found = { exact, patterns };
    compiled.set(catalog, found);
  }
  return found;
}

/** One message in the catalog's language, or as it was when the catalog does not have it. */
export function translateError(message: string, catalog: ErrorCatalog | null | undefined): string {
  if (!catalog) return message;
  const { exact, patterns } = compile(catalog);
  const direct = exact.get(message);
  if (direct !== undefined) return direct;
  for (const [pattern, names, translated] of patterns) {
    const match = pattern.exec(message);
    if (match) return interpolate(translated, Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])));
  }
  return message;
}

/**
 * As translateError, with a part that varies given in the catalog's language where it has its own (a
 * product's Spanish name for `{name}`). Apart from translateError, which stays as small as the checkout's
 * script needs it: only the server's price words use this.
 */
export function translateErrorNaming(message: string, catalog: ErrorCatalog, valueIn: (placeholder: string, value: string) => string): string {
  const { exact, patterns } = compile(catalog);
  const direct = exact.get(message);
  if (direct !== undefined) return direct;
  for (const [pattern, names, translated] of patterns) {
    const match = pattern.exec(message);
    if (match) return interpolate(translated, Object.fromEntries(names.map((name, i) => [name, valueIn(name, match[i + 1]!)])));
  }
  return message;
}

/** Every field's message translated (`{ "customer.email": "…" }`). */
export function translateFields(fields: Readonly<Record<string, string>>, catalog: ErrorCatalog | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translateError(message, catalog)]));
}

/**
 * The catalog that turns the server's English messages into the locale's; null for English (nothing to
 * translate). Loaded on its own: the functions read it, and no page's script carries it unless asked.
 */
export function serverErrorCatalog(locale: Locale): Promise<ErrorCatalog | null> {
  if (locale !== 'es') return Promise.resolve(null);
  // Once per process, as the dictionaries (messagesFor): every Spanish page of the build asks for it.
  return (spanishCatalog ??= import('./server-errors/es.json').then((m) => m.default));
}
let spanishCatalog: Promise<ErrorCatalog> | undefined;
