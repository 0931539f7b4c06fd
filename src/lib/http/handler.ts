import type { Context } from '@netlify/functions';
import { toResponse } from './errors';

type Handler = (req: Request, context: Context) => Promise<Response>;

/**
 * Wraps a function handler: wrong methods get 405, every thrown error goes through the one
 * mapping in toResponse (never a raw 500 with a stack), and answers are not cached.
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
    return response;
  };
}

