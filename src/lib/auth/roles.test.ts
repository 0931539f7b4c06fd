import { describe, expect, it } from 'vitest';
import { actionNeedsRole, hasRole, screenNeedsRole } from './roles';

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

describe('what a refusal says', () => {
  // Staff below a screen's role learn who can open it and who they are signed in as, not just "no".
  it('names the role a screen needs and the signed-in role', () => {
    expect(screenNeedsRole('Blackouts', 'manager', 'crew')).toBe('Blackouts is for managers and owners; you are signed in as crew. Ask an owner if you need something here.');
    expect(screenNeedsRole('Business settings', 'owner', 'manager')).toBe('Business settings is for owners; you are signed in as a manager. Ask an owner if you need something here.');
  });

  it('names the role an action needs in the API’s refusal', () => {
    expect(actionNeedsRole('manager')).toMatch(/^Only a manager or an owner can do this/);
    expect(actionNeedsRole('owner')).toBe('Only an owner can do this.');
  });
});
