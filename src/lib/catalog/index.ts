// The front door of products and categories: their schema, the public catalog, the admin editor, photos and
// CSV. Pure and safe in the browser; its I/O is index.server.ts.
export {
  type AdminCategoryForm,
  adminCategoryInput,
  type AdminProductForm,
  adminProductInput,
  categoryKindLabels,
  categoryKinds,
  categoryListQuery,
  deleteCategoryQuery,
  photoOrderInput,
  photoUploadQuery,
  productListQuery,
} from './catalog-admin';
export { type CatalogImage, type ImageWords, categoryImage, PLACEHOLDER_IMAGES, productImage, UNKNOWN_PRODUCT_IMAGE } from './catalog-images';
export { type CatalogWords, categoryName, offeredCategories, offeredPhrase, offeredPhraseCapitalized } from './catalog-words';
export { categoryInLocale, nameInLocale, productInLocale, storedTextLang } from './catalog-locale';
export { checkProductPhoto, PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES } from './product-photo';
export {
  type CategoryInput,
  type CategoryInputDraft,
  type ProductInput,
  type ProductInputDraft,
  slug,
  surface,
  type UnitInput,
} from './schema';
export { slugify } from './slugify';
export { type Category, type Product } from './types';
export { NO_SITE_REQUIREMENTS, NO_SITE_RULES, type SiteRequirements, siteRequirementsFromRow, type SiteRequirementsRow } from './site-requirements';
export { type Surface, surfaces } from '../business';
export {
  cakeBase,
  type CakeBase,
  type CakeSizeFields,
  cakeSizeProblem,
  checkCakeSizes,
  DEFAULT_CAKE_BASE,
  MAX_CAKE_BASE_SERVINGS,
  MAX_CAKE_TIERS,
  MIN_SERVINGS_PER_TIER,
} from './cake-sizes';
