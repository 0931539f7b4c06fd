// The front door of backups and the owner's export (issue #41). Pure and safe in the browser; its I/O is index.server.ts.
export { BACKUP_FORMAT, BACKUPS_KEPT, type BackupManifest, backupKey, backupsBeyond } from './backup-format';
export { exportFileName } from './export-everything';
export { assembleExport, type ExportFile, exportFileQuery, type ExportPlan, type FetchExportFile } from './export-assembly';
export { backupOverview, type BackupOverview, type BackupRun } from './backup-runs';
