// The front door of products and categories: their schema, the public catalog, the admin editor, photos and
// CSV. Server side (I/O): functions, the build and other features' *.server.ts.
export {
  type AdminCategory,
  type AdminPhoto,
  type AdminProduct,
  type AdminProductSummary,
  categoryOptions,
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  getAdminCategory,
  getAdminProduct,
  listAdminCategories,
  productEditor,
  productChoices,
  productListPage,
  updateCategory,
  updateProduct,
} from './catalog-admin.server';
export {
  catalogImportBody,
  type CatalogPreviewRow,
  exportCatalog,
  IMPORT_MAX_BODY_BYTES,
  importCatalog,
  importModeQuery,
  previewCatalogImport,
} from './catalog-import.server';
export {
  listCategories,
  listProducts,
  productPricingFromRow,
  type ProductPricingRow,
  saveCategory,
  saveProduct,
  saveUnit,
  spanishProductNames,
} from './catalog.server';
export { addProductPhoto, arrangePhotos, deletePhoto, readPhotoBody, readPublicPhoto } from './product-photos.server';
