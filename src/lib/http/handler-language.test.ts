import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import { z } from '../validation';
import { fieldError } from './errors';
import { handler } from './handler';
import { parseJson, parseQuery } from './request';
import { rateLimited } from './rate-limit.server';

const context = {} as Context;
const schema = z.object({ zip: z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code') });
const fn = handler(['POST'], async (req) => {
  const body = schema.parse(await req.json());
  if (body.zip === '00000') throw rateLimited();
  if (body.zip === '99999') throw fieldError('humanCheck', 'The check that you are a person has expired. Please send the form again.');
  return Response.json({ ok: true });
});
const post = (zip: string, language?: string) =>
  fn(new Request('http://localhost/api/x', { method: 'POST', body: JSON.stringify({ zip }), headers: { 'content-type': 'application/json', ...(language ? { 'x-page-language': language } : {}) } }), context);

describe('error answers in the language of the page that asked', () => {
  it('answers a Spanish page’s request in Spanish: zod fields, the rate limit and the human check', async () => {
    const refused = await post('1', 'es');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: 'validation', message: 'Escriba un código postal de 5 dígitos', fields: { zip: 'Escriba un código postal de 5 dígitos' } } });
    expect((await (await post('00000', 'es')).json()).error.message).toBe('Demasiados intentos. Por favor espere unos minutos e intente de nuevo.');
    const check = await post('99999', 'es');
    expect((await check.json()).error.fields.humanCheck).toMatch(/^La verificación de que usted es una persona venció/);
    expect(check.headers.get('cache-control')).toBe('no-store');
  });

  it('gives zod’s own words in Spanish where a schema has none of its own, and its own in English otherwise', async () => {
    const typed = handler(['POST'], async (req) => Response.json(await parseJson(req, z.object({ guests: z.number(), zip: z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code') }))));
    const send = (language?: string) =>
      typed(new Request('http://localhost/api/x', { method: 'POST', body: JSON.stringify({ guests: 'many', zip: '1' }), headers: { 'content-type': 'application/json', ...(language ? { 'x-page-language': language } : {}) } }), context);
    const spanish = (await (await send('es')).json()).error.fields;
    expect(spanish.zip).toBe('Escriba un código postal de 5 dígitos');
    expect(spanish.guests).toMatch(/^Entrada inválida: se esperaba número/);
    expect((await (await send()).json()).error.fields.guests).toMatch(/^Invalid input: expected number/);
  });

  it('says a field left out is required, in the page’s language, where its schema words nothing of its own', async () => {
    const party = handler(['POST'], async (req) => Response.json(await parseJson(req, z.object({ event: z.object({ date: z.string() }), guests: z.number() }))));
    const send = (language?: string) =>
      party(new Request('http://localhost/api/x', { method: 'POST', body: JSON.stringify({ guests: 'many' }), headers: { 'content-type': 'application/json', ...(language ? { 'x-page-language': language } : {}) } }), context);
    const spanish = (await (await send('es')).json()).error.fields;
    expect(spanish.event).toBe('Obligatorio.');
    expect(spanish.guests).toMatch(/^Entrada inválida: se esperaba número/);
    const english = (await (await send()).json()).error.fields;
    expect(english.event).toBe('Required.');
    expect(english.guests).toMatch(/^Invalid input: expected number/);
  });

  it('gives zod’s own words for an address’s query in the language of the request, and in English for staff’s addresses', async () => {
    const guests = z.object({ guests: z.coerce.number().int() });
    const read = handler(['GET'], async (req) => Response.json(parseQuery(req, guests)));
    const get = (query: string, language?: string) => read(new Request(`http://localhost/api/x?${query}`, { headers: language ? { 'x-page-language': language } : {} }), context);
    expect((await (await get('guests=many', 'es')).json()).error.fields.guests).toMatch(/^Entrada inválida: se esperaba número/);
    expect((await (await get('guests=many&lang=es')).json()).error.fields.guests).toMatch(/^Entrada inválida: se esperaba número/);
    expect((await (await get('guests=many')).json()).error.fields.guests).toMatch(/^Invalid input: expected number/);
    expect(await (await get('guests=12', 'es')).json()).toEqual({ guests: 12 });
    // An address alone (the admin's routes pass theirs) is read in English.
    expect(() => parseQuery(new URL('http://localhost/api/x?guests=many&lang=es'), guests)).toThrow(/Invalid input: expected number/);
  });

  it('leaves English answers exactly as they were, and successes alone', async () => {
    expect(await (await post('1')).json()).toEqual({ error: { code: 'validation', message: 'Enter a 5-digit ZIP code', fields: { zip: 'Enter a 5-digit ZIP code' } } });
    expect(await (await post('1', 'en')).json()).toEqual({ error: { code: 'validation', message: 'Enter a 5-digit ZIP code', fields: { zip: 'Enter a 5-digit ZIP code' } } });
    expect(await (await post('12345', 'es')).json()).toEqual({ ok: true });
  });
});
