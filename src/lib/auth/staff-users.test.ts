import { describe, expect, it } from 'vitest';
import { createStaffBody, staffChangeProblem, updateStaffBody } from './staff-users';

const owner = { id: 'o1', role: 'owner' as const, active: true };
const crew = { id: 'c1', role: 'crew' as const, active: true };

describe('staffChangeProblem', () => {
  it('stops an owner deactivating or demoting themselves, even with other owners', () => {
    expect(staffChangeProblem('o1', owner, { active: false }, 3)?.field).toBe('active');
    expect(staffChangeProblem('o1', owner, { role: 'manager' }, 3)?.field).toBe('role');
  });

  it('keeps the last active owner', () => {
    expect(staffChangeProblem('o2', owner, { role: 'crew' }, 1)?.message).toMatch(/last active owner/);
    expect(staffChangeProblem('o2', owner, { active: false }, 1)?.message).toMatch(/last active owner/);
    expect(staffChangeProblem('o2', owner, { role: 'crew' }, 2)).toBeNull();
  });

  it('allows ordinary changes and no-op changes to oneself', () => {
    expect(staffChangeProblem('o1', crew, { role: 'manager', active: false }, 1)).toBeNull();
    expect(staffChangeProblem('o1', owner, { role: 'owner', active: true }, 1)).toBeNull();
    expect(staffChangeProblem('o2', { ...owner, active: false }, { role: 'crew' }, 1)).toBeNull();
  });
});

describe('staff bodies', () => {
  it('lowercases the e-mail and lets the password be generated', () => {
    expect(createStaffBody.parse({ name: ' Ana ', email: 'Ana@X.com', role: 'crew' })).toEqual({ name: 'Ana', email: 'ana@x.com', role: 'crew' });
    expect(createStaffBody.safeParse({ name: 'A', email: 'a@x.com', role: 'crew', password: 'short' }).success).toBe(false);
  });

  it('refuses an empty change', () => {
    expect(updateStaffBody.safeParse({}).success).toBe(false);
    expect(updateStaffBody.safeParse({ role: 'boss' }).success).toBe(false);
  });
});
