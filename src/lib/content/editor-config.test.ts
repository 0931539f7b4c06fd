import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { collectionFields, editorConfig, JSON_LIST_FIELD, type EditorField } from './editor-config';
import { contentCollections } from './collections';

// src/content.config.ts itself, as the build reads it: Astro's virtual module and loaders stand in
// as plain records so its collections' schemas and folders can be compared with the editor's.
vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c }));
vi.mock('astro/loaders', () => ({
  glob: (options: { pattern: string; base: string }) => ({ kind: 'glob', ...options }),
}));
const { collections } = (await import('../../content.config')) as unknown as {
  collections: Record<string, { schema: z.ZodObject; loader: { kind: 'glob'; pattern: string; base: string } | { kind?: undefined; name: string; file: string } }>;
};

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; checks?: { _zod: { def: { check: string; format?: string } } }[] };
const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The widget a schema field needs, read from zod's own definition (independently of editor-config.ts). */
function expectedWidget(schema: z.ZodType): { widget: string[]; required: boolean; valueType?: 'int' | 'float'; inner: z.ZodType } {
  let s = schema;
  let required = true;
  while (['optional', 'default', 'nullable'].includes(def(s).type)) {
    required = false;
    s = def(s).innerType!;
  }
  const d = def(s);
  switch (d.type) {
    case 'string':
      return { widget: ['string', 'text'], required, inner: s };
    case 'number':
      return { widget: ['number'], required, valueType: d.checks?.some((c) => c._zod.def.format === 'safeint') ? 'int' : 'float', inner: s };
    case 'boolean':
      return { widget: ['boolean'], required, inner: s };
    case 'enum':
      return { widget: ['select'], required, inner: s };
    case 'date':
      return { widget: ['datetime'], required, inner: s };
    case 'array':
      return { widget: ['list'], required, inner: s };
    case 'object':
      return { widget: ['object'], required, inner: s };
    default:
      throw new Error(`no expectation for zod type ${d.type}`);
  }
}

function compareFields(where: string, shape: Record<string, z.ZodType>, fields: EditorField[]) {
  expect(fields.map((f) => f.name).sort(), `${where}: the editor's fields are the schema's`).toEqual(Object.keys(shape).sort());
  for (const field of fields) {
    const expected = expectedWidget(shape[field.name]!);
    const at = `${where}.${field.name}`;
    expect(expected.widget, `${at}: widget ${field.widget}`).toContain(field.widget);
    expect(field.required !== false, `${at}: required`).toBe(expected.required);
    if (expected.valueType) expect(field.value_type, `${at}: number type`).toBe(expected.valueType);
    const inner = def(expected.inner);
    if (inner.type === 'enum') expect(field.options, `${at}: choices`).toEqual((expected.inner as unknown as { options: string[] }).options);
    if (inner.type === 'array') {
      const element = def(inner.element!);
      if (element.type === 'object') compareFields(at, element.shape!, field.fields ?? []);
      else expect(expectedWidget(inner.element!).widget, `${at}[]: widget`).toContain(field.field?.widget);
    }
  }
}

describe('the content editor’s fields match src/content.config.ts', () => {
  const config = editorConfig({ siteUrl: 'https://example.com', branch: 'main' });

  it('has one editor collection per content collection, reading the folders and files the build reads', () => {
    expect(config.collections.map((c) => c.name).sort()).toEqual(Object.keys(collections).sort());
    for (const [name, { loader }] of Object.entries(collections)) {
      const editor = config.collections.find((c) => c.name === name)!;
      if (loader.kind === 'glob') {
        expect(loader.pattern).toBe('*.md');
        expect('folder' in editor && editor.folder, name).toBe(loader.base.replace(/^\.\//, ''));
        expect(loader.base).toMatch(/^\.\/src\/content\/(es\/)?[a-z]+$/);
      } else {
        // The lists are read by the loader that stops the build on a broken file (json-list-loader.server.ts).
        expect(loader.name, name).toBe('json-list-loader');
        expect('files' in editor && editor.files[0]!.file, name).toBe(loader.file.replace(/^\.\//, ''));
      }
    }
  });

  it('has every schema field, with a widget of its type, required exactly when the schema requires it', () => {
    for (const [name, { schema }] of Object.entries(collections)) {
      const editor = config.collections.find((c) => c.name === name)!;
      if ('folder' in editor) {
        const fields = editor.fields ?? [];
        const body = fields.find((f) => f.name === 'body');
        expect(body?.widget, `${name}: the page copy`).toBe('markdown');
        compareFields(name, schema.shape, fields.filter((f) => f.name !== 'body'));
      } else {
        const list = editor.files[0]!.fields[0]!;
        expect(list).toMatchObject({ name: JSON_LIST_FIELD, widget: 'list' });
        expect(list.fields[0]).toMatchObject({ name: 'id', widget: 'string' });
        compareFields(name, schema.shape, list.fields.slice(1));
      }
    }
  });

  it('fails when a field is missing or has the wrong widget (the check itself can fail)', () => {
    const cities = contentCollections.find((c) => c.name === 'cities')!;
    const fields = collectionFields(cities).filter((f) => f.name !== 'body');
    expect(() => compareFields('cities', collections.cities!.schema.shape, fields.filter((f) => f.name !== 'terrain'))).toThrow(/fields are the schema/);
    expect(() => compareFields('cities', collections.cities!.schema.shape, fields.map((f) => (f.name === 'driveMinutes' ? { ...f, widget: 'string' } : f)))).toThrow(/driveMinutes: widget/);
    expect(() => compareFields('cities', collections.cities!.schema.shape, fields.map((f) => (f.name === 'city' ? { ...f, required: false } : f)))).toThrow(/city: required/);
  });

  it('carries the schema’s limits the editor can check as you type', () => {
    const field = (collection: string, name: string) => collectionFields(contentCollections.find((c) => c.name === collection)!).find((f) => f.name === name)!;
    expect(field('cities', 'state').pattern?.[0]).toBe('^[A-Z]{2}$');
    expect(field('cities', 'driveMinutes')).toMatchObject({ widget: 'number', value_type: 'int', min: 1 });
    expect(field('reviews', 'rating')).toMatchObject({ widget: 'number', value_type: 'int', min: 1, max: 5 });
    expect(field('services', 'summary').pattern?.[1]).toBe('At most 200 characters');
    expect(field('services', 'highlights')).toMatchObject({ widget: 'list', min: 2, field: { widget: 'string' } });
    expect(field('faq', 'topic')).toMatchObject({ widget: 'select', options: ['booking', 'payment', 'delivery', 'safety', 'weather', 'cakes'] });
    expect(field('pages', 'updated')).toMatchObject({ widget: 'datetime', required: false, format: 'YYYY-MM-DD' });
  });

  it('talks to this site’s own content endpoint, never to a Git provider from the browser', () => {
    expect(config.backend).toEqual({ name: 'proxy', proxy_url: '/api/admin/content', branch: 'main' });
    expect(config.load_config_file).toBe(false);
  });
});
