import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import type { AdminHandler } from '../../src/lib/admin/admin-route.server';

/**
 * The content editor's backend (Decap CMS's proxy protocol) on a copy of src/content: who may use it,
 * what it reads, what a save writes, audits and queues for publishing, and what it refuses. The Git
 * provider path runs against a local double of GitHub's contents API.
 */
let db: TestDatabase;
let contentDir: string;
let content: AdminHandler;
let editorPage: (req: Request, context: never) => Promise<Response>;
const cookies = {} as Record<'crew' | 'manager' | 'owner', string>;

beforeAll(async () => {
  db = await createMigratedDatabase();
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'content-'));
  await cp('src/content', contentDir, { recursive: true });
  useAdminEnv(db.url, { CONTENT_DIR: contentDir });
  for (const role of ['crew', 'manager', 'owner'] as const) cookies[role] = (await staffSession(db.sql, role)).cookie;
  content = (await import('../../netlify/functions/admin-content')).default;
  editorPage = (await import('../../netlify/functions/content-editor')).default as never;
});
afterAll(async () => {
  await closeAdminConnections();
  await rm(contentDir, { recursive: true, force: true });
  await db.drop();
});

const decap = (action: string, params: Record<string, unknown> = {}, cookie: string = cookies.manager, origin?: string | null) =>
  adminCall(content, 'POST', '/api/admin/content', { cookie, body: { action, params, branch: 'main' }, ...(origin === undefined ? {} : { origin }) });
const roundRockPath = 'src/content/cities/round-rock.md';
const onDisk = (relative: string) => readFile(path.join(contentDir, relative), 'utf8');
const persist = (file: string, raw: string, cookie: string = cookies.manager) =>
  decap('persistEntry', { dataFiles: [{ path: file, raw, slug: 'x' }], assets: [], options: { commitMessage: `Update ${file}` } }, cookie);

describe('who reaches the content editor', () => {
  it('serves the editor page to managers and owners only; others are sent to sign in or told why not', async () => {
    const get = (cookie?: string) => editorPage(new Request('http://localhost:4321/admin/content', { headers: cookie ? { cookie } : {} }), {} as never);
    const anonymous = await get();
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fcontent');
    const crew = await get(cookies.crew);
    expect(crew.status).toBe(403);
    const crewPage = await crew.text();
    expect(crewPage).toContain('Your role (crew) cannot edit');
    expect(crewPage).not.toContain('decap-cms.js');
    for (const role of ['manager', 'owner'] as const) {
      const page = await get(cookies[role]);
      expect(page.status, role).toBe(200);
      const html = await page.text();
      expect(html).toContain('/admin/decap-cms/3.16.3/decap-cms.js');
      expect(html).toContain('"proxy_url":"/api/admin/content"');
      // Its own policy: eval for Decap's config validator, still no other site's scripts and no framing.
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toMatch(/script-src 'self' 'sha256-[^']+' 'unsafe-eval' 'wasm-unsafe-eval'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/https?:/);
    }
  });

  it('refuses the backend to crew, to no session and to another site', async () => {
    expect((await decap('info', {}, cookies.crew)).status).toBe(403);
    expect((await decap('info', {}, '')).status).toBe(401);
    expect((await decap('info', {}, cookies.owner, 'https://evil.example')).status).toBe(403);
    expect((await decap('info', {}, cookies.owner, null)).status).toBe(403);
  });
});

