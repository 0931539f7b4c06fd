// The front door of cake orders: the public form, pricing, status and the admin list. Pure and safe in the
// browser; its I/O is index.server.ts.
export {
  CAKE_FILLINGS,
  CAKE_FLAVOURS,
  CAKE_FROSTINGS,
  CAKE_SERVING_SIZES,
  type CakeChoice,
} from './cake-options';
export {
  type CakeOrderCreated,
  cakeOrderRequest,
  type CakeOrderRequest,
  type CakeOrderRequestInput,
  referencePhotoProblem,
} from './cake-order-form';
export { cakeListQuery, cakeUpdateInput } from './cake-orders-admin-input';
export { PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS, priceCake } from './cake-pricing';
export { type CakeStatus, cakeStatuses, cakeStatusLabels, nextCakeStatus } from './cake-status';
