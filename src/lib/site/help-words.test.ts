import { describe, expect, it } from 'vitest';
import { strings } from '../../../tests/support/strings';
import { placeholdersOf } from '../i18n';
import { helpWords } from './help-words';

describe('the words of /support, /waiver and /seo-pages', () => {
  const english = new Map(strings(helpWords('en')));
  const spanish = new Map(strings(helpWords('es')));

  it('have every English message in Spanish, with the same placeholders', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(placeholdersOf(spanish.get(key)!), key).toEqual(placeholdersOf(text));
  });

  it('leave no Spanish message in English, except the links’ addresses', () => {
    for (const [key, text] of spanish) {
      if (key.endsWith('.href')) expect(text, key).toBe(english.get(key));
      else expect(text, key).not.toBe(english.get(key));
    }
  });

  it('keep the English page’s words as they were (SPEC: English output unchanged)', () => {
    const w = helpWords('en');
    expect(w.waiver.heading).toBe('The safety waiver');
    expect(w.support.partyDay).toBe('On party day');
    expect(w.seoPages.cityPage).toBe('Party rentals in {city}, {state}');
  });
});
