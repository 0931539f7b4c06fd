import type { BusinessSettings } from '../business';
import { brandPalette } from '../business';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap by an estimated character width: the image is drawn once per build, no text metrics. */
export function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`;
  return kept;
}

/**
 * The picture shared links show (1200 × 630, /icons/og-default.png) for pages without their own:
 * the business's name, tagline and town on its brand colours, balloons on the right. An SVG the
 * build turns into a PNG (social networks take no SVG).
 */
export function ogImageSvg(settings: Pick<BusinessSettings, 'businessName' | 'tagline' | 'addressCity' | 'addressState' | 'brandColor'>): string {
  const p = brandPalette(settings.brandColor);
  const name = wrapWords(settings.businessName, 17, 2);
  const tagline = wrapWords(settings.tagline, 44, 2);
  const nameTop = 260 - (name.length - 1) * 45;
  const nameLines = name.map((line, i) => `<tspan x="80" y="${nameTop + i * 92}">${escapeXml(line)}</tspan>`).join('');
  const ruleY = nameTop + (name.length - 1) * 92 + 50;
  const taglineLines = tagline.map((line, i) => `<tspan x="80" y="${ruleY + 70 + i * 50}">${escapeXml(line)}</tspan>`).join('');
  const placeY = ruleY + 70 + Math.max(tagline.length, 1) * 50 + 30;
  const font = `font-family="DejaVu Sans, Verdana, Arial, sans-serif"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[50]}"/><stop offset="1" stop-color="${p[100]}"/></linearGradient></defs>`,
    `<rect width="1200" height="630" fill="url(#bg)"/>`,
    `<circle cx="80" cy="40" r="140" fill="${p[100]}"/><circle cx="1120" cy="560" r="220" fill="${p[200]}" opacity="0.6"/>`,
    `<path d="M960 240 q-20 60 0 140" stroke="${p[600]}" stroke-width="3" fill="none"/><ellipse cx="960" cy="170" rx="60" ry="70" fill="${p[500]}"/><ellipse cx="942" cy="142" rx="12" ry="18" fill="${p[200]}"/>`,
    `<path d="M870 345 q-15 40 5 85" stroke="${p[600]}" stroke-width="3" fill="none"/><ellipse cx="870" cy="300" rx="38" ry="45" fill="${p[600]}"/><ellipse cx="858" cy="282" rx="8" ry="12" fill="${p[200]}"/>`,
    `<path d="M1080 300 q15 50 -5 100" stroke="${p[600]}" stroke-width="3" fill="none"/><ellipse cx="1080" cy="250" rx="45" ry="52" fill="${p[400]}"/><ellipse cx="1065" cy="230" rx="9" ry="14" fill="${p[100]}"/>`,
    `<text ${font} font-weight="700" font-size="76" fill="${p[900]}">${nameLines}</text>`,
    `<rect x="80" y="${ruleY}" width="160" height="10" rx="5" fill="${p[500]}"/>`,
    settings.tagline.trim() ? `<text ${font} font-size="32" fill="#334155">${taglineLines}</text>` : '',
    `<text ${font} font-weight="700" font-size="28" fill="${p[700]}" x="80" y="${placeY}">${escapeXml(`${settings.addressCity}, ${settings.addressState}`)}</text>`,
    `</svg>`,
  ].join('');
}
