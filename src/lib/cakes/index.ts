// The front door of cake orders: the public form, pricing, status and the admin list. Pure and safe in the
// browser; its I/O is index.server.ts.
export { cakeBase, type CakeSizeFields, cakeSizeProblem, MAX_CAKE_BASE_SERVINGS, MAX_CAKE_TIERS } from './cake-options';
export { cakeOrderRequest } from './cake-order-form';
export { cakeListQuery, cakeUpdateInput } from './cake-orders-admin-input';
export { decodeDataUrl } from './reference-photo';
