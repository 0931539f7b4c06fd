import { cancellationNow, cancellationTerms } from '../../lib/changes';
import { supportPath } from '../../lib/paths';
import { primaryButtonClass } from '../shared/form-classes';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';

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
  const phoneHref = `tel:${phone.replace(/[^\d+]/g, '')}`;
  return (
    <CustomerCard id="cancel-heading" heading="Need to cancel or change the date?" level={3} tone="note">
      <p className="mt-2 text-slate-800">{cancellationNow(new Date(b.event.startsAt), new Date(), b.changePolicy)}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
        {cancellationTerms(b.changePolicy).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-4 space-y-2">
        <button type="button" className={primaryButtonClass} disabled={changeLink.sending} onClick={changeLink.send}>
          {changeLink.sending ? 'Sending the link…' : 'Change or cancel'}
        </button>
        <p className="text-sm text-slate-700">We e-mail a personal link to the address on the booking: from it you can move the booking to another date or cancel it yourself.</p>
        {changeLink.sent && (
          <p role={changeLink.sent.ok ? 'status' : 'alert'} className={changeLink.sent.ok ? 'font-semibold text-slate-900' : 'font-semibold text-red-800'} data-testid="change-link-sent">
            {changeLink.sent.message}
          </p>
        )}
      </div>
      <p className="mt-3 text-slate-800">
        Or, to cancel or move your booking, call{' '}
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
    </CustomerCard>
  );
}
