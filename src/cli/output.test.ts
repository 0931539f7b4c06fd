import { describe, expect, it } from 'vitest';
import { shownPath } from './output';

describe('shownPath', () => {
  it('names a file inside the working folder relative to it, and one outside it in full', () => {
    expect(shownPath('/srv/site/backups/backup-1.zip', '/srv/site')).toBe('backups/backup-1.zip');
    expect(shownPath('/tmp/b1.zip', '/srv/site')).toBe('/tmp/b1.zip');
    expect(shownPath('/srv/site', '/srv/site')).toBe('/srv/site');
    // A folder whose name starts with two dots is still inside.
    expect(shownPath('/srv/site/..data/x', '/srv/site')).toBe('..data/x');
  });
});
