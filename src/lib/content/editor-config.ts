import { z } from '../validation';
import { CONTENT_REPO_FOLDER, contentCollections, type ContentCollection } from './collections';
import { adminApi } from '../paths';

/**
 * The browser editor's (Decap CMS) configuration, derived from the collections' zod schemas, so a
 * field added to, removed from or made optional in a schema reaches the editor without a second list
 * to keep in step (editor-config.test.ts checks the result against src/content.config.ts).
 */

/** Where the editor's backend (Decap's `proxy` protocol) is answered: netlify/functions/admin-content.ts. */
export const CONTENT_API_PATH = adminApi.content;
/** Decap format for a JSON file holding a list of entries; registered by the editor page's script. */
export const JSON_LIST_FORMAT = 'json-list';
/** The one field of a JSON list file in the editor (Decap edits objects, not bare lists). */
export const JSON_LIST_FIELD = 'items';

/** Text fields edited in a multi-line box rather than one line. */
const MULTILINE = new Set(['terrain', 'summerNote', 'answer', 'text', 'summary', 'description']);

/** Labels where the field name alone reads badly. */
const LABELS: Record<string, string> = {
  driveMinutes: 'Drive from the warehouse (minutes)',
  neighbours: 'Neighbouring towns (their page names, e.g. grove-city)',
  categorySlug: 'Product category (its web address name)',
  summerNote: 'Summer note',
  id: 'Id (lower-case words joined by dashes)',
};

export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export type EditorField = {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  options?: string[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  default?: unknown;
  fields?: EditorField[];
  field?: EditorField;
  summary?: string;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
};

/** JSON Schema of a zod object as the files hold it (input side: defaults make a field optional). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      // Dates are written as YYYY-MM-DD in the files (z.coerce.date reads them).
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date' });
    },
  }) as JsonSchema;
}

export const humanLabel = (name: string): string => LABELS[name] ?? (name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()).replace(/(?<= )[A-Z](?=[a-z])/g, (c) => c.toLowerCase()));

/** One editor field for one schema property. */
export function editorField(name: string, schema: JsonSchema, required: boolean): EditorField {
  const base = { name, label: humanLabel(name), ...(required ? {} : { required: false }) };
  if (schema.enum) return { ...base, widget: 'select', options: schema.enum.map(String) };
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'date') return { ...base, widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
      const pattern: [string, string] | undefined = schema.pattern
        ? [schema.pattern, `Must match ${schema.pattern}`]
        : schema.maxLength !== undefined
          ? [`^[\\s\\S]{0,${schema.maxLength}}$`, `At most ${schema.maxLength} characters`]
          : undefined;
      return { ...base, widget: MULTILINE.has(name) ? 'text' : 'string', ...(pattern ? { pattern } : {}) };
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (schema.type === 'integer' ? 1 : 0) : undefined);
      const max = schema.maximum !== undefined && Math.abs(schema.maximum) < 1e9 ? schema.maximum : undefined;
      return { ...base, widget: 'number', value_type: schema.type === 'integer' ? 'int' : 'float', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'boolean':
      return { ...base, widget: 'boolean', default: false };
    case 'array': {
      const items = schema.items ?? { type: 'string' };
      const list = { ...base, widget: 'list', ...(schema.minItems ? { min: schema.minItems } : {}) };
      if (items.type === 'object') {
        const fields = objectFields(items);
        return { ...list, fields, summary: `{{fields.${fields[0]?.name ?? 'name'}}}` };
      }
      // One value per item: each row shows its text when the list is collapsed.
      return { ...list, summary: '{{fields.item}}', field: editorField('item', items, true) };
    }
    case 'object':
      return { ...base, widget: 'object', fields: objectFields(schema) };
    default:
      throw new Error(`The editor has no widget for the field "${name}" (${JSON.stringify(schema)}): add one in editor-config.ts.`);
  }
}

function objectFields(schema: JsonSchema): EditorField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => editorField(name, property, required.has(name)));
}

/** The fields an entry of a collection has in the editor: the schema's, plus the body or the list entry's id. */
export function collectionFields(collection: ContentCollection): EditorField[] {
  const fields = objectFields(jsonSchemaOf(collection.schema));
  if (collection.kind === 'markdown-folder') return [...fields, { name: 'body', label: 'Page copy', widget: 'markdown' }];
  return [{ name: 'id', label: humanLabel('id'), widget: 'string', pattern: ['^[a-z0-9]+(-[a-z0-9]+)*$', 'Lower-case words joined by dashes'] }, ...fields];
}

/** Which field names an entry in the editor's lists. */
const IDENTIFIER: Record<string, string> = { cities: 'city', services: 'name', pages: 'title', faq: 'question', reviews: 'author', citiesEs: 'city', servicesEs: 'name', pagesEs: 'title', faqEs: 'question', reviewsEs: 'text' };

/**
 * What a Spanish collection says above its entries: that an entry is the English one's words (same file
 * name or id), and which English entries have no Spanish one yet (their /es pages show the English).
 */
export function spanishDescription(missing: readonly string[] | undefined): string {
  const rule = 'The Spanish words of the English entry with the same name; the facts stay in the English entry.';
  if (!missing) return rule;
  return missing.length ? `${rule} Spanish missing (the Spanish pages show the English): ${missing.join(', ')}.` : `${rule} Every English entry has its Spanish one.`;
}

function editorCollection(collection: ContentCollection, missing: Record<string, readonly string[]>) {
  const fields = collectionFields(collection);
  const description = 'translates' in collection ? { description: spanishDescription(missing[collection.name]) } : {};
  if (collection.kind === 'markdown-folder') {
    return {
      name: collection.name,
      label: collection.label,
      ...description,
      folder: `${CONTENT_REPO_FOLDER}/${collection.folder}`,
      extension: 'md',
      format: 'frontmatter',
      // A new town's page is a new file; services and information pages are tied to code (a category, a route).
      create: collection.name === 'cities' || collection.name === 'citiesEs',
      delete: false,
      slug: `{{${IDENTIFIER[collection.name]}}}`,
      identifier_field: IDENTIFIER[collection.name],
      fields,
    };
  }
  const identifier = IDENTIFIER[collection.name]!;
  return {
    name: collection.name,
    label: collection.label,
    ...description,
    // Decap reads a file's format from its collection (a format on the file entry is ignored).
    format: JSON_LIST_FORMAT,
    delete: false,
    files: [
      {
        name: collection.name,
        label: collection.label,
        file: `${CONTENT_REPO_FOLDER}/${collection.file}`,
        fields: [{ name: JSON_LIST_FIELD, label: collection.label, widget: 'list', summary: `{{fields.${identifier}}}`, fields }],
      },
    ],
  };
}

export type EditorConfig = ReturnType<typeof editorConfig>;

/**
 * The whole configuration given to `CMS.init`. The backend is Decap's `proxy` protocol answered by
 * this site's own function, behind the staff session: no Git provider account, token or OAuth app
 * in the browser.
 */
export function editorConfig(options: { siteUrl: string; branch: string; spanishMissing?: Record<string, readonly string[]> }) {
  return {
    load_config_file: false,
    backend: { name: 'proxy', proxy_url: CONTENT_API_PATH, branch: options.branch },
    publish_mode: 'simple',
    // Decap requires a media folder; uploads are refused by the endpoint (no content field is an image).
    media_folder: 'public/content-media',
    site_url: options.siteUrl,
    display_url: options.siteUrl,
    search: false,
    collections: contentCollections.map((c) => editorCollection(c, options.spanishMissing ?? {})),
  };
}
