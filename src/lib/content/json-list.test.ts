import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentCollections } from './collections';
import { ContentListError, readJsonList } from './json-list';

const faq = (entries: unknown) => JSON.stringify(entries, null, 2);
const entry = (id: string | undefined, question = 'Q?') => ({ ...(id === undefined ? {} : { id }), topic: 'booking', order: 1, question, answer: 'A.' });

describe('a JSON list content file as the build reads it', () => {
  it('gives each entry its id, and its fields without the id', () => {
    expect(readJsonList('src/content/faq.json', faq([entry('first'), entry('second')]))).toEqual([
      { id: 'first', data: { topic: 'booking', order: 1, question: 'Q?', answer: 'A.' } },
      { id: 'second', data: { topic: 'booking', order: 1, question: 'Q?', answer: 'A.' } },
    ]);
  });

  it('refuses a syntax error naming the file and the line, rather than an empty FAQ', () => {
    const broken = faq([entry('first'), entry('second')]).replace('"question": "Q?",', '"question": "Q?",,');
    expect(() => readJsonList('src/content/faq.json', broken)).toThrow(ContentListError);
    expect(() => readJsonList('src/content/faq.json', broken)).toThrow(/^src\/content\/faq\.json is not valid JSON at line 6\b/);
  });

  it('refuses an entry without an id, naming it, rather than leaving it out', () => {
    expect(() => readJsonList('src/content/es/faq.json', faq([entry('first'), entry(undefined)]))).toThrow('src/content/es/faq.json, entry 2 has no "id"');
    expect(() => readJsonList('src/content/faq.json', faq([entry('Not A Slug')]))).toThrow('entry 1: its "id" "Not A Slug" must be lower-case words joined by dashes');
  });

  it('refuses a repeated id, naming both entries, rather than letting the second replace the first', () => {
    expect(() => readJsonList('src/content/faq.json', faq([entry('first'), entry('second'), entry('first', 'Another?')]))).toThrow(
      'src/content/faq.json, entry 3 has the id "first" that entry 1 already has',
    );
  });

  it('refuses a file that is not a list of entries', () => {
    expect(() => readJsonList('src/content/reviews.json', '{"items": []}')).toThrow('src/content/reviews.json must be a list of entries');
    expect(() => readJsonList('src/content/reviews.json', '["text"]')).toThrow('src/content/reviews.json, entry 1 is not an entry');
  });

  it('reads every shipped list, each entry valid for its collection', () => {
    for (const collection of contentCollections.filter((c) => c.kind === 'json-list')) {
      const entries = readJsonList(collection.file, readFileSync(`src/content/${collection.file}`, 'utf-8'));
      expect(entries.length, collection.file).toBeGreaterThan(0);
      for (const { id, data } of entries) expect(collection.schema.safeParse(data).success, `${collection.file} ${id}`).toBe(true);
    }
  });
});
