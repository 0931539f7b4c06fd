import type { Locale } from '../i18n';
import type { WaiverWords } from './waiver-render';
import { englishWaiverWords } from './waiver-text';
import { spanishWaiverWords } from './waiver-text-es';

/**
 * The current waiver in a language, for the server (which renders and hashes the text a signer was
 * shown) and the crew's phone (which offers both). A public page passes its one language's words to its
 * island, so an English page carries no Spanish waiver and the other way round.
 */
export function waiverWords(language: Locale, governingState: string): WaiverWords {
  return language === 'es' ? spanishWaiverWords(governingState) : englishWaiverWords(governingState);
}
