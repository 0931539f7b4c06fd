import { describe, expect, it } from 'vitest';
import { AppError, fieldError } from './errors';
import { z } from '../validation/zod';
import { parseJsonText, parseQuery, readBody, readJson } from './request';

describe('parseJsonText', () => {
  it('parses JSON', () => {
    expect(parseJsonText('{"a":[1,"x"]}')).toEqual({ a: [1, 'x'] });
  });

  it('refuses malformed JSON and NUL characters (PostgreSQL cannot store them) with a 400', () => {
    for (const text of ['{', '{"a":"b\\u0000"}', '{"\\u0000":1}', '["\\u0000"]']) {
      expect(() => parseJsonText(text)).toThrow(AppError);
      try {
        parseJsonText(text);
      } catch (error) {
        expect((error as AppError).status).toBe(400);
      }
    }
  });

  it('refuses lone surrogates and NUL anywhere, naming the field, and keeps proper pairs and other characters', () => {
    const field = (text: string) => {
      try {
        parseJsonText(text);
      } catch (error) {
        return (error as AppError).fields;
      }
      return null;
    };
    expect(field('{"customer":{"name":"Ann \\ud800"}}')).toEqual({ 'customer.name': expect.stringMatching(/cannot store/) });
    expect(field('{"items":[{"note":"ok"},{"note":"\\udc00x"}]}')).toEqual({ 'items.1.note': expect.any(String) });
    expect(field('{"a":{"\\ud83d":1}}')).toEqual({ a: expect.any(String) });
    expect(field('{"a":"x\\u0000"}')).toEqual({ a: expect.any(String) });
    expect(field('"\\udfff\\ud800"')).toEqual({ _: expect.any(String) });
    expect(parseJsonText('{"a":"party \\ud83c\\udf88 \\uffff é"}')).toEqual({ a: 'party 🎈 \uffff é' });
  });
});

describe('readJson', () => {
  const post = (body: string) => new Request('http://localhost/x', { method: 'POST', body });

  it('refuses an empty or oversized body', async () => {
    await expect(readJson(post(' '))).rejects.toThrow(/empty/);
    await expect(readJson(post(JSON.stringify({ pad: 'x'.repeat(100) })), 50)).rejects.toThrow(/too large/);
  });
});

describe('readBody', () => {
  const tooLarge = () => fieldError('photo', 'Choose a smaller photo');
  /** A streamed body: no Content-Length, so only counting the bytes read can stop it. */
  const streamed = (chunks: number[]) =>
    new Request('http://localhost/x', {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (const size of chunks) controller.enqueue(new Uint8Array(size));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);

  it('returns the bytes of a body within the limit', async () => {
    expect((await readBody(streamed([3, 4]), 7)).byteLength).toBe(7);
  });

  it('refuses with the caller’s error a declared length over the limit, and a streamed body that grows past it', async () => {
    const declared = new Request('http://localhost/x', { method: 'POST', body: 'x'.repeat(10), headers: { 'content-length': '10' } });
    await expect(readBody(declared, 9, tooLarge)).rejects.toMatchObject({ fields: { photo: 'Choose a smaller photo' } });
    await expect(readBody(streamed([5, 5]), 9, tooLarge)).rejects.toMatchObject({ fields: { photo: 'Choose a smaller photo' } });
    await expect(readBody(streamed([5, 5]), 9)).rejects.toThrow(/too large/);
  });
});

describe('parseQuery', () => {
  const schema = z.object({ q: z.string().default('') });

  it('parses the query with the schema', () => {
    expect(parseQuery(new URL('http://localhost/x?q=tent'), schema)).toEqual({ q: 'tent' });
  });

  it('refuses a NUL character in a value or a key with a 400 on that field, before PostgreSQL sees it', () => {
    for (const url of ['http://localhost/x?q=a%00b', 'http://localhost/x?q%00=a']) {
      try {
        parseQuery(new URL(url), schema);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        expect((error as AppError).fields).toEqual({ q: 'Remove the NUL character' });
      }
    }
  });
});
