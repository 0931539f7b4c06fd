import { describe, expect, it } from 'vitest';
import { BACKUP_KEY, backupKey, backupsBeyond, tableEntry } from './backup-format';

describe('backup names', () => {
  it('names a backup by its time, in a form that sorts oldest first', () => {
    const key = backupKey(new Date('2026-12-02T19:05:00.123Z'));
    expect(key).toBe('backup-2026-12-02T19-05-00-123Z.zip');
    expect(BACKUP_KEY.test(key)).toBe(true);
  });

  it('keeps the newest 14 and names the older ones, ignoring anything else in the store', () => {
    const keys = Array.from({ length: 17 }, (_, i) => backupKey(new Date(Date.UTC(2026, 10, 1 + i, 3))));
    const shuffled = [...keys.slice(8), 'notes.txt', ...keys.slice(0, 8)];
    expect(backupsBeyond(shuffled)).toEqual(keys.slice(0, 3));
    expect(backupsBeyond(keys.slice(0, 14))).toEqual([]);
  });

  it('numbers table entries in restore order', () => {
    expect(tableEntry(0, 'categories')).toBe('database/001-categories.tsv');
  });
});
