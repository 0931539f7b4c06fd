// The front door of cake orders: the public form, pricing, status and the admin list. Server side (I/O):
// functions, the build and other features' *.server.ts.
export { readCakeOrderBody } from './cake-order-body.server';
export { createCakeOrder, spamCakeAnswer } from './cake-order-service.server';
export {
  type CakeOrderItem,
  type CakeOrderPage,
  cakePhoto,
  getCakeOrder,
  listCakeOrders,
  updateCakeOrder,
} from './cake-orders-admin.server';
