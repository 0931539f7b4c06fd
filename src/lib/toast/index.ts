// DOOR_HEADER
export { toast } from './toast';
