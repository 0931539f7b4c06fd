import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatsFor, islandWords, type Locale } from '../../lib/i18n';
import { WordsProvider } from './island-words';
import { WindowSelects } from './TimeSelect';

/** The start and end pickers as a page in this language renders them (the island's words, as the page hands them over). */
async function pickers(locale: Locale | null): Promise<string> {
  const times = { start: '14:00', end: '18:00', startOptions: ['09:30', '14:00'], endOptions: ['18:00'], changeStart: () => {}, setEnd: () => {} };
  const selects = createElement(WindowSelects, { id: 'party', times, labelClassName: '', selectClassName: '' });
  return renderToStaticMarkup(locale ? createElement(WordsProvider, { words: await islandWords(locale), children: selects }) : selects);
}
const options = (html: string) => [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
const labels = (html: string) => [...html.matchAll(/<label[^>]*>([^<]*)<\/label>/g)].map((m) => m[1]);

describe('the time pickers of the public forms (issue #40)', () => {
  it('write the times and the labels in the page’s language on a Spanish page', async () => {
    const f = formatsFor('es');
    const html = await pickers('es');
    expect(options(html)).toEqual([f.clock('09:30'), f.clock('14:00'), f.clock('18:00')]);
    expect(options(html).join(' ')).not.toMatch(/AM|PM/);
    expect(labels(html)).toEqual(['Empieza', 'Termina']);
  });

  it('stay exactly as they were in English, inside an island or not', async () => {
    for (const html of [await pickers('en'), await pickers(null)]) {
      expect(options(html)).toEqual(['9:30 AM', '2:00 PM', '6:00 PM']);
      expect(labels(html)).toEqual(['Starts', 'Ends']);
    }
  });
});
