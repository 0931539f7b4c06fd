import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature), as documented at
 * https://www.twilio.com/docs/usage/webhooks/webhooks-security: the full URL Twilio called (with its
 * query string), then every POST parameter sorted by name, each as name followed by value with no
 * separator; HMAC-SHA1 of that with the account's auth token, base64. The local double signs its
 * inbound webhooks with the same function.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether a request's signature is Twilio's for this URL and these parameters (compared in constant time). */
export function validTwilioSignature(authToken: string, signature: string | null, url: string, params: Iterable<[string, string]>): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
