/**
 * A drawn signature's PNG is checked from its header (IHDR) before anything decodes it: a PNG of a
 * few kilobytes may declare millions of pixels (a 1-bit 5000 × 5000 image is 3 KB and decodes to
 * 100 MB), so its size must fit a signature pad first. Browser-safe and pure: the island and the
 * function use the same rule.
 */
export const MAX_SIGNATURE_WIDTH = 2000;
export const MAX_SIGNATURE_HEIGHT = 800;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Signature (8) + IHDR chunk: length (4), type (4), data (13), CRC (4). */
const HEADER_BYTES = 33;
/** Bit depths each colour type allows (PNG specification, section 11.2.2). */
const BIT_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export type PngHeader = { ok: true; width: number; height: number } | { ok: false; reason: 'malformed' | 'too-large' };

/** Reads and checks the PNG header only: signature, a well-formed IHDR (valid fields, CRC), and the size. */
export function checkSignaturePngHeader(bytes: Uint8Array): PngHeader {
  if (bytes.length < HEADER_BYTES || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return { ok: false, reason: 'malformed' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || type !== 'IHDR') return { ok: false, reason: 'malformed' };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [depth, colour, compression, filter, interlace] = bytes.subarray(24, 29);
  const wellFormed =
    width > 0 &&
    height > 0 &&
    width < 2 ** 31 &&
    height < 2 ** 31 &&
    (BIT_DEPTHS[colour!]?.includes(depth!) ?? false) &&
    compression === 0 &&
    filter === 0 &&
    (interlace === 0 || interlace === 1) &&
    crc32(bytes.subarray(12, 29)) === view.getUint32(29);
  if (!wellFormed) return { ok: false, reason: 'malformed' };
  if (width > MAX_SIGNATURE_WIDTH || height > MAX_SIGNATURE_HEIGHT) return { ok: false, reason: 'too-large' };
  return { ok: true, width, height };
}

/** The header of a `data:image/png;base64,…` URL: only its first 44 base64 characters are decoded. */
export function checkSignatureDataUrl(dataUrl: string): PngHeader {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1, dataUrl.indexOf(',') + 1 + 44);
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  return checkSignaturePngHeader(bytes);
}
