import type { ServiceArea } from './types';

/** The ZIP lookup: every served ZIP code with its town, delivery fee and minimum order. */

// ---------------------------------------------------------------- ZIP lookup

export interface ZipEntry {
  zip: string;
  city: string;
  state: string;
  slug: string;
  deliveryFeeCents: number;
  minimumOrderCents: number;
}

export function zipDirectory(areas: ReadonlyArray<Pick<ServiceArea, 'slug' | 'city' | 'state' | 'zipCodes' | 'deliveryFeeCents' | 'minimumOrderCents'>>): ZipEntry[] {
  return areas
    .flatMap((a) =>
      a.zipCodes.map((zip) => ({
        zip,
        city: a.city,
        state: a.state,
        slug: a.slug,
        deliveryFeeCents: a.deliveryFeeCents,
        minimumOrderCents: a.minimumOrderCents,
      })),
    )
    .sort((a, b) => a.zip.localeCompare(b.zip));
}
