import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type BookingStatus, staffStatusLabels, statusActionLabels } from '../../../../lib/booking';
import { adminApi } from '../../../../lib/paths';
import type { z } from '../../../../lib/validation';
import { Checkbox, FormAlert, TextArea } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { apiResolver, showServerErrors, useAdminForm } from '../../shared/admin-form';
import { staffClock } from '../../shared/business';
import { ReadAgainAlert, useChangeReadBack } from '../../shared/ReadAgain';
import { useStaff } from '../../shared/staff';
import { buttonClass, Card, dangerButtonClass, secondaryButtonClass } from '../../shared/ui';
import { StatusBadge } from '../StatusBadge';
import type { CardProps } from './card-props';
import { statusChangeBody } from '../../../../lib/staff-bookings';
import { formFields } from '../../../shared/form-fields';

const statusToast =
  (to: BookingStatus) =>
  ({ emailedTo, cakeNotices }: { emailedTo: string | null; cakeNotices?: string[] }) =>
    `Booking is now ${staffStatusLabels[to].toLowerCase()}.${emailedTo ? ` ${to === 'cancelled' ? 'Cancellation' : 'Confirmation'} e-mailed to ${emailedTo}.` : ''}${(cakeNotices ?? []).map((n) => ` ${n}`).join('')}`;

