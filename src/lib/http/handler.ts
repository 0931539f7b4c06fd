import type { Context } from '@netlify/functions';
import { allowOriginHeaders, type CorsPolicy, crossOrigin, isPreflight, originRefused, preflightResponse } from './cors';
import { toResponse } from './errors';
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
