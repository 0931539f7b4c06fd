// DOOR_HEADER
export { livePrices } from './live-prices.server';
