import { interpolate, type Messages } from '../i18n';
import type { Category, Product } from './types';

/**
 * The one place that decides what picture a product or category shows. A product without a photo
 * (a CSV import, a product just created) and a category without an image get a placeholder shipped
 * in public/images/placeholders, one per kind of category, instead of a made-up address that answers
 * 404: a broken-image icon on the home page, the listing and the product page.
 */
export const PLACEHOLDER_IMAGES: Readonly<Record<Category['kind'], string>> = {
  rental: '/images/placeholders/rental.svg',
  supply: '/images/placeholders/supply.svg',
  cake: '/images/placeholders/cake.svg',
};

export interface CatalogImage {
  url: string;
  alt: string;
  /** No photo yet: the kind's placeholder. */
  placeholder: boolean;
}

/** The placeholder's description in the page's language (the `catalog` messages); English by default. */
export type ImageWords = Pick<Messages['catalog'], 'noPhoto'>;
const ENGLISH_IMAGE_WORDS: ImageWords = { noPhoto: '{name}: no photo yet' };

/** The product's first photo, else its kind's placeholder, with words for a screen reader either way. */
export function productImage(product: Pick<Product, 'name' | 'photos' | 'categoryKind'>, words: ImageWords = ENGLISH_IMAGE_WORDS): CatalogImage {
  const photo = product.photos[0];
  if (photo) return { url: photo.url, alt: photo.alt || product.name, placeholder: false };
  return { url: PLACEHOLDER_IMAGES[product.categoryKind], alt: interpolate(words.noPhoto, { name: product.name }), placeholder: true };
}

/** The category's own image, else its kind's placeholder (`name`: the category's name in the page's language). */
export function categoryImage(category: Pick<Category, 'name' | 'imageUrl' | 'kind'>, words: ImageWords = ENGLISH_IMAGE_WORDS): CatalogImage {
  if (category.imageUrl) return { url: category.imageUrl, alt: category.name, placeholder: false };
  return { url: PLACEHOLDER_IMAGES[category.kind], alt: interpolate(words.noPhoto, { name: category.name }), placeholder: true };
}

/**
 * For a product known only by its slug (a cart saved in the browser, a saved-cart link): the
 * generic rental placeholder, an image that exists, until the page that knows the product shows it.
 */
export const UNKNOWN_PRODUCT_IMAGE = PLACEHOLDER_IMAGES.rental;
