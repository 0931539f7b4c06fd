import { AppError, fieldError, parseJsonText, readBody, readJson } from '../http';
import { HUMAN_CHECK_FIELD } from '../human-check';
import { proofIn } from '../human-check/index.server';
import { decodeDataUrl } from '../images';

/**
 * A cake order may carry a reference photo of up to 5 MB, so this endpoint reads more than the
 * usual 64 KB: up to 6 MB, which is also what Netlify accepts for a function request.
 */
export const CAKE_ORDER_MAX_BODY_BYTES = 6 * 1024 * 1024;

const tooLarge = () => new AppError('validation', 'The request is too large. Choose a photo of at most 5 MB.', { referencePhoto: 'Choose a photo of at most 5 MB' });

export interface CakeOrderBody {
  /** The order fields, not validated yet (the honeypot is checked first). */
  order: unknown;
  photo: Uint8Array | null;
  /** The human-check proof: the form field `humanCheck` of a multipart form, or the order's own field. */
  humanCheck: unknown;
}

/**
 * Two ways in: JSON with an optional `referencePhoto` data URL (what the order form sends, after
 * shrinking the photo in the browser), or `multipart/form-data` with the order as JSON in the field
 * `order` and the photo as the file `referencePhoto` (for API clients). The form avoids multipart
 * because Netlify's local emulation (@netlify/functions-dev) garbles non-text request bodies.
 */
export async function readCakeOrderBody(req: Request): Promise<CakeOrderBody> {
  const type = req.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    const bytes = await readBody(req, CAKE_ORDER_MAX_BODY_BYTES, tooLarge);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new AppError('validation', 'The form could not be read. Please try again.', { _: 'The form could not be read. Please try again.' });
    }
    const json = form.get('order');
    // parseJsonText refuses malformed JSON and NUL characters with a 400, like a JSON body.
    const order: unknown = typeof json === 'string' && json.trim() !== '' ? parseJsonText(json) : undefined;
    if (order === undefined) throw new AppError('validation', 'The order details are missing.', { _: 'The order details are missing.' });
    const file = form.get('referencePhoto');
    const photo = file && typeof file !== 'string' && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    return { order, photo, humanCheck: form.get(HUMAN_CHECK_FIELD) ?? proofIn(order) };
  }
  const order = await readJson(req, CAKE_ORDER_MAX_BODY_BYTES);
  const humanCheck = proofIn(order);
  const dataUrl = (order as { referencePhoto?: unknown } | null)?.referencePhoto;
  if (typeof dataUrl !== 'string' || dataUrl === '') return { order, photo: null, humanCheck };
  const photo = decodeDataUrl(dataUrl);
  if (!photo) throw fieldError('referencePhoto', 'Choose a photo in JPEG, PNG, WebP or GIF format');
  return { order, photo, humanCheck };
}
