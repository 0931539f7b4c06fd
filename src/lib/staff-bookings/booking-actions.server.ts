import type { z } from 'zod';
import type { Audit, Staff } from '../auth/index.server';
import { hasRole } from '../auth';
import { queueEmail, sendQueuedMail } from '../email/index.server';
import { allowedTransitions, type BookingStatus, cakesOnCancelling, cakesOnStaffCancelling, staffCancellationEmail, type StaffCancelledCakes, staffCakeNotices, staffStatusLabels, statusesOnTheDay, statusTooEarly, statusWord } from '../booking';
import { cakesForBooking, changeBookingStatus, getBookingView, lockBooking, queueCustomerEmail, statusDaysOf } from '../booking/index.server';
import type { Database } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { getBusinessClock, getSettings } from '../business/index.server';
import { businessClock, localDate, localTime } from '../time';
import type { Locale } from '../i18n';
import { noteLine, rainedOutRefusal, roleForStatusChange, staffTransitions, type statusChangeBody, type unitMoveBody } from './booking-rules';
import { rainOutWaiting } from '../rain-outs/index.server';
import { auditedChange } from '../admin/index.server';
import { ACTION_AGE_HEADER, takenMoment } from '../crew-app';
import { env } from '../config';

/**
 * When a status move was taken, on the server's clock: now, or for a move queued on a crew phone now
 * minus its `Action-Age` (takenMoment: the phone's clock is never read as a time of day). A move stamped
 * in the future or kept too long is a 400 at the header. The change itself is stamped with the server's now.
 */
export function moveTakenAt(headers: Headers, now: Date): Date {
  const taken = takenMoment(headers.get(ACTION_AGE_HEADER), now);
  if (!taken.ok) throw fieldError(ACTION_AGE_HEADER, taken.problem);
  return taken.at;
}

/**
 * Moves a booking to another status: only transitions the domain allows (409 otherwise), only by a
 * role allowed to make that move (403), with a reason for a cancellation, and the crew's moves not
 * before their day on the business's clock (statusTooEarly, 409 naming the day; a rental over several days
 * is completed from its last day). Cancelling releases the units and treats the cakes ordered with the
 * booking as the customer's own cancellation does (cakesOnStaffCancelling): before their last day they
 * are cancelled with it; past it they stay ordered, and the answer (`cakeNotices`) and the audit say which.
 * Unless staff say not to (`notifyCustomer: false`), the customer is e-mailed that it is cancelled, with
 * what happens to each cake in the words of their own cancellation's e-mail and a calendar update.
 */
