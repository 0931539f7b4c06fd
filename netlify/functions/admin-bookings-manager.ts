import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { paymentBody, refundBody, unitMoveBody } from '../../src/lib/admin/bookings';
import { moveUnit, recordPayment, refundPayment } from '../../src/lib/admin/bookings.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson } from '../../src/lib/http/request';

/**
 * Booking changes that need a manager: recording an in-person payment, refunds (through Stripe for
 * card payments) and moving an item to another physical unit.
 */
export const config: Config = { path: ['/api/admin/bookings/:id/payments', '/api/admin/bookings/:id/refunds', '/api/admin/bookings/:id/units'] };

export default adminRoute(config, {
  POST: {
    role: 'manager',
    run: async ({ req, url, params, staff, audit }) => {
      const parsed = z.uuid().safeParse(params.id);
      if (!parsed.success) throw new AppError('not_found', 'No such booking.');
      const id = parsed.data;
      const action = url.pathname.replace(/\/$/, '').split('/').pop();
      const now = new Date();
      if (action === 'payments') return recordPayment(db(), id, await parseJson(req, paymentBody), staff, audit, now);
      if (action === 'refunds') return refundPayment(db(), id, await parseJson(req, refundBody), staff, audit, now);
      return moveUnit(db(), id, await parseJson(req, unitMoveBody), audit);
    },
  },
});
