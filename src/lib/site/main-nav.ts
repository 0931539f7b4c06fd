/** The site header's main menu (components/site/SiteHeader.astro). */
export const MAIN_NAV = [
  { href: '/products', label: 'Rentals' },
  { href: '/categories', label: 'Categories' },
  { href: '/service-areas', label: 'Service Areas' },
  { href: '/faq', label: 'FAQ' },
  { href: '/contact', label: 'Contact' },
] as const;

/** The menu entry the page at `pathname` is under (marked aria-current), if any. */
export const currentNavHref = (pathname: string): string | null => MAIN_NAV.find((item) => pathname.startsWith(item.href))?.href ?? null;

/**
 * Where the header (rendered once per build, components/site/RenderedOnce.astro) holds the language
 * switch's link; each page fills in its own address in the other language.
 */
export const LANGUAGE_SWITCH_TOKEN = '/__language-switch__';

/** The menu entries' words, by address: the dictionaries' `header.nav` keys. */
export const MAIN_NAV_KEYS = { '/products': 'rentals', '/categories': 'categories', '/service-areas': 'serviceAreas', '/faq': 'faq', '/contact': 'contact' } as const;
