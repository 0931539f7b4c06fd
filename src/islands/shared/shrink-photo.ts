import { NOT_A_PHOTO } from '../../lib/site-photos';

/** Longest side of a photo a customer sends: plenty for the crew to see a yard, a few hundred KB as JPEG. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A picked file as a JPEG data URL at most PHOTO_MAX_SIDE px on its longest side. What the browser cannot
 * decode as an image (a PDF, a text file renamed .jpg) is refused here, before anything is sent; the
 * server checks the bytes again.
 */
export async function shrinkPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(NOT_A_PHOTO);
  });
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d')!;
  // Transparent areas would turn black in a JPEG.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** The picked files shrunk, in order; the first that is not an image stops it, named (the caller then keeps none of them). */
export async function shrinkPhotos(files: readonly File[]): Promise<{ photos: string[]; problem: string | null }> {
  const photos: string[] = [];
  for (const file of files) {
    try {
      photos.push(await shrinkPhoto(file));
    } catch {
      return { photos, problem: `“${file.name}” is not a photo we can use. ${NOT_A_PHOTO}.` };
    }
  }
  return { photos, problem: null };
}
