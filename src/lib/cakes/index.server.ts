// DOOR_HEADER
export { readCakeOrderBody } from './cake-order-body.server';
export { createCakeOrder, spamCakeAnswer } from './cake-order-service.server';
export { cakePhoto, getCakeOrder, listCakeOrders, updateCakeOrder } from './cake-orders-admin.server';
