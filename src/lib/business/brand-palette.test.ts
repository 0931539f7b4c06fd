import { describe, expect, it } from 'vitest';
import { BRAND_SHADES, brandPalette, brandPaletteCss, PINK_PALETTE, themeColor } from './brand-palette';

/** Relative luminance, for "lighter/darker" checks a person would see. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('brand palette', () => {
  it('gives back the pink the site was designed with for the default colour', () => {
    expect(brandPalette('#db2777')).toEqual(PINK_PALETTE);
    expect(themeColor('#db2777')).toBe('#ec4899');
  });

  it('makes the brand colour the 600 shade, with shades getting darker from 50 to 950', () => {
    for (const color of ['#1d4ed8', '#15803d', '#334155', '#000000']) expect(brandPalette(color)[600]).toBe(color);
    for (const color of ['#1d4ed8', '#15803d', '#f59e0b', '#334155', '#000000', '#ffffff', '#fde047']) {
      const palette = brandPalette(color);
      const l = BRAND_SHADES.map((shade) => luminance(palette[shade]));
      for (let i = 1; i < l.length; i++) expect(l[i]!).toBeLessThanOrEqual(l[i - 1]! + 1e-9);
      for (const shade of BRAND_SHADES) expect(palette[shade]).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('keeps white text readable on the buttons and links whatever the colour: a light brand is darkened where text sits on it', () => {
    const contrast = (hex: string) => 1.05 / (luminance(hex) + 0.05);
    for (const color of ['#ffffff', '#fde047', '#ffff00', '#f59e0b', '#22c55e', '#06b6d4', '#f9a8d4', '#db2777', '#1d4ed8']) {
      const palette = brandPalette(color);
      // The call-to-action buttons (bold, white on 600), the buttons and links (white on 700, 700 and 800 on white).
      expect(contrast(palette[600]), `${color} 600`).toBeGreaterThanOrEqual(3);
      for (const shade of [700, 800, 900, 950] as const) expect(contrast(palette[shade]), `${color} ${shade}`).toBeGreaterThanOrEqual(4.5);
    }
    // A yellow stays a yellow where it is a tint (the page's backgrounds), and dark enough where text is on it.
    const yellow = brandPalette('#fde047');
    expect(yellow[100]).toBe(brandPalette('#fde047')[100]);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(yellow[700].slice(i, i + 2), 16)) as [number, number, number];
    expect(Math.min(r, g)).toBeGreaterThan(b);
  });

  it('keeps the hue: a blue brand gives a blue scale', () => {
    const palette = brandPalette('#1d4ed8');
    for (const shade of [100, 300, 800] as const) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(palette[shade].slice(i, i + 2), 16)) as [number, number, number];
      expect(b).toBeGreaterThan(r);
      expect(b).toBeGreaterThan(g);
    }
  });

  it('writes every shade as a CSS variable', () => {
    const css = brandPaletteCss('#1d4ed8');
    expect(css.startsWith(':root{')).toBe(true);
    for (const shade of BRAND_SHADES) expect(css).toContain(`--color-brand-${shade}:#`);
    expect(css).toContain('--color-brand-600:#1d4ed8');
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => brandPalette('red')).toThrow();
  });
});