export async function changeStatus(db: Database, id: string, body: z.infer<typeof statusChangeBody>, staff: Staff, audit: Audit, now: Date, takenAt: Date = now) {
  const { confirmation, cakes: _cakes, cancellationEmailId, ...changed } = await auditedChange(db, audit, {
    lock: (tx) => lockBooking(tx, id),
    check: async (booking, tx) => {
      if (!staffTransitions(allowedTransitions, booking.status, 'owner').includes(body.to)) {
        throw new AppError('conflict', `A booking that is ${statusWord(booking.status)} cannot become ${statusWord(body.to)}.`);
      }
      if (!staffTransitions(allowedTransitions, booking.status, 'owner', await rainOutWaiting(tx, id)).includes(body.to)) {
        throw new AppError('conflict', rainedOutRefusal(booking.number));
      }
      if (!hasRole(staff.role, roleForStatusChange(booking.status, body.to))) {
        throw new AppError('forbidden', `Only a manager or owner can make a booking ${statusWord(body.to)}.`);
      }
      // Judged by the business's clock when the move was taken: when it arrives, or for one queued on a
      // crew phone without signal, its age on the phone counted back from the server's now (moveTakenAt).
      // The phone's day screen offers a move only from its day by the phone's clock, which may be wrong;
      // a move taken before its day stays refused when it is sent on the day.
      if (statusesOnTheDay.includes(body.to)) {
        const clock = await getBusinessClock(tx, takenAt);
        const days = await statusDaysOf(tx, id, clock);
        const tooEarly = statusTooEarly(body.to, days, clock, takenAt.getTime() !== now.getTime());
        if (tooEarly) throw new AppError('conflict', tooEarly);
      }
    },
    change: async (tx, booking) => {
      await changeBookingStatus(tx, id, body.to, now);
      // What the booking keeps is what was paid, up to its total: the refund due is the rest (the booking
      // screen's), and staff refund from there. Recorded as the customer's own cancellation records it,
      // so that the accountant's journal and QuickBooks move the kept money out of the deposits held.
      let cakes: StaffCancelledCakes | null = null;
      let cancellation: { emailId: string; to: string } | null = null;
      if (body.to === 'cancelled') {
        const notify = body.notifyCustomer !== false;
        // A new calendar sequence so that the e-mail's invite replaces the one the customer has.
        await tx`
          update bookings set cancellation_reason = ${body.reason!}, cancellation_kept_cents = least(amount_paid_cents, total_cents),
            calendar_sequence = calendar_sequence + ${notify ? 1 : 0}
          where id = ${id}`;
        // Left alone, a cake would stay an active order with no party to be delivered with.
        const settings = await getSettings(tx);
        const outcome = cakesOnCancelling(await cakesForBooking(tx, id), businessClock(settings.timezone, now).today(), settings.cakeLeadTimeDays);
        cakes = cakesOnStaffCancelling(outcome);
        if (cakes.cancelled.length) {
          await tx`update cake_orders set status = 'cancelled', status_changed_at = ${now} where booking_id = ${id} and number = any(${cakes.cancelled}) and status <> 'cancelled'`;
        }
        if (notify) {
          const email = staffCancellationEmail((await getBookingView(tx, { id }, settings))!, settings, env().SITE_URL, outcome);
          cancellation = { emailId: await queueEmail(tx, 'booking-cancelled', email, now), to: email.to };
        }
      }
      // Staff confirm a booking whose deposit was taken another way (phone, cash): the customer gets the
      // same confirmation as after paying online. Only a hold or a deposit due can become confirmed, so
      // this is sent once.
      const confirmation = body.to === 'confirmed' ? await queueCustomerEmail(tx, id, now) : null;
      return {
        id,
        number: booking.number,
        status: body.to,
        statusLabel: staffStatusLabels[body.to],
        emailedTo: confirmation?.to ?? cancellation?.to ?? null,
        confirmation,
        cancellationEmailId: cancellation?.emailId ?? null,
        cakes,
        cakeNotices: cakes ? staffCakeNotices({ cancelled: cakes }) : [],
      };
    },
    audit: ({ confirmation, cancellationEmailId, cakes }, booking) => ({
      action: 'booking.status',
      entity: 'booking',
      entityId: id,
      before: { status: booking.status },
      after: {
        status: body.to,
        ...(body.to === 'cancelled' ? { reason: body.reason } : {}),
        ...(confirmation ? { emailId: confirmation.emailId } : {}),
        ...(cancellationEmailId ? { emailId: cancellationEmailId } : {}),
        ...(cakes && (cakes.cancelled.length || cakes.kept.length) ? { cakesCancelled: cakes.cancelled, cakesKept: cakes.kept.map((c) => c.number) } : {}),
      },
    }),
  });
  // After commit, the confirmation as much as the cancellation: the customer hears now, not at the next
  // scheduled retry. A mail failure leaves the message queued for that retry.
  const mail = [...(confirmation ? [confirmation.emailId] : []), ...(cancellationEmailId ? [cancellationEmailId] : [])];
  if (mail.length) await sendQueuedMail(db, now, { only: mail });
  return changed;
}

/**
 * "Keep booking": staff confirm an unpaid website booking they want to keep (they spoke to the
 * customer), so it is not released at its deadline. The deadline is cleared; a Stripe hold becomes
 * "deposit due" (the deposit is still owed, now without a deadline) and the customer gets the booking
 * e-mail a hold never sent. Audited; a booking without a deadline is a 409.
 */
export async function keepBooking(db: Database, id: string, audit: Audit, now: Date) {
  const { emailId, ...kept } = await auditedChange(db, audit, {
    lock: async (tx) => {
      const [booking] = await tx<{ number: string; status: BookingStatus; hold_expires_at: Date | null }[]>`
        select number, status, hold_expires_at from bookings where id = ${id} for update`;
      if (!booking) throw new AppError('not_found', 'No such booking.');
      return booking;
    },
    check: (booking) => {
      if ((booking.status !== 'hold' && booking.status !== 'deposit_due') || !booking.hold_expires_at) {
        throw new AppError('conflict', `This booking is ${statusWord(booking.status)}${booking.status === 'deposit_due' ? ' and kept already' : ''}: it has no deadline to clear.`);
      }
    },
    change: async (tx, booking) => {
      const status: BookingStatus = 'deposit_due';
      await tx`update bookings set status = ${status}, hold_expires_at = null, updated_at = ${now} where id = ${id}`;
      const confirmation = booking.status === 'hold' ? await queueCustomerEmail(tx, id, now) : null;
      return { id, number: booking.number, status, statusLabel: staffStatusLabels[status], emailedTo: confirmation?.to ?? null, emailId: confirmation?.emailId ?? null };
    },
    audit: ({ status, emailId }, booking) => ({
      action: 'booking.keep',
      entity: 'booking',
      entityId: id,
      before: { status: booking.status, releasesAt: booking.hold_expires_at!.toISOString() },
      after: { status, releasesAt: null, ...(emailId ? { emailId } : {}) },
    }),
  });
  // After commit: a mail failure leaves the message queued for the scheduled retry.
  if (emailId) await sendQueuedMail(db, now, { only: [emailId] });
  return kept;
}

