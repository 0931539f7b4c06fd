import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkContentFile, parseContentFile } from './content-files';
import { citySchema, closestField, contentCollections, faqEsSchema, serviceEsSchema } from './collections';
import { readJsonList } from './json-list';

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => (result.error?.issues ?? []).map((i) => i.message);

describe('a content entry’s fields', () => {
  const buda = { city: 'Buda', state: 'TX' };

  it('refuses a mistyped field, naming it and the field it meant, where zod dropped it without a word', () => {
    expect(issues(citySchema.safeParse({ ...buda, neighbors: ['kyle'] }))).toEqual(['Unknown field "neighbors": did you mean "neighbours"?']);
    expect(issues(citySchema.safeParse({ ...buda, drive_minutes: 20 }))).toEqual(['Unknown field "drive_minutes": did you mean "driveMinutes"?']);
    expect(issues(citySchema.safeParse({ ...buda, summerNotes: 'Shade.' }))).toEqual(['Unknown field "summerNotes": did you mean "summerNote"?']);
  });

  it('names the fields there are when nothing is close', () => {
    expect(issues(citySchema.safeParse({ ...buda, population: 15000 }))[0]).toMatch(/^Unknown field "population" \(the fields are city, state, county, driveMinutes/);
  });

  it('tells a Spanish entry holding a fact that the facts stay in the English file', () => {
    expect(issues(faqEsSchema.safeParse({ question: '¿Cuándo?', answer: 'Ya.', topic: 'booking' }))[0]).toMatch(/^Unknown field "topic" .* its facts stay in the English file\.$/);
    const service = { name: 'Castillos', headline: 'Alquiler de castillos', summary: 'Saltar.', highlights: ['a', 'b'] };
    expect(serviceEsSchema.safeParse(service).success).toBe(true);
    expect(issues(serviceEsSchema.safeParse({ ...service, faq: [{ question: '¿Qué?', answer: 'Eso.', anwser: 'x' }] }))).toEqual(['Unknown field "anwser": did you mean "answer"?']);
  });

  it('refuses the same in the content editor’s save, at the field', () => {
    const cities = contentCollections.find((c) => c.name === 'cities')!;
    expect(() => checkContentFile(cities, '---\ncity: Buda\nstate: TX\nneighbors: [kyle]\n---\nBody.\n')).toThrow('did you mean "neighbours"?');
  });

  it('does not guess from a name far from every field', () => {
    expect(closestField('venue', ['venues', 'parks'])).toBe('venues');
    expect(closestField('colour', ['city', 'state', 'county'])).toBeUndefined();
  });

  it('accepts every shipped entry as it is', () => {
    for (const collection of contentCollections) {
      if (collection.kind === 'json-list') {
        for (const { id, data } of readJsonList(collection.file, readFileSync(`src/content/${collection.file}`, 'utf-8'))) {
          expect(issues(collection.schema.safeParse(data)), `${collection.file} ${id}`).toEqual([]);
        }
        continue;
      }
      for (const name of readdirSync(`src/content/${collection.folder}`).filter((n) => n.endsWith('.md'))) {
        const { data } = parseContentFile(collection, readFileSync(`src/content/${collection.folder}/${name}`, 'utf-8'));
        expect(issues(collection.schema.safeParse(data)), `${collection.folder}/${name}`).toEqual([]);
      }
    }
  });
});
