// The front door of the cart's line rules, shared by the booking site's cart and the booking widget's.
// Pure and safe in the browser; no I/O.
export {
  clampQuantity,
  findItem,
  type Lines,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  removeItem,
  setQuantity,
} from './cart-lines';
