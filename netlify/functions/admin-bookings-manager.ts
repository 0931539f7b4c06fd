import type { Config } from '@netlify/functions';
import { paymentBody, refundBody, unitMoveBody } from '../../src/lib/booking/bookings-admin';
import { moveUnit, recordPayment, refundPayment } from '../../src/lib/booking/bookings-admin.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';
import { recordId } from '../../src/lib/http/path-params';
import { parseJson } from '../../src/lib/http/request';

/**
 * Booking changes that need a manager: recording an in-person payment, refunds (through Stripe for
 * card payments) and moving an item to another physical unit.
 */
export const config: Config = { path: ['/api/admin/bookings/:id/payments', '/api/admin/bookings/:id/refunds', '/api/admin/bookings/:id/units'] };

export default adminRoute(config, {
  roles: { POST: 'manager' },
  params: { id: recordId },
  routes: {
    '/api/admin/bookings/:id/payments': {
      POST: async ({ req, params, staff, audit }) => recordPayment(db(), params.id, await parseJson(req, paymentBody), staff, audit, new Date()),
    },
    '/api/admin/bookings/:id/refunds': {
      POST: async ({ req, params, staff, audit }) => refundPayment(db(), params.id, await parseJson(req, refundBody), staff, audit, new Date()),
    },
    '/api/admin/bookings/:id/units': {
      POST: async ({ req, params, audit }) => moveUnit(db(), params.id, await parseJson(req, unitMoveBody), audit),
    },
  },
});
