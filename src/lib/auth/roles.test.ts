import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

describe('hasRole', () => {
  // Each role does what the roles below it do, and no more.
  it.each([
    ['owner', 'crew', true],
    ['owner', 'manager', true],
    ['manager', 'manager', true],
    ['manager', 'owner', false],
    ['crew', 'manager', false],
    ['crew', 'crew', true],
  ] as const)('a %s may act as %s: %s', (role, needed, may) => {
    expect(hasRole(role, needed)).toBe(may);
  });
});
