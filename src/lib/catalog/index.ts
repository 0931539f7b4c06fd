// DOOR_HEADER
export {
  adminCategoryInput,
  adminProductInput,
  categoryListQuery,
  deleteCategoryQuery,
  photoOrderInput,
  photoUploadQuery,
  productListQuery,
} from './catalog-admin';
export { checkProductPhoto } from './product-photo';
export { slug, surface } from './schema';
export { slugify } from './slugify';
export { type Category, type Product } from './types';
