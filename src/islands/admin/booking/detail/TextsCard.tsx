import { textStatusLabels, type TextMessageView } from '../../../../lib/texts';
import { staffClock } from '../../shared/business';
import { Card } from '../../shared/ui';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

const statusTone: Record<TextMessageView['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  refused: 'bg-slate-200 text-slate-900',
};

/**
 * The booking's texts (issue #26): whether the customer agreed and in which words, and every text kept
 * for it, newest first (time, to, text, status). Shown while the site can text, or when texts were kept.
 */
export function TextsCard({ booking }: { booking: AdminBooking }) {
  const { consent, messages } = booking.texts;
  return (
    <Card title={`Texts (${messages.length})`}>
      <div className="space-y-3 text-sm">
        {consent ? (
          <p className="text-slate-800">
            <span className="font-semibold">
              {consent.stopped
                ? `Texts stopped${consent.stoppedAt ? ` on ${staffClock().timestamp(consent.stoppedAt)}` : ''}: ${consent.phone} answered ${consent.stopKeyword ?? 'STOP'}.`
                : `Agreed to texts at ${consent.phone}`}
            </span>{' '}
            ({consent.stopped ? 'agreed ' : ''}
            {consent.source === 'checkout' ? 'at checkout' : 'on the phone'}, {staffClock().timestamp(consent.consentedAt)}): “{consent.wording}”
          </p>
        ) : (
          <p className="text-slate-700">The customer has not agreed to texts: messages go by e-mail.</p>
        )}
        {messages.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {messages.map((m) => (
              <li key={m.id} className="space-y-1 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[m.status]}`}>{textStatusLabels[m.status]}</span>
                  <span className="text-slate-700">
                    {staffClock().timestamp(m.sentAt ?? m.createdAt)} · to {m.to}
                  </span>
                </div>
                <p className="break-words text-slate-900">{m.body}</p>
                {m.status === 'pending' && m.nextAttemptAt && (
                  <p className="text-xs text-slate-700">
                    Goes {staffClock().timestamp(m.nextAttemptAt)}
                    {m.lastError ? ` (attempt ${m.attempts + 1}; last error: ${m.lastError})` : ''}
                  </p>
                )}
                {m.status === 'failed' && m.lastError && <p className="text-xs text-red-800">{m.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
