// The front door of file storage (local disk, Netlify Blobs, Supabase). Pure and safe in the browser; its I/O
// is index.server.ts.
export { assertStoragePath, type FileStorage, type StoredFile } from './file-storage';
