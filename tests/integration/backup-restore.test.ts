import type { Context } from '@netlify/functions';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { backupRunToken, backupsStore, heldBackReason, keepBackup, keptBackups, openArchive, readKeptBackup, RESTORE_REBUILD_REASON, restoreArchive, restoreBackup, runDailyBackup, sealedTwoStepSecret, writeBackup } from '../../src/lib/backups/index.server';
import { opensWithAuthSecret } from '../../src/lib/auth/index.server';
import { assembleExport, backupKey, type ExportPlan } from '../../src/lib/backups';
import { adminApi } from '../../src/lib/paths';
import { migrationsDir, type Sql } from '../../src/lib/db/index.server';
import { sendQueuedMail } from '../../src/lib/email/index.server';
import { localFileStorage } from '../../src/lib/storage/index.server';
import type { FileStorage } from '../../src/lib/storage';
import { signaturePng } from '../../src/cli/sample-png';
import { call } from '../support/api';
import { createEmptyDatabase, createMigratedDatabase, type TestDatabase } from '../support/database';
import { startLocalBlobs, type LocalBlobs } from '../support/netlify-runtime';
import { adminCall, closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';

/**
 * The restore drill (issue #41): a used install (the demo's bookings, a waiver signed through the API
 * with its PDF filed, a product photo uploaded in the admin) is backed up, restored into a new database
 * and new storage, and holds the same rows, the same PDF bytes and the same photo bytes. A damaged or
 * truncated archive is refused before anything is written; a target holding data is refused unless forced.
 */
type Handler = (req: Request, ctx: Context) => Promise<Response>;
let source: TestDatabase;
const targets: TestDatabase[] = [];
const folders: string[] = [];
let sourceStorage: FileStorage;
let archive: Uint8Array;
let waiver: { id: string; pdf_path: string; pdf_sha256: string };
let photo: { storage_path: string; bytes: Uint8Array };

const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
const newTarget = async (migrated = false) => {
  const db = migrated ? await createMigratedDatabase() : await createEmptyDatabase();
  targets.push(db);
  return { db, storage: localFileStorage(path.join(await tempDir('restore-files-'), 'storage')) };
};
const options = (force = false) => ({ force, migrationsDir });
/**
 * Every table's rows, in a stable order, as text: the whole database compared at once. The rebuild a
 * restore asks for (site_builds) is left out: it is the one row a restore adds, checked on its own.
 */
async function everyRow(sql: Sql): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`;
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const restoreRequest = name === 'site_builds' ? ` where t.reason not like '${RESTORE_REBUILD_REASON}%'` : '';
    const rows = await sql.unsafe<{ row: string }[]>(`select t::text as row from public."${name}" t${restoreRequest}`);
    all[name] = rows.map((r) => r.row).sort();
  }
  return all;
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const tableCount = async (sql: Sql) => (await sql<{ n: number }[]>`select count(*)::int as n from pg_tables where schemaname = 'public'`)[0]!.n;

beforeAll(async () => {
  source = await createMigratedDatabase();
  await seedDemoBusiness(source.sql);
  const dataDir = await tempDir('backup-source-');
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY']) delete process.env[key];
  useAdminEnv(source.url, { DATA_DIR: dataDir });
  sourceStorage = localFileStorage(path.join(dataDir, 'storage'));

  const [booking] = await source.sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  const sign = (await import('../../netlify/functions/waivers')).default as Handler;
  const signed = await call(sign, 'POST', '/api/waivers', {
    submissionId: randomUUID(), website: '', access: { bookingNumber: booking!.number, email: booking!.email }, waiverVersion: WAIVER_VERSION,
    signerName: 'Drill Signer', signerEmail: 'drill.signer@example.com', adults: [{ name: 'Drill Signer' }], guests: [{ name: 'Kid Driller', age: 7 }],
    acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Drill Signer',
  }, { 'x-test-ip': '10.41.0.1' });
  expect(signed.status).toBe(201);
  const [signedRow] = await source.sql<{ id: string; pdf_path: string; pdf_sha256: string }[]>`select id, pdf_path, pdf_sha256 from waivers where id = ${signed.body.waiverId}`;
  waiver = signedRow!;

  const products = (await import('../../netlify/functions/admin-products')).default as Handler;
  const [product] = await source.sql<{ id: string }[]>`select id from products where active order by slug limit 1`;
  const bytes = new Uint8Array(Buffer.from(signaturePng(320, 240).split(',')[1]!, 'base64'));
  const { cookie } = await staffSession(source.sql, 'manager');
  const uploaded = await products(
    new Request(`${SITE}/api/admin/products/${product!.id}/photos?alt=Drill`, { method: 'POST', headers: { 'content-type': 'image/png', origin: SITE, cookie }, body: new Blob([bytes]) }),
    { ip: '127.0.0.1' } as never,
  );
  expect(uploaded.status).toBe(201);
  const [row] = await source.sql<{ storage_path: string }[]>`select storage_path from product_photos where id = ${((await uploaded.json()) as { photo: { id: string } }).photo.id}`;
  photo = { storage_path: row!.storage_path, bytes };

  ({ archive } = await writeBackup(source.sql, sourceStorage, new Date()));
});
afterAll(async () => {
  await closeAdminConnections();
  for (const t of targets) await t.drop();
  await source.drop();
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describe('the restore drill', () => {
  it('restores a used install into a new database and storage: the same rows, PDF bytes and photo bytes', async () => {
    const target = await newTarget();
    const { manifest, result } = await restoreArchive(target.db.sql, target.storage, archive, options());
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining([waiver.pdf_path, photo.storage_path]));
    expect(result.rows).toBeGreaterThan(100);

    const bookings = (sql: Sql) => sql`
      select b.number, b.status, b.event_start, b.total_cents, b.amount_paid_cents, c.email,
             (select json_agg(i.product_name || ' x' || i.quantity order by i.product_name) from booking_items i where i.booking_id = b.id) as items
      from bookings b join customers c on c.id = b.customer_id order by b.number`;
    const restoredBookings = await bookings(target.db.sql);
    expect(restoredBookings.length).toBeGreaterThanOrEqual(5);
    expect(restoredBookings).toEqual(await bookings(source.sql));
    // Every row of every table, not only the bookings (staff accounts, settings, the audit log…).
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));

    const pdf = await target.storage.get(waiver.pdf_path);
    expect(pdf!.bytes).toEqual((await sourceStorage.get(waiver.pdf_path))!.bytes);
    expect(pdf!.contentType).toBe('application/pdf');
    const [restoredWaiver] = await target.db.sql<{ pdf_sha256: string }[]>`select pdf_sha256 from waivers where id = ${waiver.id}`;
    expect(restoredWaiver!.pdf_sha256).toBe(waiver.pdf_sha256);
    expect((await target.storage.get(photo.storage_path))!.bytes).toEqual(photo.bytes);
    expect(await target.storage.list()).toEqual(await sourceStorage.list());

    // The sequences go on from where they were: a new audit entry does not reuse an id.
    const [next] = await target.db.sql<{ fresh: boolean }[]>`
      insert into audit_log (actor_email, action, entity) values ('drill@example.com', 'drill', 'drill')
      returning id > (select max(id) from audit_log where action <> 'drill') as fresh`;
    expect(next!.fresh).toBe(true);
  });

  it('asks for the public pages to be rebuilt from what it restored', async () => {
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, archive, options());
    const waiting = (sql: Sql) => sql<{ reason: string }[]>`select reason from site_builds where status in ('pending', 'failed') order by requested_at`;
    // What the backup had waiting, and the restore's own request, which publishes even when nothing was waiting then.
    expect((await waiting(target.db.sql)).map((w) => w.reason)).toEqual([
      ...(await waiting(source.sql)).map((w) => w.reason),
      `${RESTORE_REBUILD_REASON} (taken ${openArchive(archive).manifest.createdAt})`,
    ]);
  });

  it('restores into a database already migrated but empty', async () => {
    const target = await newTarget(true);
    const { result } = await restoreArchive(target.db.sql, target.storage, archive, options());
    expect(result.migratedAfter).toEqual([]);
    expect((await target.db.sql`select 1 from bookings`).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a damaged archive before writing anything, naming the entry and its checksum', async () => {
    const target = await newTarget();
    const damaged = archive.slice();
    // The PDF is stored uncompressed: find its bytes in the zip and change one in the middle.
    const pdf = (await sourceStorage.get(waiver.pdf_path))!.bytes;
    const at = Buffer.from(damaged).indexOf(Buffer.from(pdf.subarray(200, 264)));
    expect(at).toBeGreaterThan(0);
    damaged[at + 10] = damaged[at + 10]! ^ 0xff;
    await expect(restoreArchive(target.db.sql, target.storage, damaged, options())).rejects.toThrow(
      new RegExp(`files/${waiver.pdf_path.replace(/[.]/g, '\\.')} is damaged: its SHA-256 is [0-9a-f]{64} .*the manifest says ${waiver.pdf_sha256}`),
    );
    expect(await tableCount(target.db.sql)).toBe(0);
    expect(await target.storage.list()).toEqual([]);
  });

  it('refuses a truncated archive before writing anything', async () => {
    const target = await newTarget();
    await expect(restoreArchive(target.db.sql, target.storage, archive.slice(0, archive.length - 500), options())).rejects.toThrow(/cannot be read as a zip, so it is truncated or damaged/);
    expect(await tableCount(target.db.sql)).toBe(0);
    expect(await target.storage.list()).toEqual([]);
  });

  it('refuses a database or storage holding data unless forced, then replaces it', async () => {
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, archive, options());
    await target.db.sql`update bookings set staff_notes = 'changed after the restore'`;
    await expect(restoreArchive(target.db.sql, target.storage, archive, options())).rejects.toThrow(/Not empty: the database has rows in \d+ table\(s\).*and storage holds \d+ file\(s\).*--force/);
    expect((await target.db.sql`select 1 from bookings where staff_notes = 'changed after the restore'`).length).toBeGreaterThan(0);

    await restoreArchive(target.db.sql, target.storage, archive, options(true));
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));
  });

  it('says, before a forced restore replaces anything, what the site holds now and what the backup holds', async () => {
    const target = await newTarget();
    const told: string[] = [];
    // Into an empty target nothing is replaced, so nothing is said.
    await restoreArchive(target.db.sql, target.storage, archive, { ...options(), onReplace: (text: string) => told.push(text) });
    expect(told).toEqual([]);
    const [was] = await source.sql<{ name: string }[]>`select business_name as name from business_settings where id`;
    const [bookings] = await source.sql<{ n: number; newest: Date }[]>`select count(*)::int as n, max(created_at) as newest from bookings`;
    // The site since: renamed, one booking fewer, so "now" and "backup" differ.
    await target.db.sql`update business_settings set business_name = 'Renamed since the backup'`;
    await target.db.sql.begin(async (tx) => {
      // The rows pointing at it stay (the forced restore empties every table anyway).
      await tx`set local session_replication_role = replica`;
      await tx`delete from bookings where id = (select id from bookings order by created_at desc limit 1)`;
    });
    const [left] = await target.db.sql<{ n: number; newest: Date }[]>`select count(*)::int as n, max(created_at) as newest from bookings`;

    await restoreArchive(target.db.sql, target.storage, archive, { ...options(true), onReplace: (text: string) => told.push(text) });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(told).toEqual([
      [
        'Replacing what the site holds now with the backup (--force):',
        `  now:    “Renamed since the backup”, ${left!.n} booking(s), the newest made ${day(left!.newest)}`,
        `  backup: “${was!.name}”, ${bookings!.n} booking(s), the newest made ${day(bookings!.newest)}; taken ${openArchive(archive).manifest.createdAt}`,
      ].join('\n'),
    ]);
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));
  });

  it('refuses an archive whose rows the database will not take, with the database’s reason, and leaves a forced target as it was', async () => {
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, archive, options());
    await target.db.sql`update bookings set staff_notes = 'there before the failed restore'`;
    // A row that no schema takes, in an archive whose manifest agrees with it (sizes and checksums): the
    // archive's own checks pass and PostgreSQL refuses the row while loading it.
    const entries = unzipSync(archive);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { tables: { name: string; entry: string; bytes: number; sha256: string }[] };
    const table = manifest.tables.find((t) => t.name === 'unit_allocations')!;
    const rows = new Uint8Array([...entries[table.entry]!, ...strToU8('not\ta\tvalid\trow\n')]);
    Object.assign(table, { bytes: rows.length, sha256: createHash('sha256').update(rows).digest('hex') });
    const refused = zipSync({ ...entries, [table.entry]: rows, 'manifest.json': strToU8(JSON.stringify(manifest)) });

    await expect(restoreArchive(target.db.sql, target.storage, refused, options(true))).rejects.toThrow(
      new RegExp(`${table.entry} could not be loaded into unit_allocations: .*invalid input syntax.*; nothing was restored`),
    );
    expect((await target.db.sql`select 1 from bookings where staff_notes = 'there before the failed restore'`).length).toBeGreaterThan(0);
    // The target is usable again at once: the failed load left no transaction or lock behind.
    await restoreArchive(target.db.sql, target.storage, archive, options(true));
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));
  });

  it('leaves the database as it was when storage fails part way: no rows without the files they point at', async () => {
    const target = await newTarget();
    // Storage that takes the first file and then fails, as a network store going down mid-restore does.
    let puts = 0;
    const failing: FileStorage = {
      ...target.storage,
      put: async (...args) => {
        if (puts++ >= 1) throw new Error('storage unreachable');
        return target.storage.put(...args);
      },
    };
    await expect(restoreArchive(target.db.sql, failing, archive, options())).rejects.toThrow(
      /^Writing files\/.+ to storage failed \(storage unreachable\): the database was left as it was, and 1 of the 2 file\(s\) were written before it/,
    );
    expect(await target.db.sql`select 1 from bookings`).toHaveLength(0);
    expect(await target.db.sql`select 1 from waivers`).toHaveLength(0);
    // Once storage is back, the restore goes through (the file already written is replaced).
    await restoreArchive(target.db.sql, target.storage, archive, options(true));
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));
    expect(await target.storage.list()).toEqual(await sourceStorage.list());
  });

  it('refuses storage holding files even when the database is empty', async () => {
    const target = await newTarget();
    await target.storage.put('logos/old.png', new Uint8Array([1, 2, 3]), 'image/png');
    await expect(restoreArchive(target.db.sql, target.storage, archive, options())).rejects.toThrow(/Not empty: storage holds 1 file\(s\)/);
    expect(await tableCount(target.db.sql)).toBe(0);
  });

  it('names the business in the manifest, and refuses a backup of another business over its site even with --force, naming both', async () => {
    const [business] = await source.sql<{ id: string; name: string }[]>`select business_id as id, business_name as name from business_settings`;
    expect(openArchive(archive).manifest.business).toEqual({ id: business!.id, name: business!.name });

    // A site that is another business (not the demo): its own id and name.
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, archive, options());
    const [other] = await target.db.sql<{ id: string }[]>`
      update business_settings set business_id = gen_random_uuid(), business_name = 'Party Palace', is_demo = false returning business_id as id`;
    await target.db.sql`update bookings set staff_notes = 'Party Palace’s own'`;
    const refusal = `This backup is of “${business!.name}”, and this site holds “Party Palace”: restoring it would replace “Party Palace” with “${business!.name}”. If that is what you mean, pass --other-business with --force; nothing was restored.`;
    await expect(restoreArchive(target.db.sql, target.storage, archive, options(true))).rejects.toThrow(refusal);
    await expect(restoreArchive(target.db.sql, target.storage, archive, options())).rejects.toThrow(refusal);
    expect((await target.db.sql`select 1 from bookings where staff_notes <> 'Party Palace’s own'`)).toHaveLength(0);
    expect((await target.db.sql<{ id: string }[]>`select business_id as id from business_settings`)[0]!.id).toBe(other!.id);

    // The owner says so: it is replaced, the backup's business with its own id.
    await restoreArchive(target.db.sql, target.storage, archive, { ...options(true), otherBusiness: true });
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));
    // Its own backup over itself goes with --force alone, renamed since or not.
    await target.db.sql`update business_settings set business_name = 'Renamed Since', is_demo = false`;
    await restoreArchive(target.db.sql, target.storage, archive, options(true));
    expect(await everyRow(target.db.sql)).toEqual(await everyRow(source.sql));
  });

  it('still restores a backup made before backups named their business, and tells its business by the name in it', async () => {
    // Such a backup: no business in the manifest, and no id in its business_settings.
    const entries = unzipSync(archive);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { business?: unknown; tables: { name: string; columns: string[]; entry: string; bytes: number; sha256: string }[] };
    delete manifest.business;
    const table = manifest.tables.find((t) => t.name === 'business_settings')!;
    const at = table.columns.indexOf('business_id');
    table.columns.splice(at, 1);
    const rows = strToU8(strFromU8(entries[table.entry]!).split('\n').map((line) => (line ? line.split('\t').filter((_, i) => i !== at).join('\t') : line)).join('\n'));
    Object.assign(table, { bytes: rows.length, sha256: createHash('sha256').update(rows).digest('hex') });
    const old = zipSync({ ...entries, [table.entry]: rows, 'manifest.json': strToU8(JSON.stringify(manifest)) });
    const { name } = (await source.sql<{ name: string }[]>`select business_name as name from business_settings`)[0]!;

    // Into a new database: restored, and the install gets an id of its own.
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, old, options());
    const [restored] = await target.db.sql<{ id: string; name: string }[]>`select business_id as id, business_name as name from business_settings`;
    expect(restored!.name).toBe(name);
    expect(restored!.id).toMatch(/^[0-9a-f-]{36}$/);
    // Over a site of the same name (its own), with --force; over another business, refused, naming both.
    await target.db.sql`update business_settings set is_demo = false`;
    await restoreArchive(target.db.sql, target.storage, old, options(true));
    await target.db.sql`update business_settings set business_name = 'Party Palace', is_demo = false`;
    await expect(restoreArchive(target.db.sql, target.storage, old, options(true))).rejects.toThrow(
      `This backup is of “${name}” (a backup made before backups recorded their business: told by its name), and this site holds “Party Palace”`,
    );
    await restoreArchive(target.db.sql, target.storage, old, { ...options(true), otherBusiness: true });
    expect((await target.db.sql<{ name: string }[]>`select business_name as name from business_settings`)[0]!.name).toBe(name);
  });

  it('holds back the e-mails and texts that were waiting when the backup was taken: kept as not sent, with the reason, and counted', async () => {
    // Messages written for the moment they were queued ("your hold expires in 30 minutes"); one claimed by a sender mid-attempt.
    const takenAt = new Date();
    const ids = { waiting: randomUUID(), claimed: randomUUID(), sent: randomUUID(), text: randomUUID() };
    const email = (id: string, status: string, attempts: number, sentAt: Date | null) => source.sql`
      insert into outbound_emails (id, to_address, subject, template, payload, status, attempts, next_attempt_at, sent_at, created_at)
      values (${id}, 'held.back@example.com', 'Your hold expires in 30 minutes', 'hold-reminder', '{}', ${status}, ${attempts}, ${takenAt}, ${sentAt}, ${takenAt})`;
    await email(ids.waiting, 'pending', 0, null);
    await email(ids.claimed, 'pending', 1, null);
    await email(ids.sent, 'sent', 1, takenAt);
    await source.sql`
      insert into outbound_texts (id, to_phone, body, kind, status, next_attempt_at, created_at)
      values (${ids.text}, '+15125550199', 'Your hold expires in 30 minutes', 'hold-reminder', 'pending', ${takenAt}, ${takenAt})`;
    const { archive: withWaiting, manifest } = await writeBackup(source.sql, sourceStorage, takenAt);
    await source.sql`delete from outbound_emails where id in ${source.sql([ids.waiting, ids.claimed, ids.sent])}`;
    await source.sql`delete from outbound_texts where id = ${ids.text}`;

    const target = await newTarget();
    const { result } = await restoreArchive(target.db.sql, target.storage, withWaiting, options());
    expect(result.heldBack).toEqual({ emails: 2, texts: 1 });
    // The scheduled run days later finds nothing of them to send.
    await sendQueuedMail(target.db.sql, new Date(takenAt.getTime() + 3 * 86_400_000));
    const reason = heldBackReason(manifest.createdAt);
    const emails = await target.db.sql<{ id: string; status: string; last_error: string | null; sent_at: Date | null }[]>`
      select id, status, last_error, sent_at from outbound_emails where id in ${target.db.sql(Object.values(ids))} order by subject, attempts, status`;
    expect(Object.fromEntries(emails.map((e) => [e.id, [e.status, e.last_error, e.sent_at !== null]]))).toEqual({
      [ids.waiting]: ['failed', reason, false],
      [ids.claimed]: ['failed', reason, false],
      // What had left before the backup stays as it was.
      [ids.sent]: ['sent', null, true],
    });
    expect(await target.db.sql`select status, last_error from outbound_texts where id = ${ids.text}`).toEqual([{ status: 'failed', last_error: reason }]);
    expect(reason).toBe(`Not sent: it was waiting to be sent when the backup of ${manifest.createdAt} was taken, and a restore does not send old messages late.`);
  });

  it('reads the manifest: the migrations, every table with its rows, and the files', () => {
    const { manifest } = openArchive(archive);
    expect(manifest.migrations.at(-1)).toMatch(/^\d{14}$/);
    expect(manifest.tables.find((t) => t.name === 'bookings')!.rows).toBeGreaterThanOrEqual(5);
    // Parents before children: a booking's customer comes first.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('customers')).toBeLessThan(order.indexOf('bookings'));
    expect(order.indexOf('bookings')).toBeLessThan(order.indexOf('waivers'));
  });
});

describe('the daily backup in Netlify Blobs', () => {
  let blobs: LocalBlobs;
  const backupsSetting = async () => {
    const settings = (await import('../../netlify/functions/admin-settings')).default as Handler;
    const response = await adminCall(settings, 'GET', '/api/admin/settings', { cookie: (await staffSession(source.sql, 'owner')).cookie });
    expect(response.status).toBe(200);
    return response.body as { backups: { state: string; headline: string; detail: string | null } };
  };
  beforeAll(async () => {
    blobs = await startLocalBlobs(await tempDir('backup-blobs-'));
  });
  afterAll(async () => {
    await blobs.stop().catch(() => {});
    delete process.env.NETLIFY_BLOBS_CONTEXT;
  });

  it('keeps the newest 14, and npm run restore’s reader finds the latest', async () => {
    const store = backupsStore();
    const days = Array.from({ length: 16 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i, 8)));
    for (const day of days) await keepBackup(store, day.getTime() === days.at(-1)!.getTime() ? archive : new Uint8Array([day.getUTCDate()]), day);
    expect(await keptBackups(store)).toEqual(days.slice(2).map(backupKey));
    const latest = await readKeptBackup(store, 'latest');
    expect(latest!.key).toBe(backupKey(days.at(-1)!));
    expect(latest!.archive).toEqual(archive);
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, latest!.archive, options());
    expect((await target.storage.get(waiver.pdf_path))!.bytes).toEqual((await sourceStorage.get(waiver.pdf_path))!.bytes);
  });

  it('runs in the background function only with the schedule’s signed token', async () => {
    const run = (await import('../../netlify/functions/backup-run-background')).default as Handler;
    const post = (headers: Record<string, string>) => run(new Request('http://localhost/api/backups/run', { method: 'POST', headers }), { ip: '127.0.0.1' } as never);
    const before = await keptBackups(backupsStore());
    expect((await post({})).status).toBe(403);
    expect((await post({ 'x-backup-token': 'forged.token' })).status).toBe(403);
    expect(await keptBackups(backupsStore())).toEqual(before);

    const response = await post({ 'x-backup-token': backupRunToken(process.env.HUMAN_CHECK_SECRET!, new Date()) });
    expect(response.status).toBe(201);
    const { key } = (await response.json()) as { key: string };
    const kept = await readKeptBackup(backupsStore(), key);
    expect(openArchive(kept!.archive, kept!.files).manifest.files.map((f) => f.path)).toContain(waiver.pdf_path);
    // The owner sees it succeeded, in the settings beside the export; the record of runs is not in the archive itself.
    expect((await backupsSetting()).backups).toMatchObject({ state: 'ok', headline: expect.stringMatching(/^The last backup succeeded at .+ \(\d+(\.\d)? MB\)\.$/) });
    expect(openArchive(kept!.archive, kept!.files).manifest.tables.map((t) => t.name)).not.toContain('backup_runs');
  });

  it('keeps each stored file once beside the archives, not in them, and restores from there', async () => {
    const store = backupsStore();
    for (const { key } of (await store.list()).blobs) await store.delete(key);
    const keptFileKeys = async () => (await store.list({ prefix: 'files/' })).blobs.map((b) => b.key).sort();
    const stored = await sourceStorage.list();

    const first = await runDailyBackup(source.sql, sourceStorage, store, new Date(Date.UTC(2026, 11, 1, 8)));
    const afterFirst = await keptFileKeys();
    expect(afterFirst).toHaveLength(new Set(await Promise.all(stored.map(async (p) => sha256((await sourceStorage.get(p))!.bytes)))).size);
    expect(afterFirst).toContain(`files/${sha256(photo.bytes)}`);
    const firstArchive = (await readKeptBackup(store, first.key))!.archive;
    expect(Object.keys(unzipSync(firstArchive)).filter((entry) => entry.startsWith('files/'))).toEqual([]);
    // The size the owner is told is the backup's whole: the archive and the files it names.
    expect(first.bytes).toBeGreaterThan(firstArchive.length + photo.bytes.length);

    // The next day's backup names the same files and copies none again.
    const copied: string[] = [];
    const watched = Object.assign(Object.create(store) as typeof store, { set: (key: string, ...rest: unknown[]) => (copied.push(key), (store.set as (...args: unknown[]) => Promise<unknown>).call(store, key, ...rest)) });
    const second = await runDailyBackup(source.sql, sourceStorage, watched, new Date(Date.UTC(2026, 11, 2, 8)));
    expect(copied).toEqual([second.key]);
    expect(await keptFileKeys()).toEqual(afterFirst);

    const latest = (await readKeptBackup(store, 'latest'))!;
    expect(latest.key).toBe(second.key);
    const target = await newTarget();
    await restoreArchive(target.db.sql, target.storage, latest.archive, options(), latest.files);
    expect((await target.storage.get(photo.storage_path))!.bytes).toEqual(photo.bytes);
    expect((await target.storage.get(waiver.pdf_path))!.bytes).toEqual((await sourceStorage.get(waiver.pdf_path))!.bytes);
    // Without the store beside it the archive is refused, saying where its files are.
    await expect(restoreArchive((await newTarget()).db.sql, target.storage, latest.archive, options())).rejects.toThrow("are kept beside it in the site's backups store, not in it");

    // A kept file damaged in the store: refused as it is read, and the target's database left as it was.
    await store.set(`files/${sha256(photo.bytes)}`, new TextEncoder().encode('not the photo').buffer as ArrayBuffer);
    const damaged = await newTarget();
    const again = await readKeptBackup(store, 'latest');
    await expect(restoreArchive(damaged.db.sql, damaged.storage, again!.archive, options(), again!.files)).rejects.toThrow(
      new RegExp(`files/${sha256(photo.bytes)} \\(${photo.storage_path}\\) is damaged: .* the database was left as it was`),
    );
    expect(await damaged.db.sql`select 1 from bookings`).toHaveLength(0);
    await store.set(`files/${sha256(photo.bytes)}`, photo.bytes.slice().buffer);

    // Files no kept archive names are deleted with the archives beyond the newest 14; none while an archive cannot be read.
    const stray = 'files/' + sha256(new TextEncoder().encode('a logo replaced long ago'));
    await store.set(stray, new ArrayBuffer(8));
    await store.set(backupKey(new Date(Date.UTC(2026, 10, 30, 8))), new ArrayBuffer(3));
    expect((await keepBackup(store, latest.archive, new Date(Date.UTC(2026, 11, 3, 8)))).deletedFiles).toBe(0);
    expect(await keptFileKeys()).toContain(stray);
    await store.delete(backupKey(new Date(Date.UTC(2026, 10, 30, 8))));
    expect((await keepBackup(store, latest.archive, new Date(Date.UTC(2026, 11, 4, 8)))).deletedFiles).toBe(1);
    expect(await keptFileKeys()).toEqual(afterFirst);
  });

  it('records a daily backup that fails, with its reason, for the owner’s settings to show', async () => {
    const store = backupsStore();
    const failing = Object.assign(Object.create(store) as typeof store, { set: async () => Promise.reject(new Error('Blobs store unreachable (503)')) });
    await expect(runDailyBackup(source.sql, sourceStorage, failing, new Date())).rejects.toThrow('Blobs store unreachable (503)');
    const { backups } = await backupsSetting();
    expect(backups).toMatchObject({ state: 'failed', headline: expect.stringMatching(/^The backup of .+ failed: Blobs store unreachable \(503\)$/) });
    // And when it last succeeded (the run before).
    expect(backups.detail).toMatch(/^The last backup that succeeded was at .+\.$/);
    const [run] = await source.sql<{ outcome: string; error: string }[]>`select outcome, error from backup_runs order by started_at desc limit 1`;
    expect(run).toEqual({ outcome: 'failed', error: 'Blobs store unreachable (503)' });
  });

  it('knows whether the backup’s two-step sign-in opens with a site’s AUTH_SECRET, and can leave it out for everyone to set up again', async () => {
    expect(sealedTwoStepSecret(openArchive(archive))).toBeNull();
    const owner = await staffSession(source.sql, 'owner');
    const withOwner = openArchive((await writeBackup(source.sql, sourceStorage, new Date())).archive);
    const sealed = sealedTwoStepSecret(withOwner);
    expect(sealed).toMatch(/^[0-9a-f]+$/);
    expect(await opensWithAuthSecret(sealed!, process.env.AUTH_SECRET!)).toBe(true);
    expect(await opensWithAuthSecret(sealed!, 'another-secret-of-at-least-32-characters')).toBe(false);

    const target = await newTarget();
    await restoreBackup(target.db.sql, target.storage, withOwner, { ...options(), resetTwoStep: true });
    expect(await target.db.sql`select 1 from staff_two_factor`).toHaveLength(0);
    const [restored] = await target.db.sql<{ on: boolean; password: boolean }[]>`
      select u."twoFactorEnabled" as on, exists (select 1 from staff_account a where a."userId" = u.id and a.password is not null) as password
      from staff_user u where u.id = ${owner.id}`;
    expect(restored).toEqual({ on: false, password: true });
  });
});

describe('Export everything', () => {
  it('gives owners one zip of CSVs, the signed PDFs and the customers’ photos, and audits it', async () => {
    const handler = (await import('../../netlify/functions/admin-exports')).default;
    const { cookie } = await staffSession(source.sql, 'owner');
    // Credit the business still owes a customer: it leaves with the owner's data as the bookings do.
    await source.sql`
      insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, issued_by)
      select id, 'goodwill', 5000, 3250, '2027-06-30', 'Late delivery, sorry', 'owner@example.com' from customers where email = 'priya.raman@example.com'`;
    // A cake order is an order of its own, not a booking line: it leaves too. Its phone is E.164, which
    // a spreadsheet would show as "'+15125550142" with the formula guard's apostrophe.
    // With the reference photo the customer sent (stored as the cake order form stores it).
    const cakePhoto = `cake-orders/${randomUUID()}/reference.png`;
    await sourceStorage.put(cakePhoto, photo.bytes, 'image/png');
    await source.sql`
      insert into cake_orders (number, product_id, name, email, phone, servings, tiers, flavour, frosting, fulfilment, needed_on, price_cents, allergies, reference_photo_path, reference_photo_type)
      select 'CK-EXPORT1', id, 'Lucía Peña', 'lucia@example.com', '+15125550142', 24, 2, 'vanilla', 'buttercream', 'pickup', '2027-03-14', 8500, 'No nuts', ${cakePhoto}, 'image/png'
      from products where slug = 'classic-round-birthday-cake'`;
    // Two photos of Priya's setup spot, the second lost from storage: named in bookings.csv, absent from the zip.
    const [spot] = await source.sql<{ id: string }[]>`select b.id from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
    const sitePhotos = [`site-photos/${spot!.id}/${randomUUID()}.png`, `site-photos/${spot!.id}/${randomUUID()}.jpg`];
    await sourceStorage.put(sitePhotos[0]!, photo.bytes, 'image/png');
    await source.sql`
      insert into booking_site_photos (booking_id, storage_path, content_type, created_at)
      values (${spot!.id}, ${sitePhotos[0]!}, 'image/png', '2027-01-01T10:00:00Z'), (${spot!.id}, ${sitePhotos[1]!}, 'image/jpeg', '2027-01-01T10:01:00Z')`;
    // What the crew reported about a unit after Priya's party, with their photo.
    const [unit] = await source.sql<{ id: string; label: string; product: string }[]>`
      select u.id, u.label, p.name as product from inventory_units u join products p on p.id = u.product_id order by u.label limit 1`;
    const damage = { id: randomUUID(), photo: `damage-reports/${unit!.id}/${randomUUID()}.png` };
    await sourceStorage.put(damage.photo, photo.bytes, 'image/png');
    await source.sql`
      insert into damage_reports (id, unit_id, booking_id, note, photo_path, photo_type, reported_by, created_at)
      values (${damage.id}, ${unit!.id}, ${spot!.id}, 'Seam torn, left side', ${damage.photo}, 'image/png', 'crew@example.com', '2027-01-02T18:00:00Z')`;
    // A refund handed back in cash: money out, so the column sums to the net money.
    await source.sql`
      with paid as (
        insert into payments (booking_id, kind, method, status, amount_cents, note)
        select b.id, 'deposit', 'cash', 'succeeded', 5000, 'Export deposit' from bookings b join customers c on c.id = b.customer_id
        where c.email = 'priya.raman@example.com' returning id, booking_id)
      insert into payments (booking_id, kind, method, status, amount_cents, note, refund_of)
      select booking_id, 'refund', 'cash', 'succeeded', 1250, 'Export refund', id from paid`;
    // A quote request with an item, and blackouts of the business and of a category: the leads and the closed days leave too.
    await source.sql`
      with q as (
        insert into quotes (number, name, email, phone, event_type, event_date, guest_count, zip, details, budget_cents, staff_note)
        values ('Q-EXPORT1', '=Ana Ruiz', 'ana@example.com', '+442079460958', 'Birthday', '2027-04-10', 30, '78701', 'Backyard, grass', 40000, 'Call back Monday')
        returning id)
      insert into quote_items (quote_id, description, quantity) select id, 'Castle bounce house', 2 from q`;
    await source.sql`
      insert into blackouts (scope, category_id, starts_on, ends_on, reason)
      values ('business', null, '2027-07-03', '2027-07-05', 'Fourth of July weekend'),
             ('category', (select id from categories order by name limit 1), '2027-01-02', '2027-01-02', '@cleaning day')`;
    const get = (url: string) => handler(new Request(`${SITE}${url}`, { headers: { cookie } }), { ip: '127.0.0.1' } as never);
    const response = await get(adminApi.exports.everything);
    expect(response.status).toBe(200);
    const plan = (await response.json()) as ExportPlan;
    expect(plan.fileName).toMatch(/^everything-\d{4}-\d{2}-\d{2}\.zip$/);
    // The answer holds the spreadsheets only, whatever the files come to: a deployed function answers at most 6 MB.
    expect(Object.keys(unzipSync(Buffer.from(plan.sheets, 'base64'))).sort()).toEqual(
      ['blackouts.csv', 'bookings.csv', 'cake-orders.csv', 'credits.csv', 'customers.csv', 'damage-reports.csv', 'payments.csv', 'products.csv', 'quotes.csv', 'waivers.csv'],
    );
    // Each file on its own, put together as the owner's browser does.
    const files = unzipSync(
      await assembleExport(plan, async (file) => {
        const answer = await get(adminApi.exports.everythingFile(file.path));
        if (answer.status === 404) return null;
        expect(answer.status).toBe(200);
        return new Uint8Array(await answer.arrayBuffer());
      }),
    );
    const csv = (name: string) => strFromU8(files[name]!).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const count = async (table: string) => (await source.sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table}`))[0]!.n;

    const bookings = csv('bookings.csv');
    expect(bookings[0]).toBe(
      'Booking,Status,Source,Event start (UTC),Event end (UTC),Customer,Customer e-mail,Contact,Contact phone,Address,City,State,ZIP,Items,Subtotal ($),Delivery ($),Damage waiver ($),Discount ($),Adjustments ($),Tax ($),Total ($),Deposit ($),Paid ($),Created (UTC),Cancelled (UTC),Customer notes,Staff notes,Setup spot photos',
    );
    expect(bookings.length - 1).toBe(await count('bookings'));
    const [priya] = await source.sql<{ number: string; total_cents: number; contact_phone: string }[]>`
      select b.number, b.total_cents, b.contact_phone from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
    const line = bookings.find((l) => l.startsWith(`${priya!.number},`))!;
    expect(line).toContain('priya.raman@example.com');
    expect(line).toContain(`,${(priya!.total_cents / 100).toFixed(2)},`);
    expect(line).toContain(`,${priya!.contact_phone},`);
    expect(line).toMatch(new RegExp(`,setup-spot-photos/${priya!.number}/1\\.png; setup-spot-photos/${priya!.number}/2\\.jpg$`));
    expect(files[`setup-spot-photos/${priya!.number}/1.png`]).toEqual(photo.bytes);
    expect(files[`setup-spot-photos/${priya!.number}/2.jpg`]).toBeUndefined();

    expect(csv('customers.csv')[0]).toBe('Name,E-mail,Phone,Address,City,State,ZIP,Notes,Bookings,Created (UTC)');
    expect(csv('customers.csv').length - 1).toBe(await count('customers'));
    expect(csv('payments.csv')[0]).toBe('Booking,Kind,Method,Status,Amount ($),Stripe payment,Stripe refund,Recorded by,Note,At (UTC)');
    expect(csv('payments.csv').length - 1).toBe(await count('payments'));
    expect(csv('payments.csv').find((l) => l.includes('Export refund'))).toMatch(/^[^,]+,refund,cash,succeeded,-12\.50,/);
    // Refunds negative: the Amount column sums to what came in less what went back.
    const amount = csv('payments.csv')[0]!.split(',').indexOf('Amount ($)');
    const [net] = await source.sql<{ cents: number }[]>`select sum(case when kind = 'refund' then -amount_cents else amount_cents end)::int as cents from payments`;
    const summed = csv('payments.csv').slice(1).reduce((sum, l) => sum + Math.round(Number(l.split(',')[amount]) * 100), 0);
    expect(summed).toBe(net!.cents);
    const quotes = csv('quotes.csv');
    expect(quotes[0]).toBe('Quote,Status,Name,E-mail,Phone,Event type,Event date,Guests,ZIP,Items,Details,Budget ($),Offer ($),Offer message,Offered (UTC),Booking,Staff note,Created (UTC)');
    expect(quotes.length - 1).toBe(await count('quotes'));
    // The formula guard as in the other sheets: a name starting with = is not run by a spreadsheet, nor a
    // phone number that is not a US one (written as stored).
    expect(quotes.find((l) => l.startsWith('Q-EXPORT1,'))).toMatch(/^Q-EXPORT1,new,'=Ana Ruiz,ana@example\.com,'\+442079460958,Birthday,2027-04-10,30,78701,2 × Castle bounce house,"Backyard, grass",400\.00,,,,,Call back Monday,\d{4}-/);
    const blackouts = csv('blackouts.csv');
    expect(blackouts[0]).toBe('Scope,Applies to,Starts on,Ends on,Reason,Created (UTC)');
    expect(blackouts.length - 1).toBe(await count('blackouts'));
    expect(blackouts).toContainEqual(expect.stringMatching(/^business,,2027-07-03,2027-07-05,Fourth of July weekend,\d{4}-/));
    expect(blackouts).toContainEqual(expect.stringMatching(/^category,[^,]+,2027-01-02,2027-01-02,'@cleaning day,\d{4}-/));
    expect(csv('products.csv')[0]).toBe('Slug,Name,Category,Active,Pricing unit,Price ($),Hours included,Half day ($),Extra day ($),Units,Short description,Surfaces');
    expect(csv('products.csv').length - 1).toBe(await count('products'));
    const credits = csv('credits.csv');
    expect(credits[0]).toBe('Customer,Customer e-mail,Reason,Amount ($),Left ($),Expires on,From booking,Note,Issued by,Voided (UTC),Void reason,Created (UTC)');
    expect(credits.length - 1).toBe(await count('customer_credits'));
    expect(credits.find((l) => l.includes('priya.raman@example.com'))).toContain(',goodwill,50.00,32.50,2027-06-30,,"Late delivery, sorry",owner@example.com,,,');
    const cakes = csv('cake-orders.csv');
    expect(cakes[0]).toBe('Order,Status,Needed on,Fulfilment,Booking,Name,E-mail,Phone,Cake,Servings,Tiers,Flavour,Filling,Frosting,Message on cake,Allergies,Price ($),Staff notes,Created (UTC),Reference photo');
    expect(cakes.length - 1).toBe(await count('cake_orders'));
    expect(cakes.find((l) => l.startsWith('CK-EXPORT1,'))).toMatch(/^CK-EXPORT1,new,2027-03-14,pickup,,Lucía Peña,lucia@example\.com,\(512\) 555-0142,[^,]+,24,2,vanilla,,buttercream,,No nuts,85\.00,,\d{4}-[^,]+,cake-photos\/CK-EXPORT1\.png$/);
    expect(files['cake-photos/CK-EXPORT1.png']).toEqual(photo.bytes);
    const damages = csv('damage-reports.csv');
    expect(damages[0]).toBe('Report,Reported (UTC),Product,Unit,Booking,Note,Reported by,Photo');
    expect(damages.length - 1).toBe(await count('damage_reports'));
    expect(damages).toContain(`${damage.id},2027-01-02T18:00:00.000Z,${unit!.product},${unit!.label},${priya!.number},"Seam torn, left side",crew@example.com,damage-photos/${damage.id}.png`);
    expect(files[`damage-photos/${damage.id}.png`]).toEqual(photo.bytes);
    const waivers = csv('waivers.csv');
    expect(waivers[0]).toBe('Waiver,Booking,Signer,Signer e-mail,Signer phone,Guests,Waiver version,Signed (UTC),Signed on,PDF SHA-256,PDF');
    expect(waivers.length - 1).toBe(await count('waivers'));
    const signedLine = waivers.find((l) => l.startsWith(waiver.id))!;
    const pdfEntry = signedLine.split(',').at(-1)!;
    expect(pdfEntry).toMatch(new RegExp(`^waivers/[^/]+/${waiver.id}\\.pdf$`));
    expect(files[pdfEntry]).toEqual((await sourceStorage.get(waiver.pdf_path))!.bytes);

    const [entry] = await source.sql<{ after: Record<string, number> }[]>`select after from audit_log where action = 'data.exported' order by id desc limit 1`;
    expect(entry!.after).toMatchObject({
      bookings: await count('bookings'), waivers: await count('waivers'), credits: await count('customer_credits'), cakeOrders: await count('cake_orders'),
      quotes: await count('quotes'), blackouts: await count('blackouts'), damageReports: await count('damage_reports'), cakePhotos: 1, sitePhotos: 2, damagePhotos: 1,
    });
  });

  it('gives only the files the export names, each to owners only', async () => {
    const handler = (await import('../../netlify/functions/admin-exports')).default;
    const owner = (await staffSession(source.sql, 'owner')).cookie;
    const manager = (await staffSession(source.sql, 'manager')).cookie;
    expect((await adminCall(handler, 'GET', adminApi.exports.everything, { cookie: manager })).status).toBe(403);
    expect((await adminCall(handler, 'GET', adminApi.exports.everythingFile(waiver.pdf_path), { cookie: manager })).status).toBe(403);
    const pdf = await handler(new Request(`${SITE}${adminApi.exports.everythingFile(waiver.pdf_path)}`, { headers: { cookie: owner } }), { ip: '127.0.0.1' } as never);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual((await sourceStorage.get(waiver.pdf_path))!.bytes);
    // A product's photo is in storage, but not a file of the export: storage is not read by path for anyone.
    expect(await adminCall(handler, 'GET', adminApi.exports.everythingFile(photo.storage_path), { cookie: owner })).toMatchObject({ status: 404, body: { error: { message: 'That file is not part of the export.' } } });
    expect(await adminCall(handler, 'GET', adminApi.exports.everythingFile('../auth-secret'), { cookie: owner })).toMatchObject({ status: 400, body: { error: { fields: { path: 'That is not a file of the export' } } } });
    expect(await adminCall(handler, 'GET', '/api/admin/exports/everything/files', { cookie: owner })).toMatchObject({ status: 400, body: { error: { fields: { path: 'Say which file' } } } });
  });
});
