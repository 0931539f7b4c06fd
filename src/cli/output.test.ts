import { expect, it } from 'vitest';
import { shownPath } from './output';

// Named relative to the working folder (/srv/site) inside it, in full outside it.
it.each([
  ['/srv/site/backups/backup-1.zip', 'backups/backup-1.zip'],
  ['/tmp/b1.zip', '/tmp/b1.zip'],
  ['/srv/site', '/srv/site'],
  // A folder whose name starts with two dots is still inside.
  ['/srv/site/..data/x', '..data/x'],
])('shownPath names %s as %s', (file, shown) => {
  expect(shownPath(file, '/srv/site')).toBe(shown);
});
