import type { z } from 'zod';
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
 * JSON.parse for request bodies: malformed JSON is a 400, and so is a NUL character anywhere in it
 * (`"\u0000"` is valid JSON, but PostgreSQL cannot store it in text and would fail the insert).
 */
export function parseJsonText(text: string): unknown {
  let hasNul = false;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      if (key.includes('\0') || (typeof v === 'string' && v.includes('\0'))) hasNul = true;
      return v;
    });
  } catch {
    throw new AppError('validation', 'The request body is not valid JSON.', { _: 'The request body is not valid JSON.' });
  }
  if (hasNul) throw new AppError('validation', 'The request contains a character we cannot store (NUL). Please remove it.', { _: 'The request contains a character we cannot store.' });
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

export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJson(req));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  // As in bodies: PostgreSQL cannot take a NUL in text, so `?q=%00` would fail the query with a 500.
  for (const [key, value] of url.searchParams) {
    if (key.includes('\0') || value.includes('\0')) {
      throw new AppError('validation', 'The address contains a character we cannot use (NUL). Please remove it.', { [key.replace(/\0/g, '')]: 'Remove the NUL character' });
    }
  }
  const result = schema.safeParse(Object.fromEntries(url.searchParams));
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
