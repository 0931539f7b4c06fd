import type { BusinessSettings } from '../business';
import { themeColor } from '../business';

/** A home-screen label fits about 12–15 characters before the phone cuts it. */
const SHORT_NAME_MAX = 15;

/** 'Sunny Day Party Rentals' → 'Sunny Day Party': whole words from the start, as many as fit. */
export function shortNameOf(businessName: string): string {
  const words = businessName.trim().split(/\s+/);
  let short = words[0]!.slice(0, SHORT_NAME_MAX);
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > SHORT_NAME_MAX) break;
    short = `${short} ${word}`;
  }
  return short;
}

/**
 * The installable app's web manifest (/manifest.webmanifest, SPEC section 1), from the business's
 * settings at build: its name, tagline and brand colour. The icons are the shipped ones.
 */
export function webManifest(settings: Pick<BusinessSettings, 'businessName' | 'tagline' | 'brandColor'>) {
  return {
    id: '/',
    name: settings.businessName,
    short_name: shortNameOf(settings.businessName),
    description: settings.tagline.trim() || `Party rentals from ${settings.businessName}, delivered and set up`,
    lang: 'en-US',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor(settings.brandColor),
    background_color: '#ffffff',
    categories: ['shopping', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The crew app's web manifest (/admin/manifest.webmanifest, issue #26): the admin installed on a phone,
 * opening on the day screen, in the business's name and colour from its settings. The service worker
 * keeps the day screen for use without signal (astro.config.mjs).
 */
export function crewManifest(settings: Pick<BusinessSettings, 'businessName' | 'tagline' | 'brandColor'>, paths: { start: string; scope: string }) {
  const site = webManifest(settings);
  return {
    ...site,
    id: paths.start,
    name: `${settings.businessName} crew`,
    // 'Buckeye Bounce Co.' → 'Buckeye crew': beside the site's own icon, the home screen tells them apart.
    short_name: shortNameOf(`${settings.businessName.trim().split(/\s+/)[0]} crew`),
    description: `The day's drop-offs and pickups for the ${settings.businessName} crew, also without signal`,
    start_url: paths.start,
    scope: paths.scope,
    categories: ['business', 'productivity'],
  };
}
