// DOOR_HEADER
export { type FileStorage, type StoredFile } from './file-storage';
