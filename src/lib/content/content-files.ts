import yaml from 'js-yaml';
import { AppError } from '../http';
import { z } from '../validation';
import { closestField, CONTENT_REPO_FOLDER, contentCollections, type ContentCollection } from './collections';

/**
 * What the content endpoint may read and write, and the check a file passes before it is written.
 * Pure: the store (content-store.server.ts) does the I/O with the relative paths decided here.
 */

/** Largest content file accepted (the longest shipped file is about 10 KB). */
export const MAX_CONTENT_FILE_BYTES = 200 * 1024;
/** Most entries a JSON list (FAQ, reviews) may hold. */
export const MAX_LIST_ENTRIES = 500;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface ContentPath {
  collection: ContentCollection;
  /** Path under the content folder, e.g. `cities/springfield.md`. */
  relative: string;
  /** The repository path the editor uses, e.g. `src/content/cities/springfield.md`. */
  repoPath: string;
}

const refused = (path: unknown) =>
  new AppError('validation', 'The editor may only open the content files (cities, services, pages, FAQ and reviews).', { path: `Not a content file: ${String(path).slice(0, 120)}` });

/**
 * A repository path the editor names, checked against the list of content files: a Markdown file
 * with a plain slug name directly in a collection's folder, or one of the JSON list files. Anything
 * else (`..`, absolute paths, backslashes, encoded characters, other folders or extensions) is
 * refused, so nothing outside `src/content` can be read or written whatever the path says.
 */
export function contentPath(path: unknown): ContentPath {
  if (typeof path !== 'string' || path.length > 200 || !path.startsWith(`${CONTENT_REPO_FOLDER}/`)) throw refused(path);
  const relative = path.slice(CONTENT_REPO_FOLDER.length + 1);
  for (const collection of contentCollections) {
    if (collection.kind === 'json-list' && relative === collection.file) return { collection, relative, repoPath: path };
    if (collection.kind === 'markdown-folder' && relative.startsWith(`${collection.folder}/`)) {
      const name = relative.slice(collection.folder.length + 1);
      if (name.endsWith('.md') && SLUG.test(name.slice(0, -3))) return { collection, relative, repoPath: path };
    }
  }
  throw refused(path);
}

/** The Markdown collection whose folder the editor lists (`src/content/cities`). */
export function contentFolder(folder: unknown): Extract<ContentCollection, { kind: 'markdown-folder' }> {
  const found = contentCollections.find((c) => c.kind === 'markdown-folder' && typeof folder === 'string' && folder.replace(/\/$/, '') === `${CONTENT_REPO_FOLDER}/${c.folder}`);
  if (!found || found.kind !== 'markdown-folder') throw new AppError('validation', 'Not a content folder.', { folder: `Not a content folder: ${String(folder).slice(0, 120)}` });
  return found;
}

