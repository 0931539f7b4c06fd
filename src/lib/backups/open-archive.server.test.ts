import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type KeptFiles, MANIFEST_ENTRY } from './backup-format';
import { sha256Hex } from './backup.server';
import { EXPORT_BOOKINGS_ENTRY } from './export-everything';
import { openArchive, readManifest } from './restore.server';

/** An archive of nothing but its manifest: enough for what openArchive reads before any entry. */
const archiveWith = (manifest: Record<string, unknown>) =>
  zipSync({ [MANIFEST_ENTRY]: strToU8(JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: '2026-12-07T00:00:00.000Z', migrations: [], tables: [], sequences: [], files: [], ...manifest })) });

const photo = strToU8('a photo of the setup spot');
const photoFile = { path: 'site-photos/b1/p1.jpg', contentType: 'image/jpeg', bytes: photo.length, sha256: sha256Hex(photo) };
/** A backups store's kept files, in memory. */
const keptHolding = (files: Record<string, Uint8Array>): KeptFiles => ({
  has: (sha256) => sha256 in files,
  read: async (sha256) => files[sha256] ?? null,
  keep: async () => {},
});

describe('reading a backup archive', () => {
  it('reads a manifest of this format and version, and of version 1 (every file in the archive)', () => {
    expect(BACKUP_FORMAT_VERSION).toBe(2);
    expect(openArchive(archiveWith({})).manifest.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(openArchive(archiveWith({ formatVersion: 1 })).manifest.formatVersion).toBe(1);
  });

  it('refuses a backup written by a newer version of the site in words that say to update the code first', () => {
    expect(() => openArchive(archiveWith({ formatVersion: BACKUP_FORMAT_VERSION + 1 }))).toThrow(
      `The backup is in format version ${BACKUP_FORMAT_VERSION + 1}, written by a newer version of the site than this one (which reads version 1 or 2): update the code first, then restore; nothing was restored.`,
    );
    expect(() => openArchive(archiveWith({ formatVersion: 0 }))).toThrow('The backup is in format version 0, which this version of the site does not read (it reads version 1 or 2)');
  });

  it('reads a file kept beside the archive from the backups store, checked as it is read', async () => {
    const opened = openArchive(archiveWith({ files: [photoFile] }), keptHolding({ [photoFile.sha256]: photo }));
    expect(await opened.file(opened.manifest.files[0]!)).toEqual(photo);
    const swapped = openArchive(archiveWith({ files: [photoFile] }), keptHolding({ [photoFile.sha256]: strToU8('another photo') }));
    await expect(swapped.file(swapped.manifest.files[0]!)).rejects.toThrow(`files/${photoFile.sha256} (site-photos/b1/p1.jpg) is damaged: its SHA-256 is ${sha256Hex(strToU8('another photo'))}`);
  });

  it('refuses an archive whose files are kept beside it when they are not there, before anything is written', () => {
    expect(() => openArchive(archiveWith({ files: [photoFile] }))).toThrow(
      "The archive's files (site-photos/b1/p1.jpg and others) are kept beside it in the site's backups store, not in it: restore it from there (blobs:<name>, or blobs:latest); nothing was restored.",
    );
    expect(() => openArchive(archiveWith({ files: [photoFile] }), keptHolding({}))).toThrow(`files/${photoFile.sha256} (site-photos/b1/p1.jpg) is listed in the manifest but missing from the backups store; nothing was restored.`);
  });

  it('reads an archive\'s manifest alone for the backups store, and nothing of what is not one', () => {
    expect(readManifest(archiveWith({ files: [photoFile] }))?.files).toEqual([photoFile]);
    expect(readManifest(strToU8('not a zip'))).toBeNull();
    expect(readManifest(archiveWith({ format: 'someone-elses-backup' }))).toBeNull();
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
