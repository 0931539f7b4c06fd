import { describe, expect, it } from 'vitest';
import { ogImageSvg, wrapWords } from './og-image';

describe('default share image', () => {
  it('shows the business’s name, tagline and town in its colours, escaped', () => {
    const svg = ogImageSvg({ businessName: 'Buckeye Bounce & Slide', tagline: 'Bounce houses for Columbus parties', addressCity: 'Columbus', addressState: 'OH', brandColor: '#1d4ed8' });
    for (const shown of ['>Buckeye Bounce &amp;</tspan>', 'Bounce houses for Columbus parties', 'Columbus, OH', '#1d4ed8']) expect(svg).toContain(shown);
    expect(svg).not.toContain('#db2777');
  });

  it('wraps long text at word boundaries and cuts what does not fit', () => {
    expect(wrapWords('Bounce houses, water slides and party rentals delivered across the area', 44, 2)).toEqual([
      'Bounce houses, water slides and party',
      'rentals delivered across the area',
    ]);
    expect(wrapWords('one two three four five six', 8, 2)).toEqual(['one two', 'three…']);
  });
});
