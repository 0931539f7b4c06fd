import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

describe('hasRole', () => {
  it('lets each role do what the roles below it do, and no more', () => {
    expect(hasRole('owner', 'crew')).toBe(true);
    expect(hasRole('owner', 'manager')).toBe(true);
    expect(hasRole('manager', 'manager')).toBe(true);
    expect(hasRole('manager', 'owner')).toBe(false);
    expect(hasRole('crew', 'manager')).toBe(false);
    expect(hasRole('crew', 'crew')).toBe(true);
  });
});
