import type { Context } from '@netlify/functions';
import { allowOriginHeaders, type CorsPolicy, crossOrigin, isPreflight, originRefused, preflightResponse } from './cors';
import { toResponse } from './errors';
import { requestLanguage, serverErrorCatalog, translateError, translateFields } from '../i18n';
import { apiSecurityHeaders, applySecurityHeaders } from './security-headers';

type Handler = (req: Request, context: Context) => Promise<Response>;

interface HandlerOptions {
  /** Pages of other sites may call it (the booking widget's reads): which ones. Absent: same-origin only. */
  cors?: CorsPolicy;
}

/**
 * Wraps a function handler: wrong methods get 405, every thrown error goes through the one
 * mapping in toResponse (never a raw 500 with a stack), answers are not cached, and every answer
 * carries the security headers (Netlify applies netlify.toml headers to static files only).
 */
export function handler(methods: string[], fn: Handler, options: HandlerOptions = {}): Handler {
  return async (req, context) => {
    let response: Response;
    try {
      response = await answer(methods, fn, options, req, context);
    } catch (error) {
      response = toResponse(error);
    }
    response = await inPageLanguage(req, response);
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
    applySecurityHeaders(response.headers, apiSecurityHeaders);
    return response;
  };
}

async function answer(methods: string[], fn: Handler, { cors }: HandlerOptions, req: Request, context: Context): Promise<Response> {
  const origin = cors ? crossOrigin(req) : null;
  if (cors && origin) {
    if (!(await cors(origin))) return originRefused();
    if (isPreflight(req)) return preflightResponse(origin, methods);
  }
  // A refusal (400 at a field, 429) is read by the widget too: it gets the allowed origin's headers like any answer.
  const response = methods.includes(req.method)
    ? await fn(req, context).catch(toResponse)
    : Response.json({ error: { code: 'method_not_allowed', message: `Use ${methods.join(' or ')}.` } }, { status: 405, headers: { allow: methods.join(', ') } });
  if (cors) for (const [name, value] of Object.entries(origin ? allowOriginHeaders(origin) : { vary: 'Origin' })) response.headers.set(name, value);
  return response;
}

/**
 * An error answer in the language of the page that asked (its X-Page-Language header, see
 * src/lib/i18n/request-language.ts): the message and each field's message through the language's
 * catalog. English requests, and every answer that is not an error, pass through untouched.
 */
async function inPageLanguage(req: Request, response: Response): Promise<Response> {
  const catalog = response.ok ? null : await serverErrorCatalog(requestLanguage(req));
  if (!catalog || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.clone().json().catch(() => null)) as { error?: { message?: unknown; fields?: Record<string, string> } } | null;
  const error = body?.error;
  if (!error || typeof error.message !== 'string') return response;
  const translated = {
    ...body,
    error: { ...error, message: translateError(error.message, catalog), ...(error.fields ? { fields: translateFields(error.fields, catalog) } : {}) },
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(translated), { status: response.status, headers });
}
