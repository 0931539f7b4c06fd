import { formatDeadline } from '../../lib/booking';
import { interpolate } from '../../lib/i18n';
import { localDate, localTime } from '../../lib/time';
import { useCheckoutWords } from '../shared/island-words';

/**
 * A pay-later booking made on the website holds its rentals for an hour until the customer confirms
 * it from the e-mail (issue #36): the success page says so first, with the moment it is released, in
 * the page's language (issue #40).
 */
export function ConfirmRequestNotice({ confirmBy, email, timeZone }: { confirmBy: string; email?: string | undefined; timeZone: string }) {
  const { payLaterNotice: t, locale, f } = useCheckoutWords();
  const by = new Date(confirmBy);
  const deadline = locale === 'en' ? formatDeadline(by, timeZone) : interpolate(t!.deadline, { date: f.shortDate(localDate(by, timeZone)), time: f.atClock(localTime(by, timeZone)) });
  return (
    <section aria-labelledby="confirm-request" className="rounded-2xl border-2 border-amber-500 bg-amber-50 p-6" data-testid="confirm-request-notice">
      <h2 id="confirm-request" className="text-xl font-bold text-slate-900">
        {t!.heading}
      </h2>
      <p className="mt-2 text-slate-900">
        {t!.sent}
        {email ? <>{t!.to}<strong>{email}</strong></> : null}
        {t!.link}{' '}
        <strong>{deadline}</strong>
        {t!.released}
      </p>
      <p className="mt-2 text-sm text-slate-700">{t!.noEmail}</p>
    </section>
  );
}
