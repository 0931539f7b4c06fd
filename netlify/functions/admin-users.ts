import type { Config } from '@netlify/functions';
import { createStaffBody, resetPasswordBody, unlockBody, staffId, staffListQuery, updateStaffBody } from '../../src/lib/auth';
import { changeStaffAccount, createStaffAccount, getStaffUser, listStaffUsers, resetStaffPassword, unlockStaffAccount } from '../../src/lib/auth/index.server';
import { db } from '../../src/lib/db/index.server';
import { parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/users', '/api/admin/users/:id', '/api/admin/users/:id/password', '/api/admin/users/:id/unlock'] };

/** Staff accounts (owners only): list, create, change role or name, deactivate, reset a password, unlock after failed sign-ins. */
export default adminRoute(config, {
  params: { id: staffId },
  routes: {
    '/api/admin/users': {
      GET: { role: 'owner', run: ({ url }) => listStaffUsers(db(), parseQuery(url, staffListQuery)) },
      POST: { role: 'owner', run: async ({ req, audit }) => createStaffAccount(db(), await parseJson(req, createStaffBody), audit) },
    },
    '/api/admin/users/:id': {
      GET: { role: 'owner', run: ({ params }) => getStaffUser(db(), params.id) },
      PATCH: { role: 'owner', run: async ({ req, params, staff, audit }) => changeStaffAccount(db(), staff.id, params.id, await parseJson(req, updateStaffBody), audit) },
    },
    '/api/admin/users/:id/password': {
      POST: { role: 'owner', run: async ({ req, params, audit }) => resetStaffPassword(db(), params.id, (await parseJson(req, resetPasswordBody)).password, audit) },
    },
    '/api/admin/users/:id/unlock': {
      POST: {
        role: 'owner',
        run: async ({ req, params, audit }) => {
          await parseJson(req, unlockBody);
          return unlockStaffAccount(db(), params.id, audit);
        },
      },
    },
  },
});
