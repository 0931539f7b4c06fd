import type { Product } from '../catalog';
import type { ServiceArea } from '../locations';
import { type BusinessSettings, weekdayNames, weekdays } from '../business';
import { absoluteUrl, productPath } from '../paths';
import { centsToDecimal } from '../money';

/** schema.org JSON-LD builders. Pure: pages pass in what they already loaded. */


export function localBusiness(settings: BusinessSettings, areas: ServiceArea[], siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${siteUrl}/#business`,
    name: settings.businessName,
    description: settings.tagline,
    url: siteUrl,
    telephone: settings.phone,
    email: settings.email,
    image: `${siteUrl}/icons/icon-512.png`,
    priceRange: '$$',
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.addressLine1,
      addressLocality: settings.addressCity,
      addressRegion: settings.addressState,
      postalCode: settings.addressZip,
      addressCountry: 'US',
    },
    areaServed: areas.map((a) => ({ '@type': 'City', name: `${a.city}, ${a.state}` })),
    openingHoursSpecification: weekdays
      .filter((d) => settings.officeHours[d])
      .map((d) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: weekdayNames[d],
        opens: settings.officeHours[d]!.open,
        closes: settings.officeHours[d]!.close,
      })),
  };
}

export function productLd(product: Product, settings: BusinessSettings, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.shortDescription,
    image: product.photos.map((p) => new URL(p.url, siteUrl).href),
    sku: product.slug,
    category: product.categoryName,
    brand: { '@type': 'Brand', name: settings.businessName },
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(siteUrl, productPath(product)),
      priceCurrency: settings.currency.toUpperCase(),
      price: centsToDecimal(product.basePriceCents),
      availability: product.unitCount > 0 || !product.tracksInventory ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@id': `${siteUrl}/#business` },
    },
  };
}

export function faqPage(entries: { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}

export function breadcrumbs(trail: { name: string; path: string }[], siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, siteUrl).href,
    })),
  };
}
