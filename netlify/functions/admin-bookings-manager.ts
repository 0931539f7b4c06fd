import type { Config } from '@netlify/functions';
import { rotateBookingLinks, keepBooking, moveUnit, recordPayment, refundPayment } from '../../src/lib/booking/index.server';
import { customerFromBookingBody, paymentBody, refundBody, rotateLinksBody, unitMoveBody } from '../../src/lib/booking';
import { updateCustomerFromBooking } from '../../src/lib/customers/index.server';
import { db } from '../../src/lib/db/index.server';
import { adminRoute } from '../../src/lib/http/index.server';
import { recordId, parseJson } from '../../src/lib/http';

/**
 * Booking changes that need a manager: recording an in-person payment, refunds (through Stripe for
 * card payments), moving an item to another physical unit, keeping an unpaid website booking past
 * its deadline, new secrets for the booking's links (the invoice link, the guests' QR code and share
 * link) and copying the booking's contact to the customer.
 */
export const config: Config = {
  path: [
    '/api/admin/bookings/:id/payments',
    '/api/admin/bookings/:id/refunds',
    '/api/admin/bookings/:id/units',
    '/api/admin/bookings/:id/keep',
    '/api/admin/bookings/:id/links',
    '/api/admin/bookings/:id/customer',
  ],
};

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
    '/api/admin/bookings/:id/keep': {
      POST: ({ params, audit }) => keepBooking(db(), params.id, audit, new Date()),
    },
    '/api/admin/bookings/:id/links': {
      POST: async ({ req, params, audit }) => rotateBookingLinks(db(), params.id, (await parseJson(req, rotateLinksBody)).links, audit, new Date()),
    },
    '/api/admin/bookings/:id/customer': {
      POST: async ({ req, params, audit }) => updateCustomerFromBooking(db(), params.id, (await parseJson(req, customerFromBookingBody)).fields, audit, new Date()),
    },
  },
});
