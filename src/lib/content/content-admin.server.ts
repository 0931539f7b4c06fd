import type { Audit } from '../auth/index.server';
import type { Database } from '../db/index.server';
import { AppError } from '../http';
import { requestRebuild } from '../publishing/index.server';
import { z } from '../validation';
import { changedFields, checkContentFile, contentFolder, contentPath, entryFiles, unknownPlaceholderFields } from './content-files';
import type { ContentStore } from './content-store.server';
import { closestField, contentCollections, type ContentCollection } from './collections';
import { missingTranslations } from './localized';

/**
 * The content editor's backend: Decap CMS's `proxy` protocol (the actions decap-server answers at
 * /api/v1: `{action, params}` in, the entries out), behind the staff session. Reads list and open the
 * content files; a save is checked against its collection's schema, then written (working tree or a
 * Git commit), audited and, locally, queued for the next "Publish now".
 */
export const contentRequest = z.object({
  action: z.string({ error: 'Say what to do' }).max(60),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ContentRequest = z.infer<typeof contentRequest>;

const folderParams = z.object({ folder: z.string().max(200) });
const filesParams = z.object({ files: z.array(z.object({ path: z.string().max(300), label: z.string().max(200).optional() })).max(20) });
const pathParams = z.object({ path: z.string().max(300) });
const dataFile = z.object({ path: z.string().max(300), raw: z.string(), newPath: z.string().max(300).optional().nullable(), slug: z.string().max(200).optional() });
const persistParams = z.object({
  dataFiles: z.array(dataFile).min(1, 'Nothing to save').max(1, 'Save one entry at a time').optional(),
  entry: dataFile.optional(),
  assets: z.array(z.unknown()).default([]),
  options: z.looseObject({ commitMessage: z.string().max(500).optional(), newEntry: z.boolean().optional() }).default({}),
});

function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) {
    const fields = Object.fromEntries(result.error.issues.map((i) => [['params', ...i.path].join('.'), i.message]));
    throw new AppError('validation', 'The editor sent a request this site does not understand.', fields);
  }
  return result.data;
}

type EntryAnswer = { data: string | null; file: { path: string; label?: string; id: string | null } };

async function entry(store: ContentStore, repoPath: string, label?: string): Promise<EntryAnswer> {
  const { relative } = contentPath(repoPath);
  const found = await store.read(relative);
  return { data: found?.data ?? null, file: { path: repoPath, ...(label ? { label } : {}), id: found?.id ?? null } };
}

export interface ContentContext {
  sql: Database;
  store: ContentStore | null;
  audit: Audit;
  staff: { name: string; email: string };
  /** The placeholders the build fills in ({business}, {city} …): any other `{word}` in a save is refused as a typo. */
  placeholders?: readonly string[];
}

/** Reads a few files at a time: a GitHub folder of 30 cities is 30 requests. */
async function inBatches<T, R>(items: T[], size: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(each))));
  return out;
}

export async function contentAction(request: ContentRequest, context: ContentContext): Promise<unknown> {
  const { store } = context;
  if (!store) {
    throw new AppError(
      'unavailable',
      'The content editor cannot save on this deployment: set CONTENT_GIT_REPO, CONTENT_GIT_TOKEN (and CONTENT_GIT_BRANCH) in the site’s environment so it commits to your repository.',
    );
  }
  const { action, params } = request;
  switch (action) {
    case 'info':
      return { repo: 'content', publish_modes: ['simple'], type: store.kind === 'local' ? 'local_fs' : 'github' };
    case 'entriesByFolder': {
      const collection = contentFolder(parseParams(folderParams, params).folder);
      const files = entryFiles(collection, await store.list(collection.folder));
      return inBatches(files, 8, (file) => entry(store, file));
    }
    case 'entriesByFiles': {
      const { files } = parseParams(filesParams, params);
      return inBatches(files, 8, (file) => entry(store, file.path, file.label));
    }
    case 'getEntry':
      return entry(store, parseParams(pathParams, params).path);
    case 'persistEntry':
      return persistEntry(parseParams(persistParams, params), context, store);
    // The content has no image fields: nothing to list, and uploads are refused.
    case 'getMedia':
      return [];
    case 'getDeployPreview':
      return null;
    case 'unpublishedEntries':
      return [];
    case 'persistMedia':
    case 'getMediaFile':
      throw new AppError('validation', 'The content editor does not take images.', { action: 'Images cannot be uploaded here.' });
    case 'deleteFile':
    case 'deleteFiles':
      throw new AppError('validation', 'Content files are not deleted from the editor: a page a town or service needs would disappear. Ask a developer.', { action: 'Deleting is not possible here.' });
    default:
      throw new AppError('validation', `The content editor cannot "${action.slice(0, 60)}".`, { action: 'Unknown action' });
  }
}

