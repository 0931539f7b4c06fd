import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import type { PriceWords } from '../../lib/pricing';
import { formatsFor, type ErrorCatalog, type Formats, type Locale, type Messages } from '../../lib/i18n';

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
  /**
   * The pages the islands link to that have a version in this language other than English ('/cart'; a
   * trailing slash stands for every page under it, '/products/'): empty in English. Worked out by the page
   * (src/lib/i18n's localizedPath), so the islands' script carries no table of pages.
   */
  localPaths: string[];
  /** How a starting price is written ("from $150 for up to 4 hours"). */
  price: PriceWords;
  /** Checkout's questions about the setup spot; absent or null where the page gave none (SiteQuestions then speaks English). */
  siteQuestions?: Messages['siteQuestions'] | null;
  /** The pay-later booking's "confirm within the hour" notice, on the page after checkout. */
  payLaterNotice?: Messages['payLaterNotice'] | null;
  /** The way back to the owner's other website after a booking from the widget (the pages after checkout and payment). */
  hostSite?: Messages['hostSite'] | null;
  /** The guests' QR code for the waiver, on the page after checkout. */
  waiverQr?: Messages['waiverQr'] | null;
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
      // The browser's own check gives the shared schema's fixed messages: a plain look-up is enough here
      // (the server translates the ones with a varying part, src/lib/i18n/translate-error.ts), and
      // checkout's script stays as small as it was.
      err: (message: string) => words.errors?.[message] ?? message,
      link: (path: string) => {
        const bare = path.replace(/[?#].*$/, '');
        return words.localPaths.some((p) => (p.endsWith('/') ? bare.startsWith(p) : bare === p)) ? `/${words.locale}${path}` : path;
      },
    }),
    [words],
  );
  return <WordsContext.Provider value={value}>{children}</WordsContext.Provider>;
}

/**
 * An island's default export: its content inside the WordsProvider of the words its page handed over
 * (`words`, src/lib/i18n/island-words.ts), so the content reads them with useWords.
 */
export function withWords<P extends object>(Content: ComponentType<P>) {
  return function IslandWithWords({ words, ...props }: P & { words: IslandWords }) {
    return (
      <WordsProvider words={words}>
        <Content {...(props as P)} />
      </WordsProvider>
    );
  };
}

/** The words of the island around, or null outside any WordsProvider (a staff screen sharing a part of checkout). */
export const useWordsIfAny = (): Words | null => useContext(WordsContext);

/** Inside an island's WordsProvider (every booking-path island puts one around its content). */
export const useWords = (): Words => useContext(WordsContext)!;

/** Checkout's words (and the cart's): in the islands whose page gave them (`islandWords(locale, { checkout: true })`). */
export const useCheckoutWords = () => useWords() as Words & { checkout: Messages['checkout'] };