describe('reading', () => {
  it('lists a collection’s entries with their text, and opens one', async () => {
    const info = await decap('info');
    expect(info.body).toEqual({ repo: 'content', publish_modes: ['simple'], type: 'local_fs' });
    const cities = await decap('entriesByFolder', { folder: 'src/content/cities', extension: 'md', depth: 1 });
    expect(cities.status).toBe(200);
    expect(cities.body.length).toBeGreaterThanOrEqual(27);
    const roundRock = cities.body.find((e: { file: { path: string } }) => e.file.path === roundRockPath);
    expect(roundRock.data).toContain('city: Round Rock');
    expect(roundRock.file.id).toMatch(/^[0-9a-f]{64}$/);
    const faq = await decap('entriesByFiles', { files: [{ path: 'src/content/faq.json', label: 'FAQ' }] });
    expect(JSON.parse(faq.body[0].data).length).toBeGreaterThan(5);
    expect((await decap('getEntry', { path: 'src/content/pages/about.md' })).body.data).toContain('title:');
  });

  it('refuses any path outside the content files, naming it, and reads nothing', async () => {
    for (const bad of ['src/content/../../package.json', '/etc/passwd', 'src/content/cities/../../../.env', 'netlify.toml']) {
      const res = await decap('getEntry', { path: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.fields.path).toContain('Not a content file');
      expect(JSON.stringify(res.body)).not.toContain('"name":');
    }
    expect((await decap('entriesByFolder', { folder: 'src/content/../..', extension: 'md', depth: 1 })).status).toBe(400);
  });
});

describe('saving', () => {
  it('writes the file, audits who changed which fields, and queues a rebuild', async () => {
    await db.sql`delete from site_builds`;
    const before = await onDisk('cities/round-rock.md');
    const after = before.replace(/^terrain:.*$/m, "terrain: 'Sandy loam by the creek, caliche on the hills'");
    const res = await persist(roundRockPath, after);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'entry persisted' });
    expect(await onDisk('cities/round-rock.md')).toBe(after);
    const [audit] = await db.sql<{ action: string; entity_id: string; after: { fields: string[]; body: boolean; store: string } }[]>`
      select action, entity_id, after from audit_log where entity = 'content' order by id desc limit 1`;
    expect(audit).toMatchObject({ action: 'content.update', entity_id: roundRockPath, after: { fields: ['terrain'], body: false, store: 'local' } });
    const builds = await db.sql<{ reason: string; status: string }[]>`select reason, status from site_builds`;
    expect(builds).toEqual([{ reason: `Content: ${roundRockPath}`, status: 'pending' }]);
  });

  it('refuses a save that would break the build with a 400 naming the field, and keeps the file', async () => {
    const before = await onDisk('cities/round-rock.md');
    const res = await persist(roundRockPath, before.replace(/^driveMinutes:.*$/m, 'driveMinutes: soon'));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('driveMinutes');
    const faq = JSON.parse(await onDisk('faq.json')) as { topic: string }[];
    faq[0]!.topic = 'parking';
    const list = await persist('src/content/faq.json', JSON.stringify(faq));
    expect(list.status).toBe(400);
    expect(list.body.error.fields).toHaveProperty('0.topic');
    expect(await onDisk('cities/round-rock.md')).toBe(before);
  });

  it('refuses a mistyped placeholder, which the build would print as typed, naming the field and the one meant', async () => {
    const about = await onDisk('pages/about.md');
    const typo = await persist('src/content/pages/about.md', about.replace(/^title: .*$/m, 'title: About {bussiness}').replace(/\n*$/, '\n\nCall {phon} or {colour}.\n'));
    expect(typo.status).toBe(400);
    expect(typo.body.error.fields).toEqual({
      title: '{bussiness} is not a placeholder: did you mean {business}?',
      body: '{phon} is not a placeholder: did you mean {phone}? {colour} is not a placeholder, and the page would show it as typed.',
    });
    const faq = JSON.parse(await onDisk('faq.json')) as { answer: string }[];
    faq[2]!.answer = 'Ask {buisness}.';
    expect((await persist('src/content/faq.json', JSON.stringify(faq))).body.error.fields).toEqual({ '2.answer': '{buisness} is not a placeholder: did you mean {business}?' });
    expect(await onDisk('pages/about.md')).toBe(about);
    expect((await persist('src/content/pages/about.md', about.replace(/^title: .*$/m, 'title: About {business}'))).status).toBe(200);
  });

  it('refuses writing outside the content files, renames, uploads, deletes and crew', async () => {
    const raw = await onDisk('cities/round-rock.md');
    const outside = await persist('src/content/../../escaped.md', raw);
    expect(outside.status).toBe(400);
    expect(outside.body.error.fields.path).toContain('Not a content file');
    await expect(readFile(path.join(contentDir, '..', '..', 'escaped.md'))).rejects.toThrow();
    const rename = await decap('persistEntry', { dataFiles: [{ path: roundRockPath, newPath: 'src/content/cities/elsewhere.md', raw }], assets: [], options: {} });
    expect(rename.status).toBe(400);
    const upload = await decap('persistEntry', { dataFiles: [{ path: roundRockPath, raw }], assets: [{ path: 'public/x.png', content: 'AA==', encoding: 'base64' }], options: {} });
    expect(upload.status).toBe(400);
    expect((await decap('deleteFiles', { paths: [roundRockPath] })).status).toBe(400);
    expect((await persist(roundRockPath, raw, cookies.crew)).status).toBe(403);
    expect((await decap('makeCoffee')).status).toBe(400);
    const huge = await decap('persistEntry', { dataFiles: [{ path: roundRockPath, raw: raw + 'x'.repeat(600 * 1024) }], assets: [], options: {} });
    expect(huge.status).toBe(400);
    expect(await onDisk('cities/round-rock.md')).toBe(raw);
  });

  it('creates a new town’s page, once', async () => {
    const raw = (await onDisk('cities/round-rock.md')).replace('city: Round Rock', 'city: Coupland');
    const created = await decap('persistEntry', { dataFiles: [{ path: 'src/content/cities/coupland.md', raw }], assets: [], options: { newEntry: true } });
    expect(created.status).toBe(200);
    expect(await onDisk('cities/coupland.md')).toBe(raw);
    const again = await decap('persistEntry', { dataFiles: [{ path: 'src/content/cities/coupland.md', raw }], assets: [], options: { newEntry: true } });
    expect(again.status).toBe(409);
  });
});

