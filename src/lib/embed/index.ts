// The front door of the booking widget for the owner's other website (issue #39): its requests and what
// they answer. Pure and safe in the browser; its I/O is index.server.ts.
export {
  CART_TOKEN_MINUTES,
  embedCartRedeem,
  embedCartRequest,
  type EmbedCartRequest,
  type EmbedConfig,
  type EmbedProduct,
  embedProductsQuery,
  type EmbedProductsQuery,
  type RedeemedCart,
} from './embed-cart';
export { EMBED_EARLY_KEY, EMBED_ELEMENTS, EMBED_LOADER_PATH, EMBED_PREFIX, EMBED_WIDGET_DIR, embedLoader, embedSnippet } from './embed-loader';
