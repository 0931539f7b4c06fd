import { randomUUID } from 'node:crypto';
import type { Audit, Staff } from '../auth/index.server';
import { checkProductPhoto } from '../catalog';
import { auditedChange } from '../admin/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { getBusinessClock } from '../business/index.server';
import type { FileStorage, StoredFile } from '../storage';
import { damageNoteLine, type DamageReportBody, type DamageReportDto } from './day';
import { adminApi } from '../paths';
import { decodeDataUrl } from '../images';

/**
 * Damage the crew report from the day screen, kept apart from the day's routes so the inventory
 * screens (which list the reports) do not bundle the ZIP code data set.
 */

/** The notes editor takes at most this many characters (inventory.ts): a report must not push a unit past it. */
const MAX_UNIT_NOTES = 2000;

/** The newest lines that fit: the oldest notes go first (every report stays in damage_reports). */
function keepWithin(notes: string, max: number): string {
  const lines = notes.split('\n');
  while (lines.join('\n').length > max && lines.length > 1) lines.shift();
  return lines.join('\n').slice(-max);
}

export const damagePhotoPath = (unitId: string, reportId: string, extension: string) => `damage-reports/${unitId}/${reportId}.${extension}`;
export const damagePhotoUrl = (reportId: string) => adminApi.day.damageReportPhoto(reportId);

/**
 * A damage report from the crew: the photo is stored first (like product photos, so a failed upload
 * leaves no row pointing at nothing), then the report, a line in the unit's maintenance notes (where
 * the inventory screen shows it) and the audit entry in one transaction.
 */
export async function reportDamage(db: Database, storage: FileStorage, unitId: string, body: DamageReportBody, staff: Staff, audit: Audit, now: Date) {
  let photo: { bytes: Uint8Array; type: string; extension: string } | null = null;
  if (body.photo) {
    const bytes = decodeDataUrl(body.photo);
    if (!bytes) throw fieldError('photo', 'Choose a JPEG, PNG or WebP photo');
    const check = checkProductPhoto(bytes);
    if (!check.ok) throw fieldError('photo', check.message);
    photo = { bytes, type: check.type, extension: check.extension };
  }
  const [unit] = await db<{ label: string }[]>`select label from inventory_units where id = ${unitId}`;
  if (!unit) throw new AppError('not_found', 'No such unit.');
  let bookingNumber: string | null = null;
  if (body.bookingId) {
    const [booking] = await db<{ number: string }[]>`select number from bookings where id = ${body.bookingId}`;
    if (!booking) throw fieldError('bookingId', 'No such booking.');
    bookingNumber = booking.number;
  }
  const clock = await getBusinessClock(db, now);
  const id = randomUUID();
  const path = photo ? damagePhotoPath(unitId, id, photo.extension) : null;
  if (photo && path) await storage.put(path, photo.bytes, photo.type);
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [locked] = await tx<{ notes: string }[]>`select notes from inventory_units where id = ${unitId} for update`;
      if (!locked) throw new AppError('not_found', 'No such unit.');
      return locked;
    },
    change: async (tx, locked) => {
      await tx`
        insert into damage_reports (id, unit_id, booking_id, note, photo_path, photo_type, reported_by, created_at)
        values (${id}, ${unitId}, ${body.bookingId}, ${body.note}, ${path}, ${photo?.type ?? null}, ${staff.email}, ${now})`;
      const line = damageNoteLine({ date: clock.today(), time: clock.timeOf(now) }, staff.name, bookingNumber, body.note, photo !== null);
      const notes = keepWithin(locked.notes.trim() ? `${locked.notes.trimEnd()}\n${line}` : line, MAX_UNIT_NOTES);
      await tx`update inventory_units set notes = ${notes}, updated_at = ${now} where id = ${unitId}`;
      return { notes, report: { id, unitId, unitLabel: unit.label, bookingId: body.bookingId, bookingNumber, note: body.note, photoUrl: path ? damagePhotoUrl(id) : null } };
    },
    audit: ({ notes, report }, locked) => ({ action: 'unit.damage', entity: 'inventory_unit', entityId: unitId, before: { notes: locked.notes }, after: { notes, report } }),
  }).then(({ report }) => report);
}

/** A damage report's photo, for staff only (the bucket is private; the address is behind the session). */
export async function damagePhoto(sql: Sql, storage: FileStorage, reportId: string): Promise<StoredFile> {
  const [report] = await sql<{ photo_path: string | null }[]>`select photo_path from damage_reports where id = ${reportId}`;
  if (!report?.photo_path) throw new AppError('not_found', 'No photo for this report.');
  const file = await storage.get(report.photo_path);
  if (!file) throw new AppError('not_found', 'No photo for this report.');
  return file;
}

/** Damage reports of some units, newest first, for the inventory screen beside the maintenance notes. */
export async function damageReportsOf(sql: Sql, unitIds: string[]): Promise<DamageReportDto[]> {
  const rows = await sql<{ id: string; unit_id: string; note: string; photo_path: string | null; reported_by: string; created_at: Date; number: string | null }[]>`
    select r.id, r.unit_id, r.note, r.photo_path, r.reported_by, r.created_at, b.number
    from damage_reports r left join bookings b on b.id = r.booking_id
    where r.unit_id = any(${unitIds}::uuid[]) order by r.created_at desc`;
  return rows.map((r) => ({
    id: r.id,
    unitId: r.unit_id,
    note: r.note,
    bookingNumber: r.number,
    reportedBy: r.reported_by,
    at: r.created_at.toISOString(),
    photoUrl: r.photo_path ? damagePhotoUrl(r.id) : null,
  }));
}
