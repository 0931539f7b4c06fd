import { describe, expect, it } from 'vitest';
import { offeredCategories, offeredPhrase, offeredPhraseCapitalized } from './catalog-words';

const category = (name: string, productCount: number) => ({ name, productCount });

describe('what we rent, named from the categories', () => {
  it('names only categories that have something to rent', () => {
    const categories = [category('Bounce Houses', 1), category('Obstacle Courses', 0), category('Water Slides', 2)];
    expect(offeredCategories(categories).map((c) => c.name)).toEqual(['Bounce Houses', 'Water Slides']);
    expect(offeredPhrase(categories)).toBe('bounce houses and water slides');
  });

  it('reads right for none, one, two and many', () => {
    expect(offeredPhrase([])).toBe('party rentals');
    expect(offeredPhrase([category('Obstacle Courses', 0)])).toBe('party rentals');
    expect(offeredPhrase([category('Bounce houses', 30)])).toBe('bounce houses');
    expect(offeredPhrase([category('Bounce Houses', 3), category('Cakes', 1)])).toBe('bounce houses and cakes');
    expect(offeredPhrase([category('A', 1), category('B', 1), category('C', 1)])).toBe('a, b and more');
    expect(offeredPhrase([category('A', 1), category('B', 1), category('C', 1)], 4)).toBe('a, b and c');
    expect(offeredPhraseCapitalized([category('Bounce houses', 30)])).toBe('Bounce houses');
  });
});
