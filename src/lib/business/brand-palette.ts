/**
 * The site's brand palette (the `--color-brand-50 … 950` variables components use) from one colour,
 * the business's `brandColor` setting. The shades keep the shape of the SPEC's pink scale: each one
 * sits where the pink shade sits relative to pink-600, in lightness and colourfulness (OKLCH, so a
 * blue or a green scale looks as even as the pink one), with the brand colour as 600. The default
 * `#db2777` therefore gives back exactly the pink the site was designed with. The shades that carry
 * white text, or are text on white, stay readable (LEAST_CONTRAST): a light brand colour is darkened there.
 */

export const DEFAULT_BRAND_COLOR = '#db2777';

export const BRAND_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];
export type BrandPalette = Record<BrandShade, string>;

/** The SPEC's pink (Tailwind's pink scale): the shape every palette follows. */
export const PINK_PALETTE: BrandPalette = {
  50: '#fdf2f8',
  100: '#fce7f3',
  200: '#fbcfe8',
  300: '#f9a8d4',
  400: '#f472b6',
  500: '#ec4899',
  600: '#db2777',
  700: '#be185d',
  800: '#9d174d',
  900: '#831843',
  950: '#500724',
};

interface Oklch {
  l: number;
  c: number;
  h: number;
}

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const fromLinear = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

function hexToOklch(hex: string): Oklch {
  const [r, g, b] = [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

function oklabToRgb(L: number, A: number, B: number): [number, number, number] {
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: number[]) => rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);

/** Back to '#rrggbb'; a colour outside sRGB loses colourfulness (not lightness or hue) until it fits. */
function oklchToHex({ l, c, h }: Oklch): string {
  let chroma = c;
  let rgb = oklabToRgb(l, chroma * Math.cos(h), chroma * Math.sin(h));
  for (let i = 0; i < 30 && !inGamut(rgb); i++) {
    chroma *= 0.95;
    rgb = oklabToRgb(l, chroma * Math.cos(h), chroma * Math.sin(h));
  }
  return `#${rgb
    .map((v) => Math.round(Math.min(1, Math.max(0, fromLinear(Math.min(1, Math.max(0, v))))) * 255).toString(16).padStart(2, '0'))
    .join('')}`;
}

const PINK = Object.fromEntries(BRAND_SHADES.map((shade) => [shade, hexToOklch(PINK_PALETTE[shade])])) as Record<BrandShade, Oklch>;

/**
 * Palettes already worked out, by brand colour: every page's layout asks for the same one twice (its
 * CSS and the theme colour), 20,000 times in a build of 10,000 landing pages. Read-only for callers.
 */
const palettes = new Map<string, BrandPalette>();

/** Every shade from the brand colour ('#rrggbb', as the settings store it). */
export function brandPalette(brandColor: string): BrandPalette {
  let palette = palettes.get(brandColor);
  if (!palette) {
    palette = Object.freeze(shadesOf(brandColor));
    if (palettes.size > 16) palettes.clear(); // a few colours at most (a build, a preview of the settings)
    palettes.set(brandColor, palette);
  }
  return palette;
}

/**
 * The least contrast with white each shade that carries text keeps (WCAG's ratio): white text on the
 * call-to-action buttons (600, bold: 3:1) and on the buttons (700), the links and headings in 700 to 950
 * on white (4.5:1), each darker shade a little more so a hover still shows. The SPEC's pink has 4.6, 6.0,
 * 7.9, 9.7 and 15: a colour as dark as it is kept exactly; a light one (white, a yellow, a sky blue) is
 * darkened there, keeping its hue, instead of white text nobody can read.
 */
const LEAST_CONTRAST: Partial<Record<BrandShade, number>> = { 600: 3, 700: 4.5, 800: 6, 900: 7.5, 950: 10 };

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** The shade as it is when white text on it is readable enough, else the lightest shade of its hue that is. */
function readable(color: Oklch, hex: string, least: number | undefined): string {
  if (least === undefined || contrastWithWhite(hex) >= least) return hex;
  let [dark, light] = [0, color.l];
  for (let i = 0; i < 24; i++) {
    const l = (dark + light) / 2;
    if (contrastWithWhite(oklchToHex({ ...color, l })) >= least) dark = l;
    else light = l;
  }
  return oklchToHex({ ...color, l: dark });
}

function shadesOf(brandColor: string): BrandPalette {
  const color = brandColor.toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(color)) throw new Error(`Not a '#rrggbb' colour: ${brandColor}`);
  const brand = hexToOklch(color);
  const base = PINK[600];
  const palette = {} as BrandPalette;
  for (const shade of BRAND_SHADES) {
    const pink = PINK[shade];
    // Lighter shades spread between the brand's lightness and white, darker ones between black and it,
    // in the same proportions as the pink scale's.
    const l = pink.l >= base.l ? brand.l + ((pink.l - base.l) * (1 - brand.l)) / (1 - base.l) : (pink.l * brand.l) / base.l;
    const c = (pink.c * brand.c) / base.c;
    const h = brand.h + (pink.h - base.h);
    const shadeColor = shade === 600 ? brand : { l, c, h };
    palette[shade] = readable(shadeColor, shade === 600 ? color : oklchToHex(shadeColor), LEAST_CONTRAST[shade]);
  }
  return palette;
}

/** The `:root` rule the layouts write into every page, after the theme's stylesheet (unlayered, so it wins). */
export function brandPaletteCss(brandColor: string): string {
  const palette = brandPalette(brandColor);
  return `:root{${BRAND_SHADES.map((shade) => `--color-brand-${shade}:${palette[shade]}`).join(';')}}`;
}

/** The brand's 700 shade as 0–1 RGB, for text the PDFs print in the brand's colour (dark enough to read). */
export function brandInk(brandColor: string): { r: number; g: number; b: number } {
  const hex = brandPalette(brandColor)[700];
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return { r, g, b };
}

/** The browser's toolbar colour and the web app's theme colour: the brand's 500 shade, as before. */
export const themeColor = (brandColor: string): string => brandPalette(brandColor)[500];
