import type { Config } from '@netlify/functions';
import { syncAfterChanges } from '../../src/lib/accounting/index.server';
import { rotateLinksBody } from '../../src/lib/booking';
import { rotateBookingLinks } from '../../src/lib/booking/index.server';
import { chargeBalanceNow, recordCreditPayment, recordPayment, refundPayment } from '../../src/lib/payments/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { csvResponse } from '../../src/lib/reports';
import { hasRole } from '../../src/lib/auth';
import { updateCustomerFromBooking } from '../../src/lib/customers/index.server';
import { recordDoorPayment } from '../../src/lib/day/index.server';
import { creditPaymentBody } from '../../src/lib/credits';
import { bookingRefundBody, paymentBody, refundBody } from '../../src/lib/payments';
import { refundBooking } from '../../src/lib/payments/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';
import { bookingChangeInput, bookingLanguageBody, bookingListQuery, customerFromBookingBody, noteBody, phoneBookingInput, statusChangeBody, unitMoveBody } from '../../src/lib/staff-bookings';
import { addNote, changeBooking, changeBookingLanguage, changeStatus, createPhoneBooking, moveTakenAt, exportBookings, getAdminBooking, keepBooking, listBookings, moveUnit, resendConfirmation } from '../../src/lib/staff-bookings/index.server';

/**
 * Bookings, each action with the lowest role it needs. Crew: the list, one booking, what they do on
 * the day (status along the delivery path, notes, resending the customer's e-mail) and the balance
 * collected at the door. Status moves that need a manager (confirm, cancel, expire) are refused
 * inside with 403, and so is a phone booking by crew unless Settings allow it. Managers: changing a
 * booking, any in-person payment, a payment from the customer's credit, refunds of a payment or of the booking (through Stripe
 * for card payments, back to the credit for credit payments), moving an item to
 * another physical unit, keeping an unpaid website booking past its deadline, new secrets for the
 * booking's links (the invoice link, the guests' QR code and share link) and copying the booking's
 * contact to the customer.
 */
// Sub-actions are listed one by one (no `:action` wildcard) so no path overlaps the invoice function's.
export const config: Config = {
  path: [
    '/api/admin/bookings',
    '/api/admin/bookings/:id',
    '/api/admin/bookings/:id/status',
    '/api/admin/bookings/:id/notes',
    '/api/admin/bookings/:id/language',
    '/api/admin/bookings/:id/resend',
    '/api/admin/bookings/:id/payments',
    '/api/admin/bookings/:id/credit-payments',
    '/api/admin/bookings/:id/refunds',
    '/api/admin/bookings/:id/booking-refunds',
    '/api/admin/bookings/:id/units',
    '/api/admin/bookings/:id/keep',
    '/api/admin/bookings/:id/links',
    '/api/admin/bookings/:id/customer',
  ],
};

