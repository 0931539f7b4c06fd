import type { Context } from '@netlify/functions';
import { toResponse } from './errors';
import { apiSecurityHeaders, applySecurityHeaders } from './security-headers';

type Handler = (req: Request, context: Context) => Promise<Response>;

/**
 * Wraps a function handler: wrong methods get 405, every thrown error goes through the one
 * mapping in toResponse (never a raw 500 with a stack), answers are not cached, and every answer
 * carries the security headers (Netlify applies netlify.toml headers to static files only).
 */
export function handler(methods: string[], fn: Handler): Handler {
  return async (req, context) => {
    let response: Response;
    if (!methods.includes(req.method)) {
      response = Response.json(
        { error: { code: 'method_not_allowed', message: `Use ${methods.join(' or ')}.` } },
        { status: 405, headers: { allow: methods.join(', ') } },
      );
    } else {
      try {
        response = await fn(req, context);
      } catch (error) {
        response = toResponse(error);
      }
    }
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
    applySecurityHeaders(response.headers, apiSecurityHeaders);
    return response;
  };
}

