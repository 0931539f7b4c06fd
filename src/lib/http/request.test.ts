import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { z } from '../validation/zod';
import { parseJsonText, parseQuery, readJson } from './request';

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
});

describe('readJson', () => {
  const post = (body: string) => new Request('http://localhost/x', { method: 'POST', body });

  it('refuses an empty or oversized body', async () => {
    await expect(readJson(post(' '))).rejects.toThrow(/empty/);
    await expect(readJson(post(JSON.stringify({ pad: 'x'.repeat(100) })), 50)).rejects.toThrow(/too large/);
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