/** A folder listing's file names that are entries (plain slug `.md` names), as repository paths. */
export function entryFiles(collection: Extract<ContentCollection, { kind: 'markdown-folder' }>, names: string[]): string[] {
  return names
    .filter((name) => name.endsWith('.md') && SLUG.test(name.slice(0, -3)))
    .sort()
    .map((name) => `${CONTENT_REPO_FOLDER}/${collection.folder}/${name}`);
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/;

/** The fields of a file as the build reads them: front matter (YAML, as Astro parses it) or the JSON list. */
export function parseContentFile(collection: ContentCollection, raw: string): { data: unknown; body: string | null } {
  if (collection.kind === 'json-list') {
    try {
      return { data: JSON.parse(raw), body: null };
    } catch (error) {
      throw new AppError('validation', 'The file is not valid JSON.', { _: `Not valid JSON: ${(error as Error).message}` });
    }
  }
  const match = FRONT_MATTER.exec(raw);
  if (!match) throw new AppError('validation', 'The page has no front matter.', { _: 'The file must start with front matter between --- lines.' });
  try {
    return { data: yaml.load(match[1]!) ?? {}, body: match[2]! };
  } catch (error) {
    throw new AppError('validation', 'The front matter is not valid YAML.', { _: `Not valid YAML: ${(error as Error).message.split('\n')[0]}` });
  }
}

const fieldName = (path: PropertyKey[]) => path.map(String).join('.') || '_';

/**
 * A file the editor wants to write, checked as the build will check it: its size, its format and
 * every field against the collection's schema, so a save that would break the build is refused with
 * the field it names (a 400), and the site keeps building.
 */
export function checkContentFile(collection: ContentCollection, raw: string): void {
  if (typeof raw !== 'string') throw new AppError('validation', 'The file content is missing.', { raw: 'The file content is missing.' });
  if (new TextEncoder().encode(raw).length > MAX_CONTENT_FILE_BYTES) {
    throw new AppError('validation', `The file is larger than ${MAX_CONTENT_FILE_BYTES / 1024} KB.`, { raw: `Keep a content file under ${MAX_CONTENT_FILE_BYTES / 1024} KB.` });
  }
  if (raw.includes('\0')) throw new AppError('validation', 'The file contains a NUL character.', { raw: 'The file contains a NUL character.' });
  const { data } = parseContentFile(collection, raw);
  const fields: Record<string, string> = {};
  if (collection.kind === 'markdown-folder') {
    const result = collection.schema.safeParse(data);
    if (!result.success) for (const issue of result.error.issues) fields[fieldName(issue.path)] ??= issue.message;
  } else {
    const list = z.array(z.looseObject({ id: z.string().regex(SLUG, 'Use lower-case words joined by dashes') })).max(MAX_LIST_ENTRIES).safeParse(data);
    if (!list.success) for (const issue of list.error.issues) fields[fieldName(issue.path)] ??= issue.message;
    else {
      const seen = new Set<string>();
      list.data.forEach(({ id, ...entry }, index) => {
        if (seen.has(id)) fields[`${index}.id`] ??= `Another entry already has the id "${id}"`;
        seen.add(id);
        const result = collection.schema.safeParse(entry);
        if (!result.success) for (const issue of result.error.issues) fields[fieldName([index, ...issue.path])] ??= issue.message;
      });
    }
  }
  const names = Object.keys(fields);
  if (names.length) throw new AppError('validation', `This would break the site's build: ${names.map((n) => `${n}: ${fields[n]}`).join('; ')}`, fields);
}

/** Which front-matter fields (or list entries) and whether the body differ between two versions: for the audit log. */
export function changedFields(collection: ContentCollection, before: string | null, after: string): { fields: string[]; body: boolean } {
  const parse = (raw: string | null) => {
    if (raw === null) return { data: {} as Record<string, unknown>, body: null as string | null };
    try {
      const { data, body } = parseContentFile(collection, raw);
      const record = Array.isArray(data) ? Object.fromEntries(data.map((e: { id?: unknown }, i) => [String(e?.id ?? i), e])) : (data as Record<string, unknown>);
      return { data: record ?? {}, body };
    } catch {
      return { data: {}, body: raw };
    }
  };
  const a = parse(before);
  const b = parse(after);
  const keys = [...new Set([...Object.keys(a.data), ...Object.keys(b.data)])];
  const fields = keys.filter((k) => JSON.stringify(a.data[k]) !== JSON.stringify(b.data[k]));
  return { fields, body: (a.body ?? '').trim() !== (b.body ?? '').trim() };
}

/** Every string of an entry's data with where it is (`faq.0.answer`, `2.question` in a list). */
export function stringsIn(value: unknown, path: string[] = []): { field: string; text: string }[] {
  if (typeof value === 'string') return [{ field: path.join('.') || '_', text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...path, key]));
  return [];
}

/** The `{word}`s a text holds, each as often as it is written: where the build fills in a placeholder. */
export const bracedWords = (text: string): string[] => [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!);

/**
 * The `{words}` of a file that are not placeholders, by field (`body` for a page's copy): the build
 * leaves such a word as written, so a mistyped `{bussiness}` reached the public page as it was typed.
 * `placeholders` are the names the build fills in (src/lib/site/content-placeholders.ts, a layer above).
 */
export function unknownPlaceholderFields(collection: ContentCollection, raw: string, placeholders: readonly string[]): Record<string, string> {
  const { data, body } = parseContentFile(collection, raw);
  const texts = [...stringsIn(data), ...(body === null ? [] : [{ field: 'body', text: body }])];
  const fields: Record<string, string> = {};
  for (const { field, text } of texts) {
    const unknown = bracedWords(text).filter((name) => !placeholders.includes(name));
    if (unknown.length === 0) continue;
    fields[field] = [...new Set(unknown)]
      .map((name) => {
        const meant = closestField(name, placeholders);
        return `{${name}} is not a placeholder${meant ? `: did you mean {${meant}}?` : ', and the page would show it as typed.'}`;
      })
      .join(' ');
  }
  return fields;
}
