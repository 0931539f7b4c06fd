import { sniffImageType } from '../images';
import { publicApi } from '../paths';

/**
 * Product photos staff upload. Netlify caps a function request at 6 MB and counts a binary body
 * base64-encoded (4/3 larger), so 4 MB is the most that reliably arrives; phone photos above it
 * are shrunk in the editor before upload.
 */
export const PRODUCT_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
export const PRODUCT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProductPhotoType = (typeof PRODUCT_PHOTO_TYPES)[number];
const EXTENSIONS: Record<ProductPhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export type ProductPhotoCheck = { ok: true; type: ProductPhotoType; extension: string } | { ok: false; message: string };

/** Type by the file's own bytes (not its name or the browser's claim) and size. */
export function checkProductPhoto(bytes: Uint8Array): ProductPhotoCheck {
  if (bytes.byteLength === 0) return { ok: false, message: 'That file is empty' };
  if (bytes.byteLength > PRODUCT_PHOTO_MAX_BYTES) return { ok: false, message: 'Choose a photo of at most 4 MB' };
  const type = sniffImageType(bytes);
  if (type === null || !(PRODUCT_PHOTO_TYPES as readonly string[]).includes(type)) return { ok: false, message: 'Choose a JPEG, PNG or WebP photo' };
  const photoType = type as ProductPhotoType;
  return { ok: true, type: photoType, extension: EXTENSIONS[photoType] };
}

/** The public address of an uploaded photo; its file name is the photo id, so it never changes and caches forever. */
export const productPhotoUrl = (photoId: string, extension: string) => publicApi.productPhoto(`${photoId}.${extension}`);

/** `<uuid>.<ext>` from /api/product-photos/{file}, or null. */
export function parsePhotoFile(file: string): { id: string; extension: string } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/.exec(file);
  return match ? { id: match[1]!, extension: match[2]! } : null;
}