describe('Spanish entries (src/content/es)', () => {
  it('saves a Spanish entry beside the English one, checked against the Spanish schema, and audits it', async () => {
    const file = 'src/content/es/pages/about.md';
    const raw = '---\ntitle: Quiénes somos\ndescription: Una empresa familiar de renta de brincolines.\nheading: Quiénes somos\n---\n\nSomos una familia que renta brincolines.\n';
    const res = await persist(file, raw);
    expect(res.status).toBe(200);
    expect(await onDisk('es/pages/about.md')).toBe(raw);
    expect(await onDisk('pages/about.md')).toContain('title:');
    const [audit] = await db.sql<{ entity_id: string }[]>`select entity_id from audit_log where entity = 'content' order by id desc limit 1`;
    expect(audit!.entity_id).toBe(file);
    expect((await decap('getEntry', { path: file })).body.data).toBe(raw);
    // The Spanish entry holds words only, and the schema still guards them.
    const tooLong = await persist(file, raw.replace('description: Una', `description: ${'muy '.repeat(60)}`));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toHaveProperty('description');
    const faq = await persist('src/content/es/faq.json', JSON.stringify([{ id: 'x', question: '¿Qué?' }]));
    expect(faq.status).toBe(400);
    expect(faq.body.error.fields).toHaveProperty('0.answer');
  });

  it('refuses a Spanish entry with no English twin, which would never be built nor could be removed from the editor', async () => {
    const town = '---\ncity: Pflugerville\nterrain: Suelo de arcilla.\n---\n\nUn pueblo al norte de Austin.\n';
    const typo = await decap('persistEntry', { dataFiles: [{ path: 'src/content/es/cities/pflugervile.md', raw: town }], assets: [], options: { newEntry: true } });
    expect(typo.status).toBe(400);
    expect(typo.body.error.fields.path).toBe('No English entry is named "pflugervile": a Spanish entry translates the English one of the same name (did you mean "pflugerville"?). Write the English one first.');
    await expect(onDisk('es/cities/pflugervile.md')).rejects.toThrow();
    const twin = await decap('persistEntry', { dataFiles: [{ path: 'src/content/es/cities/pflugerville.md', raw: town }], assets: [], options: {} });
    expect(twin.status).toBe(200);

    const list = JSON.parse(await onDisk('es/faq.json')) as { id: string }[];
    const misnamed = list.map((entry, index) => (index === 1 ? { ...entry, id: `${entry.id}s` } : entry));
    const faq = await persist('src/content/es/faq.json', JSON.stringify(misnamed, null, 2));
    expect(faq.status).toBe(400);
    expect(faq.body.error.fields['1.id']).toBe(`No English entry is named "${list[1]!.id}s": a Spanish entry translates the English one of the same name (did you mean "${list[1]!.id}"?). Write the English one first.`);
    expect(JSON.parse(await onDisk('es/faq.json'))).toEqual(list);
  });

  it('lists, above each Spanish collection, the English entries that have no Spanish one (their /es pages show the English)', async () => {
    const { rm: remove } = await import('node:fs/promises');
    await remove(path.join(contentDir, 'es/pages/terms.md'), { force: true });
    const page = await editorPage(new Request('http://localhost:4321/admin/content', { headers: { cookie: cookies.manager } }), {} as never);
    const config = JSON.parse(/<script id="cms-config" type="application\/json">(.*?)<\/script>/s.exec(await page.text())![1]!) as { collections: { name: string; description?: string }[] };
    const pagesEs = config.collections.find((c) => c.name === 'pagesEs')!;
    const missing = /Spanish missing \(the Spanish pages show the English\): (.*)\.$/.exec(pagesEs.description ?? '')![1]!.split(', ');
    expect(missing).toContain('terms');
    expect(missing).not.toContain('about');
    // English collections say nothing of the kind.
    expect(config.collections.find((c) => c.name === 'pages')!.description).toBeUndefined();
  });
});

