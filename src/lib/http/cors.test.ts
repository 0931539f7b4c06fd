import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import { fieldError } from './errors';
import { handler } from './handler';

const SITE = 'https://book.example-rentals.com';
const HOST = 'https://www.example-rentals.com';
const listed = async (origin: string) => origin === HOST;
const context = {} as Context;

const widgetRead = handler(['GET', 'POST'], async (req) => (new URL(req.url).searchParams.has('bad') ? Promise.reject(fieldError('slug', 'No such product')) : Response.json({ ok: true })), { cors: listed });
const sameOriginOnly = handler(['GET'], async () => Response.json({ ok: true }));

const request = (path: string, init: RequestInit & { origin?: string | undefined } = {}) =>
  new Request(`${SITE}${path}`, { ...init, headers: { ...(init.origin ? { origin: init.origin } : {}), ...(init.headers as Record<string, string>) } });

describe('cross-origin reads for the booking widget', () => {
  it('answers a listed site with its own origin, never with credentials', async () => {
    const response = await widgetRead(request('/api/x', { origin: HOST }), context);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('answers a preflight from a listed site with the methods and the JSON header', async () => {
    const response = await widgetRead(request('/api/x', { method: 'OPTIONS', origin: HOST, headers: { 'access-control-request-method': 'POST' } }), context);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a site not on the list before the endpoint runs, preflight or not, with nothing it could read', async () => {
    let ran = false;
    const counting = handler(['POST'], async () => ((ran = true), Response.json({ ok: true })), { cors: listed });
    for (const init of [{ method: 'POST', body: 'x' }, { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } }]) {
      const response = await counting(request('/api/x', { ...init, origin: 'https://elsewhere.example' }), context);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect((await response.json()) as unknown).toEqual({ error: { code: 'origin_not_allowed', message: 'This site is not set up to show bookings.' } });
    }
    expect(ran).toBe(false);
  });

  it('gives a listed site the refusal of a bad request to read, at its field', async () => {
    const response = await widgetRead(request('/api/x?bad', { origin: HOST }), context);
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(HOST);
  });

  it('serves the site’s own pages and non-browser clients as before', async () => {
    for (const origin of [SITE, undefined]) {
      const response = await widgetRead(request('/api/x', { origin }), context);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('keeps every other endpoint same-origin: no CORS header, whoever asks', async () => {
    const response = await sameOriginOnly(request('/api/y', { origin: HOST }), context);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await sameOriginOnly(request('/api/y', { method: 'OPTIONS', origin: HOST, headers: { 'access-control-request-method': 'GET' } }), context);
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