/** Appends a dated, signed line to the staff notes (crew add notes; nobody rewrites someone else's). */
export async function addNote(db: Database, id: string, note: string, staff: Staff, audit: Audit, now: Date) {
  const { timezone } = await getSettings(db);
  return auditedChange(db, audit, {
    lock: (tx) => lockBooking(tx, id),
    change: async (tx, booking) => {
      const line = noteLine({ date: localDate(now, timezone), time: localTime(now, timezone) }, staff.name, note);
      const staffNotes = booking.staff_notes.trim() ? `${booking.staff_notes.trimEnd()}\n${line}` : line;
      await tx`update bookings set staff_notes = ${staffNotes}, updated_at = ${now} where id = ${id}`;
      return { id, staffNotes };
    },
    audit: ({ staffNotes }, booking) => ({ action: 'booking.note', entity: 'booking', entityId: id, before: { staffNotes: booking.staff_notes }, after: { staffNotes } }),
  });
}

/**
 * The booking's language (issue #40): what the customer receives about it from now on (its e-mails,
 * texts, invoice and calendar invite) is written in it. Nothing is sent again.
 */
export async function changeBookingLanguage(db: Database, id: string, language: Locale, audit: Audit, now: Date) {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [row] = await tx<{ language: Locale }[]>`select language from bookings where id = ${id} for update`;
      if (!row) throw new AppError('not_found', 'No such booking.');
      return row;
    },
    change: async (tx) => {
      await tx`update bookings set language = ${language}, updated_at = ${now} where id = ${id}`;
      return { id, language };
    },
    audit: (_, before) => ({ action: 'booking.language', entity: 'booking', entityId: id, before: { language: before.language }, after: { language } }),
  });
}

/**
 * Puts an item on another physical unit of the same product. The exclusion constraint on
 * unit_allocations is the final word: a unit booked for an overlapping window is a 409.
 */
export async function moveUnit(db: Database, id: string, body: z.infer<typeof unitMoveBody>, audit: Audit) {
  try {
    return await auditedChange(db, audit, {
      lock: async (tx) => {
        await lockBooking(tx, id);
        const [allocation] = await tx<{ id: string; unit_id: string; label: string; product_id: string }[]>`
          select a.id, a.unit_id, u.label, u.product_id from unit_allocations a join inventory_units u on u.id = a.unit_id
          where a.id = ${body.allocationId} and a.booking_id = ${id} and a.released_at is null for update of a`;
        if (!allocation) throw fieldError('allocationId', 'That unit is not allocated to this booking any more.');
        const [target] = await tx<{ id: string; label: string; product_id: string; status: string }[]>`
          select id, label, product_id, status from inventory_units where id = ${body.unitId}`;
        return { allocation, target };
      },
      check: ({ allocation, target }) => {
        if (!target || target.product_id !== allocation.product_id) throw fieldError('unitId', 'Choose a unit of the same product.');
        if (target.id === allocation.unit_id) throw fieldError('unitId', `The item is already on unit ${target.label}.`);
        if (target.status !== 'available') throw new AppError('conflict', `Unit ${target.label} is ${target.status === 'maintenance' ? 'in maintenance' : 'retired'} and can’t be booked.`);
      },
      change: async (tx, { allocation, target }) => {
        try {
          await tx.savepoint((sp) => sp`update unit_allocations set unit_id = ${target!.id} where id = ${allocation.id}`);
        } catch (error) {
          if ((error as { code?: string }).code === '23P01') {
            throw new AppError('conflict', `Unit ${target!.label} is already booked for an overlapping time. Choose another unit.`);
          }
          throw error;
        }
        return { allocationId: allocation.id, unitId: target!.id, label: target!.label };
      },
      audit: (moved, { allocation }) => ({
        action: 'booking.unit',
        entity: 'booking',
        entityId: id,
        before: { allocationId: allocation.id, unitId: allocation.unit_id, unit: allocation.label },
        after: { allocationId: moved.allocationId, unitId: moved.unitId, unit: moved.label },
      }),
    });
  } catch (error) {
    // A concurrent move committed between our check and the update: still the constraint's 409.
    if ((error as { code?: string }).code === '23P01') throw new AppError('conflict', 'That unit was just booked for an overlapping time. Choose another unit.');
    throw error;
  }
}

/** Sends the customer's booking e-mail again (what it says follows the status), through the outbox. */
export async function resendConfirmation(db: Database, id: string, audit: Audit, now: Date) {
  const sent = await auditedChange(db, audit, {
    lock: (tx) => lockBooking(tx, id),
    check: (booking) => {
      if (booking.status === 'cancelled' || booking.status === 'expired') {
        throw new AppError('conflict', `This booking is ${statusWord(booking.status)}: there is no confirmation to send.`);
      }
    },
    change: (tx) => queueCustomerEmail(tx, id, now),
    audit: (queued) => ({ action: 'booking.resend_confirmation', entity: 'booking', entityId: id, after: queued }),
  });
  // After commit: a mail failure leaves the message queued for the scheduled retry.
  await sendQueuedMail(db, now);
  return sent;
}