export default syncAfterChanges(adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/bookings': {
      GET: {
        role: 'crew',
        run: async ({ url }) => {
          const query = parseQuery(url, bookingListQuery);
          return query.format === 'csv' ? csvResponse(await exportBookings(db(), query)) : listBookings(db(), query);
        },
      },
      POST: {
        role: 'crew',
        run: async ({ req, staff, audit }) =>
          Response.json({ booking: await createPhoneBooking(db(), staff, await parseJson(req, phoneBookingInput), audit, new Date()) }, { status: 201 }),
      },
    },
    '/api/admin/bookings/:id': {
      GET: { role: 'crew', run: ({ params, staff }) => getAdminBooking(db(), params.id, staff.role, new Date()) },
      PUT: {
        role: 'manager',
        run: async ({ req, params, staff, audit }) => {
          const booking = await changeBooking(db(), staff, params.id, await parseJson(req, bookingChangeInput), audit, new Date());
          // An edit that raised the total after the charge date: the difference goes to the saved card now
          // (when it cannot, the next housekeeping run tries). The edit itself is committed either way.
          const balanceCharge = await chargeBalanceNow(db(), params.id, new Date()).catch((error: unknown) => {
            console.error(`Automatic balance charge after the edit of ${booking.number} failed; housekeeping tries again:`, error);
            return null;
          });
          return { booking, balanceCharge };
        },
      },
    },
    '/api/admin/bookings/:id/status': {
      POST: {
        role: 'crew',
        once: true,
        run: async ({ req, params, staff, audit }) => {
          const now = new Date();
          return changeStatus(db(), params.id, await parseJson(req, statusChangeBody), staff, audit, now, moveTakenAt(req.headers, now));
        },
      },
    },
    '/api/admin/bookings/:id/notes': {
      POST: { role: 'crew', once: true, run: async ({ req, params, staff, audit }) => addNote(db(), params.id, (await parseJson(req, noteBody)).note, staff, audit, new Date()) },
    },
    // The customer's language (issue #40): crew hear it on the phone or at the door as much as the office does.
    '/api/admin/bookings/:id/language': {
      POST: {
        role: 'crew',
        run: async ({ req, params, audit }) => changeBookingLanguage(db(), params.id, (await parseJson(req, bookingLanguageBody)).language, audit, new Date()),
      },
    },
    '/api/admin/bookings/:id/resend': {
      POST: { role: 'crew', run: ({ params, audit }) => resendConfirmation(db(), params.id, audit, new Date()) },
    },
    // Crew record only money collected at the door (the door rule, as POST /api/admin/day/bookings/{id}/payments,
    // which the day screen uses; this path stays for actions queued on a phone before it); managers record any in-person payment.
    '/api/admin/bookings/:id/payments': {
      POST: {
        role: 'crew',
        once: true,
        run: async ({ req, params, staff, audit }) => {
          const record = hasRole(staff.role, 'manager') ? recordPayment : recordDoorPayment;
          return record(db(), params.id, await parseJson(req, paymentBody), staff, audit, new Date());
        },
      },
    },
    // Paying from the customer's credit moves money between the ledger and the booking: managers.
    '/api/admin/bookings/:id/credit-payments': {
      POST: {
        role: 'manager',
        run: async ({ req, params, staff, audit }) => recordCreditPayment(db(), params.id, await parseJson(req, creditPaymentBody), staff, audit, new Date()),
      },
    },
    '/api/admin/bookings/:id/refunds': {
      POST: { role: 'manager', run: async ({ req, params, staff, audit }) => refundPayment(db(), params.id, await parseJson(req, refundBody), staff, audit, new Date()) },
    },
    // The booking as a whole: the refund due after an edit or a cancellation, or any amount up to what was paid.
    '/api/admin/bookings/:id/booking-refunds': {
      POST: { role: 'manager', run: async ({ req, params, staff, audit }) => refundBooking(db(), params.id, await parseJson(req, bookingRefundBody), staff, audit, new Date()) },
    },
    '/api/admin/bookings/:id/units': {
      POST: { role: 'manager', run: async ({ req, params, audit }) => moveUnit(db(), params.id, await parseJson(req, unitMoveBody), audit) },
    },
    '/api/admin/bookings/:id/keep': {
      POST: { role: 'manager', run: ({ params, audit }) => keepBooking(db(), params.id, audit, new Date()) },
    },
    '/api/admin/bookings/:id/links': {
      POST: {
        role: 'manager',
        run: async ({ req, params, audit }) => rotateBookingLinks(db(), params.id, (await parseJson(req, rotateLinksBody)).links, audit, new Date()),
      },
    },
    '/api/admin/bookings/:id/customer': {
      POST: {
        role: 'manager',
        run: async ({ req, params, audit }) =>
          updateCustomerFromBooking(db(), params.id, (await parseJson(req, customerFromBookingBody)).fields, audit, new Date()),
      },
    },
  },
}));
