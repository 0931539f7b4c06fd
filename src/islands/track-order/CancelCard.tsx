import { cancellationNowIn, cancellationTermsIn } from '../../lib/changes';
import { interpolate, phoneHref } from '../../lib/i18n';
import { supportPath } from '../../lib/paths';
import { primaryButtonClass } from '../shared/form-classes';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';
import { useTrackWords } from './words';

/** How to cancel or move the booking, and what the policy means for it today. */
export function CancelCard({
  booking: b,
  phone,
  email,
  changeLink,
}: {
  booking: PublicBooking;
  phone: string;
  email: string;
  /** "Change or cancel": e-mails the booking's own link to its address (a number and an e-mail are not enough to cancel a party). */
  changeLink: { send: () => void; sending: boolean; sent: { ok: boolean; message: string } | null };
}) {
  const callHref = phoneHref(phone);
  const { locale, link, trackOrder } = useTrackWords();
  const t = trackOrder.cancelCard;
  const subject = interpolate(t.subject, { number: b.number });
  return (
    <CustomerCard id="cancel-heading" heading={t.heading} level={3} tone="note">
      <p className="mt-2 text-slate-800">{cancellationNowIn(new Date(b.event.startsAt), new Date(), b.changePolicy, locale)}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
        {cancellationTermsIn(b.changePolicy, locale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-4 space-y-2">
        <button type="button" className={primaryButtonClass} disabled={changeLink.sending} onClick={changeLink.send}>
          {changeLink.sending ? t.sending : t.button}
        </button>
        <p className="text-sm text-slate-700">{t.note}</p>
        {changeLink.sent && (
          <p role={changeLink.sent.ok ? 'status' : 'alert'} className={changeLink.sent.ok ? 'font-semibold text-slate-900' : 'font-semibold text-red-800'} data-testid="change-link-sent">
            {changeLink.sent.message}
          </p>
        )}
      </div>
      <p className="mt-3 text-slate-800">
        {t.orCall}{' '}
        <a href={callHref} className="font-semibold text-brand-800 underline">
          {phone}
        </a>{' '}
        {t.orEmail}{' '}
        <a
          href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
          className="font-semibold text-brand-800 underline"
        >
          {email}
        </a>{' '}
        {t.withNumber}{' '}
        <a
          href={link(supportPath(b.number, subject))}
          className="font-semibold text-brand-800 underline"
        >
          {t.request}
        </a>
        {t.counts}
      </p>
      <p className="mt-3">
        <a href={link('/cancellation-policy')} className="font-semibold text-brand-800 underline underline-offset-4">
          {t.policy}
        </a>
      </p>
    </CustomerCard>
  );
}
