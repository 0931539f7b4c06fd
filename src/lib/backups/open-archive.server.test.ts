import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_ENTRY } from './backup-format';
import { EXPORT_BOOKINGS_ENTRY } from './export-everything';
import { openArchive } from './restore.server';

/** An archive of nothing but its manifest: enough for what openArchive reads before any entry. */
const archiveWith = (manifest: Record<string, unknown>) =>
  zipSync({ [MANIFEST_ENTRY]: strToU8(JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: '2026-12-07T00:00:00.000Z', migrations: [], tables: [], sequences: [], files: [], ...manifest })) });

describe('reading a backup archive', () => {
  it('reads a manifest of this format and version', () => {
    expect(openArchive(archiveWith({})).manifest.formatVersion).toBe(BACKUP_FORMAT_VERSION);
  });

  it('refuses a backup written by a newer version of the site in words that say to update the code first', () => {
    expect(() => openArchive(archiveWith({ formatVersion: BACKUP_FORMAT_VERSION + 1 }))).toThrow(
      `The backup is in format version ${BACKUP_FORMAT_VERSION + 1}, written by a newer version of the site than this one (which reads version ${BACKUP_FORMAT_VERSION}): update the code first, then restore; nothing was restored.`,
    );
    expect(() => openArchive(archiveWith({ formatVersion: 0 }))).toThrow('The backup is in format version 0, which this version of the site does not read');
  });

  it('refuses the owner\'s "Export everything" zip saying what it is and what to restore instead', () => {
    const exported = zipSync({ [EXPORT_BOOKINGS_ENTRY]: strToU8('Booking,Status\n'), 'customers.csv': strToU8('Customer\n') });
    expect(() => openArchive(exported)).toThrow('The archive is an "Export everything" download (spreadsheets to read, not to restore): restore a backup instead');
    expect(() => openArchive(zipSync({ 'notes.txt': strToU8('hello') }))).toThrow(`The archive has no ${MANIFEST_ENTRY}: it is not a backup of this site`);
  });

  it('refuses a zip whose manifest is of something else, saying what it is', () => {
    expect(() => openArchive(archiveWith({ format: 'someone-elses-backup' }))).toThrow('manifest.json does not describe a backup of this site (its format is "someone-elses-backup"');
  });
});
