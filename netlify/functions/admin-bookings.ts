import type { Config } from '@netlify/functions';
import { bookingListQuery, noteBody, statusChangeBody, bookingChangeInput, phoneBookingInput } from '../../src/lib/booking';
import {
  addNote,
  changeStatus,
  exportBookings,
  getAdminBooking,
  listBookings,
  resendConfirmation,
  changeBooking,
  createPhoneBooking,
} from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { adminRoute } from '../../src/lib/http/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { csvResponse } from '../../src/lib/reports';

/**
 * Bookings for every staff role: the list, one booking, and what crew do on the day (status along
 * the delivery path, notes, resending the customer's e-mail). Status moves that need a manager
 * (confirm, cancel, expire) are refused inside with 403, and so is a phone booking by crew unless
 * Settings allow it. Changing a booking needs a manager. Money and unit moves are in
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

export default adminRoute(config, {
  roles: { GET: 'crew', POST: 'crew', PUT: 'manager' },
  params: { id: recordId },
  routes: {
    '/api/admin/bookings': {
      GET: async ({ url }) => {
        const query = parseQuery(url, bookingListQuery);
        return query.format === 'csv' ? csvResponse(await exportBookings(db(), query)) : listBookings(db(), query);
      },
      POST: async ({ req, staff, audit }) =>
        Response.json({ booking: await createPhoneBooking(db(), staff, await parseJson(req, phoneBookingInput), audit, new Date()) }, { status: 201 }),
    },
    '/api/admin/bookings/:id': {
      GET: ({ params, staff }) => getAdminBooking(db(), params.id, staff.role),
      PUT: async ({ req, params, audit }) => ({ booking: await changeBooking(db(), params.id, await parseJson(req, bookingChangeInput), audit, new Date()) }),
    },
    '/api/admin/bookings/:id/status': {
      POST: async ({ req, params, staff, audit }) => changeStatus(db(), params.id, await parseJson(req, statusChangeBody), staff, audit, new Date()),
    },
    '/api/admin/bookings/:id/notes': {
      POST: async ({ req, params, staff, audit }) => addNote(db(), params.id, (await parseJson(req, noteBody)).note, staff, audit, new Date()),
    },
    '/api/admin/bookings/:id/resend': {
      POST: ({ params, audit }) => resendConfirmation(db(), params.id, audit, new Date()),
    },
  },
});
