/**
 * An uploaded file served from file storage (the bucket stays private) at an address that changes
 * whenever the file does (a logo's new name, a photo's id), so browsers and Netlify's CDN keep it
 * for a year. HEAD answers the headers only.
 */
export function immutableFileResponse(method: string, file: { bytes: Uint8Array; contentType: string }): Response {
  const forever = 'public, max-age=31536000, immutable';
  return new Response(method === 'HEAD' ? null : new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.byteLength),
      'cache-control': forever,
      'netlify-cdn-cache-control': `${forever}, durable`,
      'x-content-type-options': 'nosniff',
    },
  });
}