/** Where the booking stands and the moves the signed-in staff member may make (the server checks again). */
export function StatusCard({ booking, reload }: CardProps) {
  const { can } = useStaff();
  const [cancelling, setCancelling] = useState(false);
  const [sending, setSending] = useState(false);
  // After a move the buttons stay off until the booking comes back changed: in between they were the
  // old booking's, and a second tap sent the same move again (refused as a conflict) or reopened the cancel form.
  // When it cannot be read again (no signal) they come back on, the move made not among them, with a way to read again.
  const readBack = useChangeReadBack<CardProps['booking'], BookingStatus | 'kept'>(booking, reload);
  const busy = sending || readBack.waiting;
  const changed = readBack.changed;
  // An unpaid website booking is released at its deadline unless it is paid or staff keep it.
  const releasable = (booking.status === 'hold' || booking.status === 'deposit_due') && booking.holdExpiresAt !== null;
  const keep = async () => {
    setSending(true);
    const result = await adminMutate<{ emailedTo: string | null }>(adminApi.bookings.one(booking.id, 'keep'), 'POST', {}, ({ emailedTo }) =>
      `Booking kept: it is no longer released by itself.${emailedTo ? ` Booking e-mail sent to ${emailedTo}.` : ''}`,
    );
    setSending(false);
    if (result.ok) changed('kept');
  };

  // A refused move (its day has not come, a phone moved it meanwhile) is said here at the buttons, not only in a toast.
  const [problem, setProblem] = useState<string | null>(null);
  const move = async (to: BookingStatus) => {
    setSending(true);
    const result = await adminMutate(adminApi.bookings.one(booking.id, 'status'), 'POST', { to }, statusToast(to));
    setSending(false);
    setProblem(result.ok ? null : result.error.message);
    if (result.ok) changed(to);
  };
  const forward = booking.transitions.filter((s) => s !== 'cancelled');
  // Moves whose day has not come on the business's clock: shown, switched off, with the day they open.
  const waitReasonId = (to: BookingStatus) => `status-wait-${to}`;
  const waiting = forward.filter((to) => booking.tooEarly[to]);

  return (
    <Card title="Status">
      <p className="mb-3 text-sm text-slate-800">
        Now: <StatusBadge status={booking.status} />
        {releasable && (
          <>
            {' '}
            · <span data-testid="releases-at">released {staffClock().timestamp(booking.holdExpiresAt!)} unless {booking.awaitingEmailConfirmation ? 'the customer confirms it from our e-mail, or it is paid or kept' : 'paid or kept'}</span>
          </>
        )}
      </p>
      {booking.status === 'cancelled' && booking.cancellationReason && (
        <p className="mb-3 text-sm text-slate-800">
          Cancelled{booking.cancelledAt ? ` on ${staffClock().timestamp(booking.cancelledAt)}` : ''}: {booking.cancellationReason}
        </p>
      )}
      {booking.transitions.length === 0 && booking.lockedTransitions.length === 0 && <p className="text-sm text-slate-700">This booking is finished: its status can’t change any more.</p>}
      <div className="flex flex-wrap gap-2">
        {forward.map((to) => (
          <button
            key={to}
            type="button"
            className={buttonClass}
            disabled={busy || readBack.made === to || Boolean(booking.tooEarly[to])}
            aria-describedby={booking.tooEarly[to] ? waitReasonId(to) : undefined}
            onClick={() => void move(to)}
          >
            {statusActionLabels[to]}
          </button>
        ))}
        {releasable && can('manager') && (
          <button type="button" className={secondaryButtonClass} disabled={busy || readBack.made === 'kept'} onClick={() => void keep()}>
            Keep booking (no deadline)
          </button>
        )}
        {booking.transitions.includes('cancelled') && !cancelling && (
          <button type="button" className={dangerButtonClass} disabled={busy || readBack.made === 'cancelled'} onClick={() => setCancelling(true)}>
            Cancel booking…
          </button>
        )}
      </div>
      {waiting.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {waiting.map((to) => (
            <li key={to} id={waitReasonId(to)}>
              {booking.tooEarly[to]}
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <div className="mt-3">
          <FormAlert title="The status did not change" message={problem} />
        </div>
      )}
      {readBack.problem && readBack.made && (
        <div className="mt-3">
          <ReadAgainAlert done={readBack.made === 'kept' ? 'Booking kept.' : `Booking is now ${staffStatusLabels[readBack.made].toLowerCase()}.`} what="booking" problem={readBack.problem} onReadAgain={readBack.readAgain} />
        </div>
      )}
      {/* Once cancelled, the form goes: left open, it offered "Keep booking" and a second cancel on a cancelled booking. */}
      {cancelling && booking.transitions.includes('cancelled') && (
        <CancelForm
          bookingId={booking.id}
          hasCakes={booking.cakes.some((c) => c.status !== 'delivered')}
          onCancelled={() => (setCancelling(false), changed('cancelled'))}
          onKeep={() => setCancelling(false)}
        />
      )}
      {booking.lockedTransitions.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          A manager can also: {booking.lockedTransitions.map((s) => statusActionLabels[s].toLowerCase()).join(', ')}.
        </p>
      )}
    </Card>
  );
}

const cancelResolver = apiResolver(statusChangeBody, (v: { reason: string; notify: boolean }) => ({ to: 'cancelled' as const, reason: v.reason, notifyCustomer: v.notify }));

function CancelForm({ bookingId, hasCakes, onCancelled, onKeep }: { bookingId: string; hasCakes: boolean; onCancelled(): void; onKeep(): void }) {
  const form = useForm<{ reason: string; notify: boolean }, unknown, z.output<typeof statusChangeBody>>({ resolver: cancelResolver, defaultValues: { reason: '', notify: true } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const saving = useAdminForm(form, { command: true });
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = handleSubmit(async (body) => {
    const result = await adminMutate(adminApi.bookings.one(bookingId, 'status'), 'POST', body, statusToast('cancelled'));
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'reason'));
    saving.saved();
    onCancelled();
  });
  return (
    <form className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3" onSubmit={(e) => void cancel(e)} noValidate>
      <TextArea {...field('reason')} label="Reason for cancelling" hint={`Cancelling frees the units at once. Refund any payment below.${hasCakes ? ' Its cakes are cancelled with it before their last day to change; one past it stays ordered.' : ''}`} rows={2} maxLength={500} />
      <Checkbox
        {...form.register('notify')}
        className="mt-2"
        label="E-mail the customer that it is cancelled"
        hint={`With a calendar update${hasCakes ? ' and what happens to each cake' : ''}. The reason stays here.`}
      />
      {problem && <FormAlert title="The booking was not cancelled" message={problem} />}
      <div className="mt-2 flex gap-2">
        <button type="submit" className={dangerButtonClass} disabled={formState.isSubmitting}>
          Cancel booking
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => saving.confirmDiscard() && onKeep()}>
          Keep booking
        </button>
      </div>
    </form>
  );
}