describe('deployed: each save is a commit through GitHub’s contents API (a local double)', () => {
  let github: Server;
  let apiBase: string;
  const files = new Map<string, { content: string; sha: string }>();
  const puts: { path: string; body: { message: string; content: string; sha?: string; branch: string; author: { name: string; email: string } }; auth: string }[] = [];

  beforeAll(async () => {
    files.set('src/content/cities/round-rock.md', { content: await onDisk('cities/round-rock.md'), sha: 'sha-1' });
    github = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const match = /^\/repos\/acme\/party-site\/contents\/(.+)$/.exec(url.pathname);
      const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (!match || req.headers.authorization !== 'Bearer ghp_test') {
        reply(401, { message: 'Bad credentials' });
        return;
      }
      const file = decodeURIComponent(match[1]!);
      if (req.method === 'GET') {
        const found = files.get(file);
        if (url.searchParams.get('ref') !== 'content') reply(404, { message: 'No commit found for the ref' });
        else if (file === 'src/content/cities') reply(200, [...files.keys()].filter((k) => k.startsWith('src/content/cities/')).map((k) => ({ name: path.basename(k), type: 'file' })));
        else if (found) reply(200, { type: 'file', encoding: 'base64', content: Buffer.from(found.content).toString('base64'), sha: found.sha });
        else reply(404, { message: 'Not Found' });
        return;
      }
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const body = JSON.parse(text);
        puts.push({ path: file, body, auth: req.headers.authorization! });
        if (files.get(file) && files.get(file)!.sha !== body.sha) {
          reply(409, { message: 'sha does not match' });
          return;
        }
        files.set(file, { content: Buffer.from(body.content, 'base64').toString('utf8'), sha: `sha-${puts.length + 1}` });
        reply(200, { content: { path: file }, commit: { sha: 'c0ffee' } });
      });
    });
    await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => github.close(resolve)));

  it('lists and reads through the API, and commits a save as the staff member, on the branch, without queueing a local rebuild', async () => {
    const { contentAction, githubContentStore } = await import('../../src/lib/content/index.server');
    const { writeAudit } = await import('../../src/lib/auth/audit.server');
    const { db: site } = await import('../../src/lib/db/client.server');
    const staff = { id: (await db.sql<{ id: string }[]>`select id from staff_user where role = 'manager' limit 1`)[0]!.id, name: 'Maria Marketer', email: 'maria@example.com', role: 'manager' as const };
    const store = githubContentStore({ repo: 'acme/party-site', branch: 'content', token: 'ghp_test', apiBase });
    const context = { sql: site(), store, audit: (sql: never, entry: never) => writeAudit(sql, staff, '127.0.0.1', entry), staff };
    const run = (action: string, params: Record<string, unknown>) => contentAction({ action, params }, context as never);

    expect(await run('info', {})).toMatchObject({ type: 'github' });
    const listed = (await run('entriesByFolder', { folder: 'src/content/cities', extension: 'md', depth: 1 })) as { data: string; file: { path: string; id: string } }[];
    expect(listed).toEqual([{ data: files.get(roundRockPath)!.content, file: { path: roundRockPath, id: 'sha-1' } }]);

    await db.sql`delete from site_builds`;
    const raw = files.get(roundRockPath)!.content.replace(/^summerNote:.*$/m, "summerNote: 'Bring sunscreen'");
    await run('persistEntry', { dataFiles: [{ path: roundRockPath, raw }], assets: [], options: { commitMessage: 'Update Cities “round-rock”' } });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.auth).toBe('Bearer ghp_test');
    expect(puts[0]!.path).toBe(roundRockPath);
    expect(puts[0]!.body).toMatchObject({ branch: 'content', sha: 'sha-1', author: { name: 'Maria Marketer', email: 'maria@example.com' } });
    expect(puts[0]!.body.message).toContain('Update Cities “round-rock”');
    expect(Buffer.from(puts[0]!.body.content, 'base64').toString('utf8')).toBe(raw);
    // Netlify builds from the commit; no build hook call on top of it.
    expect(await db.sql`select 1 from site_builds`).toHaveLength(0);
    const [audit] = await db.sql<{ after: { store: string; fields: string[] } }[]>`select after from audit_log where entity = 'content' order by id desc limit 1`;
    expect(audit!.after).toMatchObject({ store: 'github', fields: ['summerNote'] });

    // An invalid entry never reaches GitHub.
    await expect(run('persistEntry', { dataFiles: [{ path: roundRockPath, raw: raw.replace('state: TX', 'state: tx') }], assets: [], options: {} })).rejects.toMatchObject({ status: 400, fields: { state: expect.any(String) } });
    expect(puts).toHaveLength(1);
  });

  it('reports a wrong token as the site’s 503 with what to check, never the token', async () => {
    const { githubContentStore } = await import('../../src/lib/content/index.server');
    const store = githubContentStore({ repo: 'acme/party-site', branch: 'content', token: 'wrong-token', apiBase });
    await expect(store.read('cities/round-rock.md')).rejects.toMatchObject({ status: 503, message: expect.not.stringContaining('wrong-token') });
  });
});
