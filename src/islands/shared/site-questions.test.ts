import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandWords } from '../../lib/i18n';
import { WordsProvider } from './island-words';
import SiteQuestions, { type SiteQuestionsProps } from './SiteQuestions';

const castle = { slug: 'rainbow-castle', name: 'Brincolín Arcoíris' };
const tent = { slug: 'tent-10x10', name: 'Carpa de 10x10' };
const popcorn = { slug: 'popcorn-machine', name: 'Máquina de Palomitas' };

/** The questions as a Spanish checkout renders them, for refusals at the given fields (each with what would work instead). */
async function questions(
  refusals: { field: string; product: string; alternatives: { slug: string; name: string }[] }[],
): Promise<string> {
  const site: SiteQuestionsProps['site'] = {
    questions: ['surface', 'outlet', 'access', 'stairs'],
    surfaces: ['grass', 'concrete'],
    unanswered: [],
    outletRunFt: 50,
    circuitAmps: null,
    help: {},
    refusals: refusals.map((r) => ({ ...r, message: `${r.product} no cabe.` })),
  };
  const form = createElement(SiteQuestions, { formId: 'checkout', site, answers: {}, errors: {}, onAnswer: () => {} });
  return renderToStaticMarkup(createElement(WordsProvider, { words: await islandWords('es'), children: form }));
}
/** Each "these work for your spot" box's products, in order. */
const boxes = (html: string) =>
  html
    .split('data-testid="site-alternatives"')
    .slice(1)
    .map((box) => [...box.split('</ul>')[0]!.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]));

describe('what would work instead, at the question that refuses (issue #38)', () => {
  it('names a product once when two refused rentals suggest it at the same question', async () => {
    const html = await questions([
      { field: 'site.accessInches', product: 'pink-castle', alternatives: [tent, popcorn] },
      { field: 'site.accessInches', product: 'water-slide', alternatives: [tent, popcorn, castle] },
    ]);
    expect(boxes(html)).toEqual([[tent.name, popcorn.name, castle.name]]);
  });

  it('shows them under the stairs too, where the stairs refuse a rental', async () => {
    const html = await questions([{ field: 'site.stairFlights', product: 'water-slide', alternatives: [castle] }]);
    expect(boxes(html)).toEqual([[castle.name]]);
  });
});
