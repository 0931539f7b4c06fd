// Which image an upload is, read from its bytes: cake reference photos, product photos and the
// logo all accept the same types, so the check lives with the images, not with one of them.

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

const EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };
export const photoExtension = (type: PhotoType) => EXTENSIONS[type];

/**
 * The image type from the file's first bytes. The browser's declared type is not trusted: a file
 * renamed to .jpg is still refused if it is not an image we accept.
 */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

/** A `data:image/...;base64,` URL (what some API clients send instead of a file) → bytes, or null if it is not one. */
export function decodeDataUrl(value: string): Uint8Array | null {
  const match = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) return null;
  return new Uint8Array(Buffer.from(match[1]!.replace(/\s/g, ''), 'base64'));
}
