import { describe, expect, it } from 'vitest';
import { crewManifest, shortNameOf, webManifest } from './web-manifest';

describe('web manifest', () => {
  it('names the business and uses its tagline and brand colour', () => {
    const manifest = webManifest({ businessName: 'Buckeye Bounce Co.', tagline: 'Bounce houses for Columbus parties', brandColor: '#1d4ed8' });
    expect(manifest).toMatchObject({ name: 'Buckeye Bounce Co.', short_name: 'Buckeye Bounce', description: 'Bounce houses for Columbus parties', display: 'standalone', start_url: '/' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.theme_color).not.toBe('#ec4899');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('keeps the pink app for the default colour', () => {
    expect(webManifest({ businessName: 'Pink Flamingo Party Rentals', tagline: '', brandColor: '#db2777' })).toMatchObject({
      short_name: 'Pink Flamingo',
      theme_color: '#ec4899',
      description: 'Party rentals from Pink Flamingo Party Rentals, delivered and set up',
    });
  });

  it('shortens a name to whole words that fit a home screen', () => {
    expect(shortNameOf('Jump')).toBe('Jump');
    expect(shortNameOf('Supercalifragilistic Rentals')).toBe('Supercalifragil');
    expect(shortNameOf('  A  B C ')).toBe('A B C');
  });

  it('makes the crew app: the business’s name and colour, opening on the day screen within the admin', () => {
    const settings = { businessName: 'Buckeye Bounce Co.', tagline: '', brandColor: '#1d4ed8' };
    const crew = crewManifest(settings, { start: '/admin/day', scope: '/admin' });
    expect(crew).toMatchObject({ id: '/admin/day', name: 'Buckeye Bounce Co. crew', short_name: 'Buckeye crew', start_url: '/admin/day', scope: '/admin', display: 'standalone' });
    expect(crew.theme_color).toBe(webManifest(settings).theme_color);
    expect(crew.icons).toEqual(webManifest(settings).icons);
  });
});
