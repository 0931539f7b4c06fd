import { useEffect, useState, type ReactNode } from 'react';
import { customerFormats, type ConfirmRequestAnswer } from '../../lib/booking';
import { interpolate, localizedPath, phoneHref, type Locale, type Messages } from '../../lib/i18n';
import { publicApi, trackOrderPath } from '../../lib/paths';
import { requestJson } from '../shared/api';
import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';

type View = { state: 'confirming' } | { state: 'answered'; answer: ConfirmRequestAnswer } | { state: 'failed'; message: string };

/** The page's words (messages.confirmBooking without the page's own title and lede). */
export type ConfirmBookingWords = Omit<Messages['confirmBooking'], 'page'>;

/** A sentence with the phone link where its `{phone}` stands. */
const withPhone = (sentence: string, phone: ReactNode) => {
  const [before, after] = sentence.split('{phone}');
  return (
    <>
      {before}
      {phone}
      {after}
    </>
  );
};

/**
 * /confirm-booking?booking=…&key=… (issue #36): the link in a pay-later booking's e-mail. Opening it
 * confirms the booking request at once (the page posts the number and key, never in a server log);
 * opening it again says it is confirmed already; a request released after its hour says so and offers
 * its products again for the party's date. In the page's language (/es/confirm-booking for a Spanish
 * booking): its words come from the page, the server answers in the page's language (X-Page-Language).
 */
export default function ConfirmBooking({ phone, timeZone, locale, words: t }: { phone: string; timeZone: string; locale: Locale; words: ConfirmBookingWords }) {
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
    <a href={phoneHref(phone)} className="font-semibold text-brand-800 underline">
      {phone}
    </a>
  );

  if (view.state === 'confirming') {
    return (
      <p role="status" className="text-lg text-slate-700">
        {t.confirming}
      </p>
    );
  }
  if (view.state === 'failed') {
    return (
      <section role="alert" aria-labelledby="confirm-failed" className="rounded-2xl border border-red-200 bg-red-50 p-6">
        <h2 id="confirm-failed" className="text-xl font-bold text-slate-900">
          {t.failedHeading}
        </h2>
        <p className="mt-2 text-slate-900">{view.message}</p>
        <p className="mt-2 text-slate-900">{withPhone(t.callToConfirm, phoneLink)}</p>
      </section>
    );
  }

  const { answer } = view;
  if (!('payBy' in answer)) {
    return (
      <section aria-labelledby="confirm-released" className="space-y-4 rounded-2xl border-2 border-amber-500 bg-amber-50 p-6" data-testid="confirm-answer">
        <h2 id="confirm-released" className="text-xl font-bold text-slate-900">
          {interpolate(answer.state === 'released' ? t.releasedHeading : t.cancelledHeading, { number: answer.bookingNumber })}
        </h2>
        <p className="text-slate-900">
          {answer.state === 'released' ? t.released : t.cancelled} {withPhone(t.bookAgainIntro, phoneLink)}
        </p>
        {answer.bookAgain.length > 0 && (
          <ul className="flex flex-wrap gap-3" aria-label={t.bookAgainLabel}>
            {answer.bookAgain.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={primaryButtonClass}>
                  {interpolate(t.bookAgain, { name: link.name })}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  const deadline = answer.payBy ? customerFormats(locale).deadline(new Date(answer.payBy), timeZone) : null;
  return (
    <section aria-labelledby="confirm-done" className="space-y-4 rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6" data-testid="confirm-answer">
      <h2 id="confirm-done" className="text-xl font-bold text-emerald-950">
        {answer.state === 'confirmed' ? t.confirmedHeading : t.alreadyHeading}
      </h2>
      <p className="text-emerald-950">
        {t.booking} <span className="whitespace-nowrap font-mono font-bold">{answer.bookingNumber}</span>:{' '}
        {answer.depositPaid ? t.depositPaid : deadline ? interpolate(t.payBy, { deadline }) : t.payDeposit}
      </p>
      <p className="flex flex-wrap gap-3">
        <a href={localizedPath(trackOrderPath(answer.bookingNumber), locale)} className={secondaryButtonClass}>
          {t.track}
        </a>
      </p>
    </section>
  );
}
