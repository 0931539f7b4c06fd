import { describe, expect, it } from 'vitest';
import { bundlerConfigFromNetlifyToml } from '../deploy/netlify-bundler.server';
import { PDF_FONT_FILES, pdfFontFiles } from './pdf-fonts.server';

describe('the PDF fonts', () => {
  it('are found from the source, Latin first and Chinese as the fallback of every style', async () => {
    const files = await pdfFontFiles();
    expect(files.regular.map((f) => f.name)).toEqual([PDF_FONT_FILES.latinRegular, PDF_FONT_FILES.chineseRegular]);
    expect(files.bold.map((f) => f.name)).toEqual([PDF_FONT_FILES.latinBold, PDF_FONT_FILES.chineseBold]);
    expect(files.italic.map((f) => f.name)).toEqual([PDF_FONT_FILES.latinItalic, PDF_FONT_FILES.chineseRegular]);
    expect(await pdfFontFiles()).toBe(files);
    const [latin, chinese] = files.regular;
    for (const ch of 'Nguyễn Thị Minh Khai José Peña Núñez ĐđƠơƯư')
      expect(latin!.parsed.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of '王小明陳大文すずき')
      expect(chinese!.parsed.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
  });

  it('are what netlify.toml has the PDF-making functions carry (Netlify bundles no file read at run time)', async () => {
    const config = await bundlerConfigFromNetlifyToml(process.cwd());
    const carrying = Object.entries(config).filter(([, settings]) =>
      settings?.includedFiles?.some((file) => file.endsWith('.ttf')),
    );
    expect(carrying.map(([functions]) => functions)).toEqual(['{waivers,waiver-pdf,admin-waivers,admin-day,housekeeping,booking-invoice,admin-invoices}']);
    expect(carrying[0]![1]!.includedFiles!.toSorted()).toEqual(
      Object.values(PDF_FONT_FILES)
        .map((file) => `node_modules/${file}`)
        .toSorted(),
    );
  });
});
