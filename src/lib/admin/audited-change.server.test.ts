import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../auth/audit.server';
import type { Database, Sql } from '../db/client.server';
import { auditedChange, lockedRow } from './audited-change.server';

/** A transaction that records what runs in it, in order: the queries it is sent and the audit entries. */
function fakeDatabase() {
  const log: string[] = [];
  const tx = ((strings: TemplateStringsArray) => {
    log.push(`sql ${strings.join('?').trim()}`);
    return Promise.resolve([]);
  }) as unknown as Sql;
  const db = { begin: (body: (t: Sql) => unknown) => Promise.resolve(body(tx)) } as unknown as Database;
  const audit = async (_: Sql, entry: AuditEntry) => {
    log.push(`audit ${entry.action}`);
  };
  return { db, audit, log };
}

describe('auditedChange', () => {
  it('locks, checks, changes, audits and asks for a rebuild, in that order, and answers what the change returned', async () => {
    const { db, audit, log } = fakeDatabase();
    const result = await auditedChange(db, audit, {
      lock: async () => (log.push('lock'), { name: 'Old' }),
      check: (locked) => log.push(`check ${locked.name}`),
      change: async () => (log.push('change'), { name: 'New' }),
      audit: (after, before) => [
        { action: 'thing.update', entity: 'thing', before, after },
        { action: 'other.update', entity: 'other' },
      ],
      rebuild: (after) => `Thing “${after.name}” changed`,
    });
    expect(result).toEqual({ name: 'New' });
    expect(log).toEqual(['lock', 'check Old', 'change', 'audit thing.update', 'audit other.update', 'sql insert into site_builds (reason) values (?)']);
  });

  it('writes nothing after a refused check, and no rebuild request when the pages do not show the change', async () => {
    const { db, audit, log } = fakeDatabase();
    const refused = auditedChange(db, audit, {
      check: () => {
        throw new Error('refused');
      },
      change: async () => log.push('change'),
      audit: () => ({ action: 'thing.update', entity: 'thing' }),
    });
    await expect(refused).rejects.toThrow('refused');
    expect(log).toEqual([]);

    await auditedChange(db, audit, { change: async () => 1, audit: () => ({ action: 'thing.update', entity: 'thing' }), rebuild: () => false });
    expect(log).toEqual(['audit thing.update']);
  });
});

describe('lockedRow', () => {
  it('gives the locked row, or a 404 in the words of what is missing (nothing changed)', async () => {
    expect(lockedRow([{ id: 'a' }], 'No such message.')).toEqual({ id: 'a' });
    expect(() => lockedRow([], 'No such message.')).toThrow(expect.objectContaining({ code: 'not_found', message: 'No such message.' }));
    const { db, audit, log } = fakeDatabase();
    await expect(auditedChange(db, audit, { lock: async () => lockedRow([], 'No such message.'), change: async () => 1, audit: () => ({ action: 'thing.update', entity: 'thing' }) })).rejects.toThrow('No such message.');
    expect(log).toEqual([]);
  });
});
