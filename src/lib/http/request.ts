import { plainIssueMessage, z } from '../validation';
import { requestLanguage } from '../i18n';
import { AppError, validationError } from './errors';

/** Request bodies larger than this are refused before parsing (bookings and forms are small). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON body with a size limit; malformed or oversized bodies are a 400/413-style AppError, never a 500. */
export async function readJson(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readText(req, maxBytes);
  if (text.trim() === '') throw new AppError('validation', 'The request body is empty.', { _: 'The request body is empty.' });
  return parseJsonText(text);
}

/**
 * Text PostgreSQL cannot store: NUL (no text or jsonb value may hold it) and a lone UTF-16 surrogate
 * (`"\ud800"` is valid JSON, but not Unicode: jsonb refuses it, and text would store it garbled).
 * Tested on UTF-16 code units, so the pattern has no `u` flag on purpose.
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNSTORABLE_GLOBAL = new RegExp(UNSTORABLE.source, 'g');

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

export const UNSTORABLE_TEXT_MESSAGE = 'This contains a character we cannot store (a NUL or a broken Unicode character). Please remove it.';

/**
 * The path (dot-joined, as zod names fields) of the first string that PostgreSQL cannot store, or
 * of the object with such a key; null when every one is fine. Walks iteratively, so a deeply nested body cannot
 * exhaust the stack.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path.join('.') || '_';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        // A key is not a field of its own: the object holding it is named.
        if (!isStorableText(key)) return path.join('.') || '_';
        stack.push([child, [...path, key]]);
      }
    }
  }
  return null;
}

/** A 400 naming the field whose text PostgreSQL cannot store, if any. */
export function assertStorableText(value: unknown): void {
  const path = unstorableTextPath(value);
  if (path !== null) throw new AppError('validation', UNSTORABLE_TEXT_MESSAGE, { [path]: UNSTORABLE_TEXT_MESSAGE });
}

/**
 * JSON.parse for request bodies, the one place every JSON and form body of every function is read:
 * malformed JSON is a 400, and so is text PostgreSQL cannot store anywhere in it (a 400 naming the
 * field, instead of a 500 from the insert).
 */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('validation', 'The request body is not valid JSON.', { _: 'The request body is not valid JSON.' });
  }
  assertStorableText(value);
  return value;
}

const requestTooLarge = () => new AppError('validation', 'The request is too large.', { _: 'The request is too large.' });

/**
 * The raw body, refusing to read past maxBytes: a declared Content-Length over the limit is refused
 * before reading, and a missing or understated one cannot bypass the limit. `tooLarge` is the error
 * the caller's form shows (a photo field, say).
 */
export async function readBody(req: Request, maxBytes: number, tooLarge: () => AppError = requestTooLarge): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? '0') > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The raw body as text, at most maxBytes of it. */
export async function readText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBody(req, maxBytes));
}

/**
 * zod's own words in the language of the page that asked, for what a schema does not word itself (a
 * value of the wrong type, a size it gives no message for): a Spanish page hears them in Spanish. A
 * schema's own messages take precedence, and the handler translates those through its catalog, as it
 * does the plain "Required." said for a field left out in either language (validation/zod.ts).
 */
let spanishZod: z.core.$ZodErrorMap | undefined;
const spanishMessage = (issue: Parameters<z.core.$ZodErrorMap>[0]) => plainIssueMessage(issue) ?? (spanishZod ??= z.locales.es().localeError)(issue);
const parseParams = (req: Request) => (requestLanguage(req) === 'es' ? { error: spanishMessage } : undefined);

export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJson(req), parseParams(req));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The address's query parsed by `schema`. Given the request, zod's own words come in its page's language
 * (as parseJson's); given only the address (staff screens, whose answers are English), in English.
 */
export function parseQuery<S extends z.ZodType>(from: Request | URL, schema: S): z.infer<S> {
  const [url, params] = from instanceof URL ? [from, undefined] : [new URL(from.url), parseParams(from)];
  // As in bodies: PostgreSQL cannot take a NUL in text, so `?q=%00` would fail the query with a 500.
  for (const [key, value] of url.searchParams) {
    if (!isStorableText(key) || !isStorableText(value)) {
      throw new AppError('validation', 'The address contains a character we cannot use (NUL). Please remove it.', { [key.replace(UNSTORABLE_GLOBAL, '')]: 'Remove the NUL character' });
    }
  }
  const result = schema.safeParse(Object.fromEntries(url.searchParams), params);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The client's address as Netlify's edge reports it, for rate limits and waiver records.
 * X-Forwarded-For is not used: a client can write anything there.
 */
export function clientIp(req: Request, context?: { ip?: string }): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}
