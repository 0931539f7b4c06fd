import type { TestProject } from 'vitest/node';
import { startTestDatabase } from './postgres-global-setup';

/** The run's PostgreSQL server with PgBouncer (transaction mode) in front: tests reach it only through the pooler. */
export default function setup(project: TestProject) {
  return startTestDatabase(project, { viaPgBouncer: true });
}
