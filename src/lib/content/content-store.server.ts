import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http';
import { CONTENT_REPO_FOLDER } from './collections';

/**
 * Where the content files are read and written: the working tree (`npm start`, `npm run dev`) or a
 * GitHub repository through its REST API (deployed, where a commit rebuilds the site). Paths are
 * relative to the content folder and already checked by content-files.ts.
 */
export interface ContentStore {
  kind: 'local' | 'github';
  /** The file's text and a version id (its SHA-256 locally, the blob SHA on GitHub); null when absent. */
  read(relative: string): Promise<{ data: string; id: string } | null>;
  /** File names directly in a folder. */
  list(folder: string): Promise<string[]>;
  write(relative: string, data: string, change: { message: string; author: { name: string; email: string } }): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The working tree's content folder (CONTENT_DIR, default src/content). */
export function localContentStore(root: string): ContentStore {
  const base = path.resolve(root);
  // A second guard under the path whitelist: whatever the path, the file is inside the folder.
  const inside = (relative: string) => {
    const full = path.resolve(base, relative);
    if (!full.startsWith(base + path.sep)) throw new AppError('validation', 'Not a content file.', { path: 'Not a content file.' });
    return full;
  };
  return {
    kind: 'local',
    async read(relative) {
      try {
        const data = await readFile(inside(relative), 'utf8');
        return { data, id: sha256(data) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async list(folder) {
      try {
        return (await readdir(inside(folder), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async write(relative, data) {
      const full = inside(relative);
      await mkdir(path.dirname(full), { recursive: true });
      // Written beside and renamed over: a build reading the folder meanwhile sees the old file or the new one.
      const temporary = `${full}.saving-${randomBytes(4).toString('hex')}`;
      await writeFile(temporary, data, 'utf8');
      await rename(temporary, full);
    },
  };
}

export interface GitHubOptions {
  repo: string;
  branch: string;
  token: string;
  /** https://api.github.com, or a local double in tests. */
  apiBase?: string | undefined;
  fetch?: typeof fetch;
}

const GITHUB_TIMEOUT_MS = 15_000;

/**
 * GitHub's contents API (`GET`/`PUT /repos/{owner}/{repo}/contents/{path}`): each save is one commit
 * on the branch, authored by the staff member who saved it; Netlify builds the site from that commit.
 */
export function githubContentStore(options: GitHubOptions): ContentStore {
  const send = options.fetch ?? fetch;
  const api = (options.apiBase ?? 'https://api.github.com').replace(/\/$/, '');
  const url = (relative: string) => `${api}/repos/${options.repo}/contents/${CONTENT_REPO_FOLDER}/${relative.split('/').map(encodeURIComponent).join('/')}`;
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${options.token}`,
    'x-github-api-version': '2022-11-28',
    'user-agent': 'party-rental-content-editor',
  };
  const call = async (target: string, init: RequestInit = {}): Promise<Response | null> => {
    let response: Response;
    try {
      response = await send(target, { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) }, signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS) });
    } catch (cause) {
      console.error(`Content editor: GitHub could not be reached: ${(cause as Error).message}`);
      throw new AppError('unavailable', 'GitHub could not be reached. Try again in a minute.');
    }
    if (response.status === 404) return null;
    if (response.status === 409 || response.status === 422) {
      throw new AppError('conflict', 'Someone else changed this file a moment ago. Reload the editor and make your change again.');
    }
    if (!response.ok) {
      // The token never reaches the log or the answer; the status and GitHub's message do reach the log.
      console.error(`Content editor: GitHub answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      throw new AppError('unavailable', `GitHub refused the request (${response.status}). Check CONTENT_GIT_REPO, CONTENT_GIT_BRANCH and the token's access.`);
    }
    return response;
  };
  const ref = `ref=${encodeURIComponent(options.branch)}`;
  return {
    kind: 'github',
    async read(relative) {
      const response = await call(`${url(relative)}?${ref}`);
      if (!response) return null;
      const body = (await response.json()) as { content?: string; encoding?: string; sha: string; type?: string };
      if (body.type !== 'file' || body.encoding !== 'base64' || typeof body.content !== 'string') return null;
      return { data: Buffer.from(body.content, 'base64').toString('utf8'), id: body.sha };
    },
    async list(folder) {
      const response = await call(`${url(folder)}?${ref}`);
      if (!response) return [];
      const body = (await response.json()) as { name: string; type: string }[];
      return Array.isArray(body) ? body.filter((e) => e.type === 'file').map((e) => e.name) : [];
    },
    async write(relative, data, change) {
      const current = await this.read(relative);
      await call(url(relative), {
        method: 'PUT',
        body: JSON.stringify({
          message: change.message,
          content: Buffer.from(data, 'utf8').toString('base64'),
          branch: options.branch,
          author: change.author,
          ...(current ? { sha: current.id } : {}),
        }),
      });
    },
  };
}

/**
 * The store for this environment: GitHub when CONTENT_GIT_REPO is set; the working tree when running
 * on this computer; on a deployed site without a repository, none (its disk is read-only and is not
 * the repository, so a save there would be lost).
 */
export function contentStoreFor(settings: {
  onNetlify: boolean;
  contentDir: string;
  repo?: string | undefined;
  token?: string | undefined;
  branch: string;
  apiBase?: string | undefined;
}): ContentStore | null {
  if (settings.repo && settings.token) return githubContentStore({ repo: settings.repo, branch: settings.branch, token: settings.token, apiBase: settings.apiBase });
  if (settings.onNetlify) return null;
  return localContentStore(settings.contentDir);
}
