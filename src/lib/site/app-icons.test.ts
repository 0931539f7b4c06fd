import { describe, expect, it } from 'vitest';
import { APP_ICONS, appIconSvg, faviconSvg } from './app-icons';

describe('app icons', () => {
  it('draw the mark in the brand’s colours', () => {
    expect(faviconSvg('#db2777')).toContain('fill="#ec4899"');
    const blue = faviconSvg('#1d4ed8');
    expect(blue).toContain('stroke="#1d4ed8"');
    expect(blue).not.toContain('#ec4899');
  });

  it('come in the sizes the manifest names, the maskable one on the brand’s lightest shade', () => {
    expect(Object.values(APP_ICONS).map((i) => i.size)).toEqual([192, 512, 512, 180]);
    expect(appIconSvg('#db2777', 'icon-192')).toContain('width="192"');
    expect(appIconSvg('#db2777', 'maskable-512')).toContain('fill="#fdf2f8"');
    expect(appIconSvg('#db2777', 'maskable-512')).toContain('scale(0.6)');
  });
});
