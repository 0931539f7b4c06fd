import type { Config } from '@netlify/functions';
import { resetPasswordBody, createStaffBody, staffId, staffListQuery, updateStaffBody } from '../../src/lib/admin/staff-users';
import { createStaffAccount, getStaffUser, listStaffUsers, resetStaffPassword, updateStaffAccount, type StaffUserDto } from '../../src/lib/admin/staff-users.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/users', '/api/admin/users/:id', '/api/admin/users/:id/password'] };

/** What the audit log keeps of an account: never passwords, hashes or session tokens. */
const audited = (u: StaffUserDto) => ({ name: u.name, email: u.email, role: u.role, active: u.active });

const idOf = (params: Record<string, string>) => {
  const parsed = staffId.safeParse(params.id);
  if (!parsed.success) throw new AppError('not_found', 'No such staff member.');
  return parsed.data;
};

/** Staff accounts (owners only): list, create, change role or name, deactivate, reset a password. */
export default adminRoute(config, {
  GET: {
    role: 'owner',
    run: async ({ url, params }) => {
      if (url.pathname.endsWith('/password')) throw new AppError('not_found', 'Not found.');
      return params.id ? getStaffUser(db(), idOf(params)) : listStaffUsers(db(), parseQuery(url, staffListQuery));
    },
  },
  POST: {
    role: 'owner',
    run: async ({ req, params, audit }) => {
      if (!params.id) {
        const input = await parseJson(req, createStaffBody);
        return db().begin(async (tx) => {
          const created = await createStaffAccount(tx, input);
          await audit(tx, { action: 'staff.create', entity: 'staff_user', entityId: created.user.id, before: null, after: audited(created.user) });
          return created;
        });
      }
      if (!new URL(req.url).pathname.endsWith('/password')) throw new AppError('not_found', 'Not found.');
      const id = idOf(params);
      const { password } = await parseJson(req, resetPasswordBody);
      return db().begin(async (tx) => {
        const reset = await resetStaffPassword(tx, id, password);
        await audit(tx, { action: 'staff.password_reset', entity: 'staff_user', entityId: id, before: null, after: { email: reset.user.email, generated: reset.generatedPassword !== null } });
        return reset;
      });
    },
  },
  PATCH: {
    role: 'owner',
    run: async ({ req, params, staff, audit }) => {
      if (!params.id || new URL(req.url).pathname.endsWith('/password')) throw new AppError('not_found', 'Not found.');
      const id = idOf(params);
      const change = await parseJson(req, updateStaffBody);
      return db().begin(async (tx) => {
        const { before, after } = await updateStaffAccount(tx, staff.id, id, change);
        const action = before.active !== after.active ? (after.active ? 'staff.reactivate' : 'staff.deactivate') : before.role !== after.role ? 'staff.role' : 'staff.update';
        await audit(tx, { action, entity: 'staff_user', entityId: id, before: audited(before), after: audited(after) });
        return after;
      });
    },
  },
});
