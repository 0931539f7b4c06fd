import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { contentCollections } from './collections';
import { changedFields, checkContentFile, contentFolder, contentPath, entryFiles, MAX_CONTENT_FILE_BYTES } from './content-files';

const collection = (name: string) => contentCollections.find((c) => c.name === name)!;
const roundRock = readFileSync('src/content/cities/round-rock.md', 'utf8');

function fieldsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).fields;
  }
  throw new Error('expected a 400');
}

describe('content paths: only the content files, nothing else', () => {
  it('accepts the collections’ files by their repository paths', () => {
    expect(contentPath('src/content/cities/round-rock.md')).toMatchObject({ relative: 'cities/round-rock.md', collection: { name: 'cities' } });
    expect(contentPath('src/content/pages/about.md').collection.name).toBe('pages');
    expect(contentPath('src/content/faq.json')).toMatchObject({ relative: 'faq.json', collection: { name: 'faq' } });
    expect(contentPath('src/content/reviews.json').collection.name).toBe('reviews');
  });

  it.each([
    'src/content/../../package.json',
    'src/content/cities/../../../netlify.toml',
    'src/content/cities/../pages/about.md',
    '/etc/passwd',
    '../src/content/cities/round-rock.md',
    'src/content/cities/round-rock.md/../../x.md',
    'src/content/cities\\..\\..\\x.md',
    'src/content/cities/%2e%2e/x.md',
    'src/content/cities/Round-Rock.md',
    'src/content/cities/round-rock.mdx',
    'src/content/cities/sub/round-rock.md',
    'src/content/cities/.md',
    'src/content/cities/round-rock.md\0.json',
    'src/content.config.ts',
    'src/content/faq.json.bak',
    'src/lib/content/collections.ts',
    'src/content/services/x.json',
    '',
    42,
    null,
    'src/content/cities/' + 'a'.repeat(300) + '.md',
  ])('refuses %j', (path) => {
    expect(fieldsOf(() => contentPath(path))).toHaveProperty('path');
  });

  it('lists only Markdown folders of collections, and only slug-named entries in them', () => {
    expect(contentFolder('src/content/cities').name).toBe('cities');
    expect(contentFolder('src/content/pages/').name).toBe('pages');
    for (const folder of ['src/content', 'src/content/../', 'src', 'src/content/faq.json', '/tmp']) expect(fieldsOf(() => contentFolder(folder))).toHaveProperty('folder');
    expect(entryFiles(contentFolder('src/content/cities') as never, ['b.md', 'a.md', '.hidden.md', 'notes.txt', 'A.md'])).toEqual(['src/content/cities/a.md', 'src/content/cities/b.md']);
  });
});

describe('a file is checked as the build checks it before it is written', () => {
  it('accepts the shipped files', () => {
    expect(() => checkContentFile(collection('cities'), roundRock)).not.toThrow();
    expect(() => checkContentFile(collection('faq'), readFileSync('src/content/faq.json', 'utf8'))).not.toThrow();
    expect(() => checkContentFile(collection('reviews'), readFileSync('src/content/reviews.json', 'utf8'))).not.toThrow();
    expect(() => checkContentFile(collection('pages'), readFileSync('src/content/pages/about.md', 'utf8'))).not.toThrow();
  });

  it('names the field a save would break', () => {
    expect(fieldsOf(() => checkContentFile(collection('cities'), roundRock.replace('state: TX', 'state: Texas')))).toHaveProperty('state');
    expect(fieldsOf(() => checkContentFile(collection('cities'), roundRock.replace('driveMinutes: 10', 'driveMinutes: -3')))).toHaveProperty('driveMinutes');
    // Only the town's name and state are required: every other fact of a city file is optional.
    expect(fieldsOf(() => checkContentFile(collection('cities'), roundRock.replace(/^city:.*$/m, '')))).toHaveProperty('city');
    expect(() => checkContentFile(collection('cities'), roundRock.replace(/^terrain:.*$/m, ''))).not.toThrow();
    expect(fieldsOf(() => checkContentFile(collection('cities'), roundRock.replace('neighbours: [georgetown', 'neighbours: [Georgetown TX')))).toHaveProperty('neighbours.0');
    expect(fieldsOf(() => checkContentFile(collection('cities'), roundRock.replace('city: Round Rock', 'city: [unclosed')))).toHaveProperty('_');
    expect(fieldsOf(() => checkContentFile(collection('cities'), 'no front matter at all'))).toHaveProperty('_');
  });

  it('checks every entry of a JSON list, with its position, and unique ids', () => {
    const faq = JSON.parse(readFileSync('src/content/faq.json', 'utf8')) as Record<string, unknown>[];
    const broken = faq.map((e, i) => (i === 2 ? { ...e, topic: 'parking' } : e));
    expect(fieldsOf(() => checkContentFile(collection('faq'), JSON.stringify(broken)))).toHaveProperty('2.topic');
    const twice = [...faq, { ...faq[0] }];
    expect(fieldsOf(() => checkContentFile(collection('faq'), JSON.stringify(twice)))).toHaveProperty(`${faq.length}.id`);
    expect(fieldsOf(() => checkContentFile(collection('faq'), '{"not": "a list"}'))).toHaveProperty('_');
    expect(fieldsOf(() => checkContentFile(collection('reviews'), '[{"id":"x","author":"A","city":"B","rating":6,"text":"t","rented":"r"}]'))).toHaveProperty('0.rating');
    expect(fieldsOf(() => checkContentFile(collection('faq'), '[oops'))).toHaveProperty('_');
  });

  it('refuses an oversized file', () => {
    const big = roundRock + 'x'.repeat(MAX_CONTENT_FILE_BYTES);
    expect(fieldsOf(() => checkContentFile(collection('cities'), big))).toHaveProperty('raw');
  });
});

describe('what the audit log records of a change', () => {
  it('names the changed fields and whether the copy changed', () => {
    const after = roundRock.replace(/^terrain:.*$/m, "terrain: 'Clay everywhere'");
    expect(changedFields(collection('cities'), roundRock, after)).toEqual({ fields: ['terrain'], body: false });
    expect(changedFields(collection('cities'), roundRock, `${roundRock}\nOne more paragraph.`)).toEqual({ fields: [], body: true });
  });
});
