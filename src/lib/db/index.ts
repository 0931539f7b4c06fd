// DOOR_HEADER
export { batchedRead } from './batched-read';
