import { describe, expect, it } from 'vitest';
import { BACKUP_KEY, backupKey, backupsBeyond, otherBusinessProblem, tableEntry } from './backup-format';

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

describe('a backup of another business', () => {
  const ours = { id: '8f0c6a1e-5b1d-4c3e-9a57-1f2a3b4c5d6e', name: 'Bounce Brothers' };
  const theirs = { id: '2b7d9e40-3c1a-4f8b-8e62-0a1b2c3d4e5f', name: 'Party Palace' };
  const site = (b: { id: string | null; name: string }, demo = false) => ({ ...b, demo });

  it('is told by the id, whatever the name became', () => {
    expect(otherBusinessProblem(ours, site({ ...ours, name: 'Bounce Brothers Rentals' }))).toBeNull();
    expect(otherBusinessProblem(theirs, site(ours))).toBe(
      'This backup is of “Party Palace”, and this site holds “Bounce Brothers”: restoring it would replace “Bounce Brothers” with “Party Palace”. ' +
        'If that is what you mean, pass --other-business with --force; nothing was restored.',
    );
    // Two businesses of one name: the ids say which is which.
    expect(otherBusinessProblem({ ...theirs, name: ours.name }, site(ours))).toMatch(/“Bounce Brothers” \(2b7d9e40-[^)]+\), and this site holds “Bounce Brothers” \(8f0c6a1e-/);
  });

  it('is told by the name for a backup made before backups recorded their business', () => {
    expect(otherBusinessProblem({ id: null, name: ' bounce brothers' }, site(ours))).toBeNull();
    expect(otherBusinessProblem({ id: null, name: 'Party Palace' }, site(ours))).toMatch(/^This backup is of “Party Palace” \(a backup made before backups recorded their business: told by its name\)/);
  });

  it('is no question over a site with no business yet or still the demo, nor for a backup of an install without one', () => {
    expect(otherBusinessProblem(theirs, null)).toBeNull();
    expect(otherBusinessProblem(theirs, site(ours, true))).toBeNull();
    expect(otherBusinessProblem(null, site(ours))).toBeNull();
  });
});
