import { cancellationNow, cancellationTerms } from '../../lib/changes';
import { supportPath } from '../../lib/paths';
import type { PublicBooking } from './use-track-order';

/** How to cancel or move the booking, and what the policy means for it today. */
export function CancelCard({ booking: b, phone, email }: { booking: PublicBooking; phone: string; email: string }) {
  const phoneHref = `tel:${phone.replace(/[^\d+]/g, '')}`;
  return (
    <section aria-labelledby="cancel-heading" className="rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <h3 id="cancel-heading" className="text-lg font-bold text-slate-900">
        Need to cancel or change the date?
      </h3>
      <p className="mt-2 text-slate-800">{cancellationNow(new Date(b.event.startsAt), new Date(), b.changePolicy)}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
        {cancellationTerms(b.changePolicy).map((line) => (
          <li key={line}>{line}</li>
        ))}
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
