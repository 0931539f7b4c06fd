import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { bookingListQuery, noteBody, statusChangeBody } from '../../src/lib/admin/bookings';
import { addNote, changeStatus, getAdminBooking, listBookings, resendConfirmation } from '../../src/lib/admin/bookings.server';
import { sendQueuedMail } from '../../src/lib/booking/booking-service.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, parseQuery } from '../../src/lib/http/request';

/**
 * Bookings for every staff role: the list, one booking, and what crew do on the day (status along
 * the delivery path, notes, resending the customer's e-mail). Status moves that need a manager
 * (confirm, cancel, expire) are refused inside with 403. Money and unit moves are in
 * admin-bookings-manager.ts, so the authorisation sweep sees their manager role.
 */
// Sub-actions are listed one by one (no `:action` wildcard) so no path overlaps the manager function's.
export const config: Config = {
  path: [
    '/api/admin/bookings',
    '/api/admin/bookings/:id',
    '/api/admin/bookings/:id/status',
    '/api/admin/bookings/:id/notes',
    '/api/admin/bookings/:id/resend',
  ],
};
/** 'status' for /api/admin/bookings/{id}/status, null for the booking itself. */
const actionOf = (url: URL) => url.pathname.replace(/\/$/, '').split('/')[5] ?? null;
const bookingId = (params: Record<string, string>) => {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw new AppError('not_found', 'No such booking.');
  return parsed.data;
};

export default adminRoute(config, {
  GET: {
    role: 'crew',
    run: async ({ url, params, staff }) => {
      if (actionOf(url)) throw new AppError('not_found', 'No such page.');
      if (!params.id) return listBookings(db(), parseQuery(url, bookingListQuery));
      return getAdminBooking(db(), bookingId(params), staff.role);
    },
  },
  POST: {
    role: 'crew',
    run: async ({ req, url, params, staff, audit }) => {
      const id = params.id ? bookingId(params) : null;
      const now = new Date();
      switch (id && actionOf(url)) {
        case 'status':
          return changeStatus(db(), id!, await parseJson(req, statusChangeBody), staff, audit, now);
        case 'notes':
          return addNote(db(), id!, (await parseJson(req, noteBody)).note, staff, audit, now);
        case 'resend': {
          const sent = await resendConfirmation(db(), id!, audit, now);
          // After commit: a mail failure leaves the message queued for the scheduled retry.
          await sendQueuedMail(db(), now);
          return sent;
        }
        default:
          throw new AppError('not_found', 'No such booking action.');
      }
    },
  },
});
