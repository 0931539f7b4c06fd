import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parseFont } from './fontkit-for-pdf-lib';
import type { PdfFontFile, PdfFontFiles } from './unicode-text';

/**
 * The fonts every PDF the site makes (signed waivers, invoices) draws with, as npm package paths.
 * Noto Sans has Latin with every Vietnamese letter, Greek and Cyrillic; Noto Sans SC adds Chinese
 * (simplified and traditional characters) and Japanese kana. Both are TrueType outlines, subset
 * by fontkit (see fontkit-for-pdf-lib.ts). Noto Sans SC has no italic: italic Chinese is drawn upright.
 *
 * Netlify's bundler (esbuild) does not carry files read at run time: netlify.toml lists these under
 * `included_files` for every function that makes a PDF, and tests/integration/netlify-bundle.test.ts
 * fails when a bundle that can make one lacks them.
 */
export const PDF_FONT_FILES = {
  latinRegular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  latinItalic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  chineseRegular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  chineseBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

// Resolved from this module the way Node resolves a package: from the source in development and
// tests, and from the bundle's own folder on Netlify (where included_files puts node_modules/…).
// A path from process.cwd() would find the project's copy in a test and nothing on Netlify.
const requireFrom = createRequire(import.meta.url);

async function loadFontFile(packagePath: string): Promise<PdfFontFile> {
  let file: string;
  try {
    file = requireFrom.resolve(packagePath);
  } catch {
    throw new Error(
      `The PDF font ${packagePath} is missing: this function's bundle needs it under included_files in netlify.toml.`,
    );
  }
  const bytes = new Uint8Array(await readFile(file));
  return { name: packagePath, bytes, parsed: parseFont(bytes) };
}

async function loadPdfFontFiles(): Promise<PdfFontFiles> {
  const files = PDF_FONT_FILES;
  const [latinRegular, latinBold, latinItalic, chineseRegular, chineseBold] = await Promise.all([
    loadFontFile(files.latinRegular),
    loadFontFile(files.latinBold),
    loadFontFile(files.latinItalic),
    loadFontFile(files.chineseRegular),
    loadFontFile(files.chineseBold),
  ]);
  return {
    regular: [latinRegular, chineseRegular],
    bold: [latinBold, chineseBold],
    italic: [latinItalic, chineseRegular],
  };
}

let loading: Promise<PdfFontFiles> | undefined;

/** The font files, read once per process (about 23 MB, most of it the Chinese font) and kept. */
export function pdfFontFiles(): Promise<PdfFontFiles> {
  loading ??= loadPdfFontFiles().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
