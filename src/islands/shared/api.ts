import { PAGE_LANGUAGE_HEADER } from '../../lib/i18n';

/** What every API error looks like: `{ error: { code, message, fields? } }`. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

/**
 * The messages made here, in English, where the server said nothing (no answer, or one not ours); the
 * server's own come in the page's language. An island says them in its words (err); a page with no
 * island to say them renders them in its own language (CheckoutPage.astro, for the widget's cart).
 */
export const CLIENT_MESSAGES = {
  network: 'We couldn’t reach our booking system. Check your internet connection and try again.',
  internal: 'Something went wrong on our side. Please try again, or call us.',
};

const OFFLINE: ApiError = { code: 'network', message: CLIENT_MESSAGES.network };

/**
 * fetch + JSON with one error shape for the islands. Network failures and non-JSON answers become
 * an ApiError too, so every caller shows a message instead of throwing. Aborted requests rethrow.
 */
export async function requestJson<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<ApiResult<T>> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: {
        accept: 'application/json',
        // A Spanish page's requests ask for the server's messages in Spanish (src/lib/i18n/request-language.ts).
        ...(typeof document !== 'undefined' && document.documentElement.lang === 'es' ? { [PAGE_LANGUAGE_HEADER]: 'es' } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...rest.headers,
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    return { ok: false, status: 0, error: OFFLINE };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
  }
  if (response.ok && body !== null) return { ok: true, status: response.status, data: body as T };
  return { ok: false, status: response.status, error: apiErrorOf(body) };
}

/** The error a refusal's body carries (`{error: {code, message, fields?}}`), or ours where it says none. */
export function apiErrorOf(body: unknown): ApiError {
  const error = (body as { error?: Partial<ApiError> } | null)?.error;
  return {
    code: error?.code ?? 'internal',
    message: error?.message ?? CLIENT_MESSAGES.internal,
    ...(error?.fields ? { fields: error.fields } : {}),
  };
}

export const isAbort = (error: unknown) => (error as { name?: string })?.name === 'AbortError';
