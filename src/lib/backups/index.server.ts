// The front door of backups and the owner's export (issue #41). Server side (I/O): functions and the command line.
export { writeBackup, type BackupResult } from './backup.server';
export type { KeptFiles } from './backup-format';
export { archiveBusiness, BackupArchiveError, heldBackReason, openArchive, type OpenedArchive, restoreArchive, restoreBackup, RESTORE_REBUILD_REASON, type RestoreResult, RestoreTargetError, sealedTwoStepSecret, targetContents } from './restore.server';
export { backupsStore, BACKUPS_STORE, type BlobsAccess, keepBackup, keptBackups, keptFiles, readKeptBackup } from './backup-store.server';
export { exportedFile, exportEverything, type ExportCounts } from './export-everything.server';
export { runDailyBackup, BACKUP_RUN_PURPOSE, backupRunToken, checkBackupRunToken } from './daily-backup.server';
export { backupStatus, recordBackupNotStarted } from './backup-runs.server';
