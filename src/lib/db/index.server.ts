// The front door of the database: connection, transactions, JSON calls, migrations, TLS and batched reads.
// Server side (I/O): functions, the build and other features' *.server.ts.
export { closeDb, connect, type Database, db, type Sql, type LastWithCommit, type Transaction, transactionAfter } from './client.server';
export { callJson, jsonCallText } from './json-call.server';
export { copyIn, COPY_INTERNALS_CHANGED } from './copy-in.server';
export { migrate, MigrationError, migrationLevel, migrationsDir, readMigrations } from './migrate.server';
export { databaseTls, verificationOptions } from './tls.server';
export { batchedRead } from './batched-read';
export { overwriteOnConflict } from './upsert.server';
export { EmbeddedPostgresError, runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded.server';
export { type DatabaseLimits, MAINTENANCE_LIMITS } from './limits';
