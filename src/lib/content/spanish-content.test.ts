import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentCollections, type ContentCollection } from './collections';
import { checkContentFile } from './content-files';
import { linksToEnglishTwins, missingTranslations } from './localized';

/**
 * The shipped Spanish content (issue #40): every file passes the check the browser editor's save runs,
 * and every town, review and service the demo shows has its Spanish entry, so no /es page of the demo
 * falls back to English (the fallback is for an owner's new entry, marked for staff).
 */
const collections: readonly ContentCollection[] = contentCollections;
const collection = (name: string) => collections.find((c) => c.name === name)!;
const files = (folder: string) => readdirSync(`src/content/${folder}`).filter((f) => f.endsWith('.md'));
const ids = (file: string) => (JSON.parse(readFileSync(`src/content/${file}`, 'utf8')) as { id: string }[]).map((e) => e.id);

describe('the shipped Spanish content', () => {
  it('passes the content editor’s check, file by file', () => {
    for (const c of collections.filter((c) => c.translates)) {
      if (c.kind === 'markdown-folder') for (const f of files(c.folder)) expect(() => checkContentFile(c, readFileSync(`src/content/${c.folder}/${f}`, 'utf8')), `${c.folder}/${f}`).not.toThrow();
      else expect(() => checkContentFile(c, readFileSync(`src/content/${c.file}`, 'utf8')), c.file).not.toThrow();
    }
  });

  it('has a Spanish entry for every town, service and review, and none without its English one', () => {
    for (const folder of ['cities', 'services']) {
      expect(missingTranslations(files(folder), files(`es/${folder}`)), folder).toEqual([]);
      expect(missingTranslations(files(`es/${folder}`), files(folder)), `es/${folder}`).toEqual([]);
    }
    expect(missingTranslations(ids('reviews.json'), ids('es/reviews.json'))).toEqual([]);
    expect(missingTranslations(ids('es/reviews.json'), ids('reviews.json'))).toEqual([]);
  });

  it('links to the Spanish version of a page wherever there is one', () => {
    const spanishFiles = readdirSync('src/content/es', { recursive: true, encoding: 'utf8' }).filter((f) => /\.(md|json)$/.test(f));
    for (const f of spanishFiles) expect(linksToEnglishTwins(readFileSync(`src/content/es/${f}`, 'utf8')), `es/${f}`).toEqual([]);
  });

  it('names each town as its English file does', () => {
    for (const f of files('es/cities')) {
      const name = (folder: string) => /^city: (.*)$/m.exec(readFileSync(`src/content/${folder}/${f}`, 'utf8'))?.[1];
      expect(name('es/cities'), f).toBe(name('cities'));
    }
    expect(collection('citiesEs').translates).toBe('cities');
  });
});
