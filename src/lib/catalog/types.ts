import type { surfaces } from './schema';
import type { CakeSizeFields } from './cake-sizes';

/** What pages and the API show of a category: never a raw row. */
export interface Category {
  id: string;
  slug: string;
  name: string;
  kind: 'rental' | 'supply' | 'cake';
  summary: string;
  description: string;
  /** Spanish versions (issue #40); null: not translated, Spanish pages show the English (categoryInLocale). */
  nameEs: string | null;
  summaryEs: string | null;
  descriptionEs: string | null;
  imageUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  productCount: number;
}

/** A cake's sizes (CakeSizeFields) are null for everything but cakes, and for a cake on the default size. */
export interface Product extends CakeSizeFields {
  id: string;
  slug: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  categoryNameEs: string | null;
  /** Its category's kind: picks the placeholder shown while the product has no photo (catalog-images.ts). */
  categoryKind: Category['kind'];
  shortDescription: string;
  description: string;
  /** Spanish versions (issue #40); null: not translated, Spanish pages show the English (productInLocale). */
  nameEs: string | null;
  shortDescriptionEs: string | null;
  descriptionEs: string | null;
  included: string[];
  /** What is included in Spanish; null: not translated, Spanish pages show the English list (productInLocale). */
  includedEs: string[] | null;
  lengthFt: number | null;
  widthFt: number | null;
  heightFt: number | null;
  spaceLengthFt: number | null;
  spaceWidthFt: number | null;
  capacity: number | null;
  ageMin: number | null;
  ageMax: number | null;
  outletsRequired: number;
  blowerHp: number | null;
  waterHookup: boolean;
  surfaces: (typeof surfaces)[number][];
  /** What it needs of the setup spot beyond the above (site-requirements.ts): null, no rule. */
  stakesNeeded: number | null;
  sandbagsNeeded: number | null;
  clearanceFt: number | null;
  outletRunFt: number | null;
  circuitAmps: number | null;
  accessWidthIn: number | null;
  maxStairFlights: number | null;
  overnightAllowed: boolean | null;
  setupMinutes: number;
  teardownMinutes: number;
  pricingUnit: 'rental' | 'each';
  basePriceCents: number;
  baseHours: number;
  halfDayPriceCents: number | null;
  extraDayPriceCents: number | null;
  tracksInventory: boolean;
  featured: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  /** `altEs`: the photo's description in Spanish; null: not translated, Spanish pages show the English one. */
  photos: { url: string; alt: string; altEs: string | null }[];
  packageItems: { slug: string; name: string; nameEs?: string | null; quantity: number }[];
  /** Units currently in service (not in maintenance or retired). */
  unitCount: number;
}