async function persistEntry(params: z.infer<typeof persistParams>, context: ContentContext, store: ContentStore) {
  const file = params.dataFiles?.[0] ?? params.entry;
  if (!file) throw new AppError('validation', 'Nothing to save.', { 'params.dataFiles': 'Nothing to save' });
  if (params.assets.length) throw new AppError('validation', 'The content editor does not take images.', { 'params.assets': 'Images cannot be uploaded here.' });
  if (file.newPath && file.newPath !== file.path) {
    throw new AppError('validation', 'An entry’s file name cannot change: its web address would break. Change the title instead.', { 'params.dataFiles.0.newPath': 'Renaming is not possible here.' });
  }
  const target = contentPath(file.path);
  checkContentFile(target.collection, file.raw);
  await checkTranslates(store, target.collection, target.relative, file.raw);
  if (context.placeholders) {
    const typos = unknownPlaceholderFields(target.collection, file.raw, context.placeholders);
    if (Object.keys(typos).length) throw new AppError('validation', Object.values(typos).join(' '), typos);
  }
  const before = await store.read(target.relative);
  if (params.options.newEntry && before) throw new AppError('conflict', `There is already an entry at ${target.repoPath}.`, { path: 'Already exists' });
  const changes = changedFields(target.collection, before?.data ?? null, file.raw);
  const message = (params.options.commitMessage || `Update ${target.repoPath}`).slice(0, 200);
  await context.sql.begin(async (tx) => {
    await context.audit(tx, {
      action: before ? 'content.update' : 'content.create',
      entity: 'content',
      entityId: target.repoPath,
      before: before ? { id: before.id } : null,
      after: { ...changes, store: store.kind },
    });
    // A commit rebuilds the deployed site by itself; the working tree is published by "Publish now".
    if (store.kind === 'local') await requestRebuild(tx, `Content: ${target.repoPath}`);
    // Last, inside the transaction: a write that fails leaves no audit entry and no rebuild request.
    await store.write(target.relative, file.raw, { message: `${message} (content editor, ${context.staff.name})`, author: context.staff });
  });
  return { message: 'entry persisted' };
}

/**
 * A Spanish entry is the words of the English entry with its name (file name or list id): one with no
 * English twin is never built, and the editor neither renames nor deletes, so a mistyped new town or id
 * would stay in the repository for good while the real one is still listed as missing. Refused, naming
 * the entry and the English one it probably meant.
 */
async function checkTranslates(store: ContentStore, collection: ContentCollection, relative: string, raw: string): Promise<void> {
  if (!('translates' in collection)) return;
  const english = contentCollections.find((c) => c.name === collection.translates)!;
  const names = await entryNames(store, english);
  if (!names) return;
  const fields: Record<string, string> = {};
  const explain = (name: string) => {
    const meant = closestField(name, names);
    return `No English entry is named "${name}": a Spanish entry translates the English one of the same name${meant ? ` (did you mean "${meant}"?)` : ''}. Write the English one first.`;
  };
  if (collection.kind === 'markdown-folder') {
    const name = relative.split('/').at(-1)!.slice(0, -3);
    if (!names.includes(name)) fields.path = explain(name);
  } else {
    (JSON.parse(raw) as { id: string }[]).forEach(({ id }, index) => {
      if (!names.includes(id)) fields[`${index}.id`] = explain(id);
    });
  }
  const problems = Object.values(fields);
  if (problems.length) throw new AppError('validation', problems.join(' '), fields);
}

/** The entries' names (file names without `.md`, or list ids) of one collection as the store holds them; null when unreadable. */
async function entryNames(store: ContentStore, collection: ContentCollection): Promise<string[] | null> {
  if (collection.kind === 'markdown-folder') return entryFiles(collection, await store.list(collection.folder)).map((file) => file.split('/').at(-1)!.slice(0, -3));
  const found = await store.read(collection.file);
  if (!found) return [];
  try {
    const list: unknown = JSON.parse(found.data);
    return Array.isArray(list) ? list.map((e: { id?: unknown }) => String(e?.id ?? '')) : null;
  } catch {
    return null;
  }
}

/**
 * Per Spanish collection, the English entries that have no Spanish one yet (their /es pages show the
 * English words): the editor lists them above the Spanish collection, for the staff who can fix it.
 * Read from the store the editor saves to, so the list is the repository's, not the last build's.
 */
export async function spanishMissing(store: ContentStore): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const spanish of contentCollections.filter((c) => 'translates' in c)) {
    const english = contentCollections.find((c) => c.name === spanish.translates);
    if (!english) continue;
    const [en, es] = await Promise.all([entryNames(store, english), entryNames(store, spanish)]);
    if (en && es) out[spanish.name] = missingTranslations(en, es);
  }
  return out;
}
