import { formatDeadline } from '../../lib/booking';

/**
 * A pay-later booking made on the website holds its rentals for an hour until the customer confirms
 * it from the e-mail (issue #36): the success page says so first, with the moment it is released.
 */
export function ConfirmRequestNotice({ confirmBy, email, timeZone }: { confirmBy: string; email?: string | undefined; timeZone: string }) {
  return (
    <section aria-labelledby="confirm-request" className="rounded-2xl border-2 border-amber-500 bg-amber-50 p-6" data-testid="confirm-request-notice">
      <h2 id="confirm-request" className="text-xl font-bold text-slate-900">
        Confirm your booking request within the hour
      </h2>
      <p className="mt-2 text-slate-900">
        We sent an e-mail{email ? <> to <strong>{email}</strong></> : null} with a “Confirm your booking request” link.
        One click on it keeps your rentals reserved. Until then we hold them for an hour only: a request not confirmed by{' '}
        <strong>{formatDeadline(new Date(confirmBy), timeZone)}</strong> is released.
      </p>
      <p className="mt-2 text-sm text-slate-700">No e-mail? Check your spam folder, or call us and we’ll confirm it with you.</p>
    </section>
  );
}
