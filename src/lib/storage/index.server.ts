// The front door of file storage (local disk, Netlify Blobs, Supabase). Server side (I/O): functions, the build
// and other features' *.server.ts.
export { fileStorage } from './storage.server';
export { localFileStorage } from './local-file-storage.server';
export { netlifyBlobsFileStorage } from './blobs-file-storage.server';
