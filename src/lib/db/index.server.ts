// DOOR_HEADER
export { connect, type Database, db, type Sql, type Transaction } from './client.server';
export { callJson } from './json-call.server';
export { migrationLevel } from './migrate.server';
export { databaseTls, verificationOptions } from './tls.server';
