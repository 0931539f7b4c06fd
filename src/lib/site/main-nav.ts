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
