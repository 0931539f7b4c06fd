// The front door of cake orders: the public form, pricing, status and the admin list. Pure and safe in the
// browser; its I/O is index.server.ts.
export {
  CAKE_FILLINGS,
  CAKE_FLAVOURS,
  CAKE_FROSTINGS,
  CAKE_SERVING_SIZES,
  cakeBase,
  type CakeBase,
  type CakeChoice,
  type CakeSizeFields,
  cakeSizeProblem,
  checkCakeSizes,
  DEFAULT_CAKE_BASE,
  MAX_CAKE_BASE_SERVINGS,
  MAX_CAKE_TIERS,
} from './cake-options';
export {
  type CakeOrderCreated,
  cakeOrderRequest,
  type CakeOrderRequest,
  type CakeOrderRequestInput,
  referencePhotoProblem,
} from './cake-order-form';
export { cakeListQuery, cakeUpdateInput } from './cake-orders-admin-input';
export { decodeDataUrl } from './reference-photo';
export { PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS, priceCake } from './cake-pricing';
export { type CakeStatus, cakeStatuses, cakeStatusLabels, nextCakeStatus } from './cake-status';
