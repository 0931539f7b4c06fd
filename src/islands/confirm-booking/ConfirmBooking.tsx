import { useEffect, useState } from 'react';
import { formatDeadline, type ConfirmRequestAnswer } from '../../lib/booking';
import { publicApi, trackOrderPath } from '../../lib/paths';
import { requestJson } from '../shared/api';
import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';

type View = { state: 'confirming' } | { state: 'answered'; answer: ConfirmRequestAnswer } | { state: 'failed'; message: string };

/**
 * /confirm-booking?booking=…&key=… (issue #36): the link in a pay-later booking's e-mail. Opening it
 * confirms the booking request at once (the page posts the number and key, never in a server log);
 * opening it again says it is confirmed already; a request released after its hour says so and offers
 * its products again for the party's date.
 */
export default function ConfirmBooking({ phone, timeZone }: { phone: string; timeZone: string }) {
  const [view, setView] = useState<View>({ state: 'confirming' });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    void requestJson<ConfirmRequestAnswer>(publicApi.confirmBooking, {
      method: 'POST',
      json: { bookingNumber: params.get('booking') ?? '', key: params.get('key') ?? '' },
    }).then((result) =>
      setView(
        result.ok
          ? { state: 'answered', answer: result.data }
          : { state: 'failed', message: Object.values(result.error.fields ?? {})[0] ?? result.error.message },
      ),
    );
  }, []);

  const phoneLink = (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="font-semibold text-brand-800 underline">
      {phone}
    </a>
  );

  if (view.state === 'confirming') {
    return (
      <p role="status" className="text-lg text-slate-700">
        Confirming your booking request…
      </p>
    );
  }
  if (view.state === 'failed') {
    return (
      <section role="alert" aria-labelledby="confirm-failed" className="rounded-2xl border border-red-200 bg-red-50 p-6">
        <h2 id="confirm-failed" className="text-xl font-bold text-slate-900">
          We couldn’t confirm it from this link
        </h2>
        <p className="mt-2 text-slate-900">{view.message}</p>
        <p className="mt-2 text-slate-900">Call us at {phoneLink} and we’ll confirm your booking with you.</p>
      </section>
    );
  }

  const { answer } = view;
  if (!('payBy' in answer)) {
    return (
      <section aria-labelledby="confirm-released" className="space-y-4 rounded-2xl border-2 border-amber-500 bg-amber-50 p-6" data-testid="confirm-answer">
        <h2 id="confirm-released" className="text-xl font-bold text-slate-900">
          {answer.state === 'released' ? `Booking request ${answer.bookingNumber} was released` : `Booking ${answer.bookingNumber} was cancelled`}
        </h2>
        <p className="text-slate-900">
          {answer.state === 'released'
            ? 'It was not confirmed (or its deposit not paid) in time, so its rentals went back on sale. Nothing was charged.'
            : 'It can no longer be confirmed.'}{' '}
          They may still be free for your date: book again below, or call us at {phoneLink}.
        </p>
        {answer.bookAgain.length > 0 && (
          <ul className="flex flex-wrap gap-3" aria-label="Book again">
            {answer.bookAgain.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={primaryButtonClass}>
                  Book again: {link.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="confirm-done" className="space-y-4 rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6" data-testid="confirm-answer">
      <h2 id="confirm-done" className="text-xl font-bold text-emerald-950">
        {answer.state === 'confirmed' ? 'Thank you: your booking request is confirmed' : 'Your booking request is already confirmed'}
      </h2>
      <p className="text-emerald-950">
        Booking <span className="whitespace-nowrap font-mono font-bold">{answer.bookingNumber}</span>:{' '}
        {answer.depositPaid
          ? 'your booking is confirmed and your rentals are reserved.'
          : answer.payBy
            ? `we keep your rentals for you until ${formatDeadline(new Date(answer.payBy), timeZone)}. Pay the deposit by then to confirm the booking: from the tracking page, or call us.`
            : 'we keep your rentals for you. Pay the deposit to confirm the booking: from the tracking page, or call us.'}
      </p>
      <p className="flex flex-wrap gap-3">
        <a href={trackOrderPath(answer.bookingNumber)} className={secondaryButtonClass}>
          Track your booking
        </a>
      </p>
    </section>
  );
}
