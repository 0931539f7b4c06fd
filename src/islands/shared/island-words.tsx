import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { PriceWords } from '../../lib/pricing';
import { formatsFor, localizedPath, translateError, type ErrorCatalog, type Formats, type Locale, type Messages } from '../../lib/i18n';

/**
 * The words an island of the booking path shows, in its page's language. The Astro page picks them from
 * its own dictionary and hands them over as a prop (src/lib/i18n/island-words.ts), so an island's script
 * carries no words of either language: an English page never downloads the Spanish ones, nor the reverse.
 */
export interface IslandWords {
  locale: Locale;
  /** The booking box, the cart and the price breakdown (checkout shows that too). */
  cart: Messages['cart'];
  /** Checkout and the page after it; null on pages that have neither. */
  checkout: Messages['checkout'] | null;
  /** A Spanish page's catalog of the server's messages (the same schemas check the form in the browser); null in English. */
  errors: ErrorCatalog | null;
  /** How a starting price is written ("from $150 for up to 4 hours"). */
  price: PriceWords;
}

export interface Words extends IslandWords {
  f: Formats;
  /** A message of a shared schema or of the server in the page's language. */
  err: (message: string) => string;
  /** A page of the site in this language (the Spanish one where there is one). */
  link: (path: string) => string;
}

const WordsContext = createContext<Words | null>(null);

/** Around an island's content: what useWords gives every part inside it. */
export function WordsProvider({ words, children }: { words: IslandWords; children: ReactNode }) {
  const value = useMemo<Words>(
    () => ({
      ...words,
      f: formatsFor(words.locale),
      err: (message: string) => translateError(message, words.errors),
      link: (path: string) => localizedPath(path, words.locale),
    }),
    [words],
  );
  return <WordsContext.Provider value={value}>{children}</WordsContext.Provider>;
}

export function useWords(): Words {
  const words = useContext(WordsContext);
  if (!words) throw new Error('useWords outside a WordsProvider: the island takes its page’s words as a prop');
  return words;
}

/** Checkout's words (and the cart's): only inside an island that was given them. */
export function useCheckoutWords(): Words & { checkout: Messages['checkout'] } {
  const words = useWords();
  if (!words.checkout) throw new Error('This island was given no checkout words');
  return words as Words & { checkout: Messages['checkout'] };
}
