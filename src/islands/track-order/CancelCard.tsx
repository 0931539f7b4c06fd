import { supportPath } from '../../lib/paths';
import type { PublicBooking } from './use-track-order';

/** What the cancellation policy means for this booking today (the policy page is the authority). */
function cancellationTerms(startsAt: string): string {
  const days = (Date.parse(startsAt) - Date.now()) / 86_400_000;
  if (days >= 7) return 'Your event is 7 or more days away: if you cancel now, you get a full refund of your deposit.';
  if (days >= 2)
    return 'Your event is less than 7 days but more than 48 hours away: if you cancel now, your full deposit becomes a credit for a future rental, valid for 12 months.';
  return 'Your event is less than 48 hours away: a cancellation now gets no refund of the deposit, except for weather, which the policy covers separately.';
}

/** How to cancel or move the booking, and what the policy means for it today. */
export function CancelCard({ booking: b, phone, email }: { booking: PublicBooking; phone: string; email: string }) {
  const phoneHref = `tel:${phone.replace(/[^\d+]/g, '')}`;
  return (
    <section aria-labelledby="cancel-heading" className="rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <h3 id="cancel-heading" className="text-lg font-bold text-slate-900">
        Need to cancel or change the date?
      </h3>
      <p className="mt-2 text-slate-800">{cancellationTerms(b.event.startsAt)}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
        <li>7 days or more before your event: a full refund of your deposit.</li>
        <li>Less than 7 days but at least 48 hours before: your deposit as a credit for a future rental.</li>
        <li>Less than 48 hours before: no refund of the deposit.</li>
        <li>
          Moving to a new date is free at least 48 hours ahead, when the items are free on the new date. Unsafe
          weather always gets a rain check.
        </li>
      </ul>
      <p className="mt-3 text-slate-800">
        To cancel or move your booking, call{' '}
        <a href={phoneHref} className="font-semibold text-brand-800 underline">
          {phone}
        </a>{' '}
        or e-mail{' '}
        <a
          href={`mailto:${email}?subject=${encodeURIComponent(`Cancel or change booking ${b.number}`)}`}
          className="font-semibold text-brand-800 underline"
        >
          {email}
        </a>{' '}
        with your booking number, or{' '}
        <a
          href={supportPath(b.number, `Cancel or change booking ${b.number}`)}
          className="font-semibold text-brand-800 underline"
        >
          send a cancellation request
        </a>
        . The cancellation counts from the moment we get your request, and we confirm it by e-mail.
      </p>
      <p className="mt-3">
        <a href="/cancellation-policy" className="font-semibold text-brand-800 underline underline-offset-4">
          Read the full cancellation policy
        </a>
      </p>
    </section>
  );
}
