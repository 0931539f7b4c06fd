import type { InboxHistory, InboxMessage } from '../../../lib/inbox/index.server';
import { inboxKindLabels } from '../../../lib/inbox';
import { staffStatusLabels } from '../../../lib/booking';
import { quoteStatusLabels, type QuoteStatus } from '../../../lib/quote-requests';
import { formatMoney } from '../../../lib/money';
import { adminApi, adminPaths } from '../../../lib/paths';
import { adminMutate } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { useRecord } from '../shared/record-editor';
import { Badge, buttonClass, Card, LoadState, secondaryButtonClass } from '../shared/ui';
import { phoneHref } from '../../../lib/i18n';

/** One message with what else we have from its sender; marking it handled keeps the message the API returns. */
export function MessagePanel({ id, onChanged, onClose }: { id: string; onChanged(): void; onClose(): void }) {
  const loaded = useRecord<InboxHistory, InboxHistory>(adminApi.inbox.one(id), (d) => d);
  const h = loaded.record;
  const mark = async (handled: boolean) => {
    const result = await adminMutate<InboxMessage>(adminApi.inbox.one(id), 'PATCH', { handled }, handled ? 'Marked handled.' : 'Back in New.');
    if (result.ok && h) {
      loaded.setRecord({ ...h, message: result.data });
      onChanged();
    }
  };
  return (
    <Card>
      <LoadState loading={loaded.loading} error={loaded.error}>
        {h && (
          <div className="space-y-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="min-w-0 text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">{h.message.subject || inboxKindLabels[h.message.kind]}</h2>
              {/* On a phone the layout's "Back to the list" closes it. */}
              <div className="hidden lg:block">
                <button type="button" className={secondaryButtonClass} onClick={onClose}>
                  Close
                </button>
              </div>
            </div>
            <p className="text-sm text-slate-700">
              {inboxKindLabels[h.message.kind]} · {staffClock().timestamp(h.message.createdAt)}
              {h.message.bookingNumber && ` · about booking ${h.message.bookingNumber}`}
              {h.message.language === 'es' && ' · Spanish: reply in Spanish'}
            </p>
            <p className="text-sm">
              <strong className="[overflow-wrap:anywhere]">{h.message.name}</strong> · <a className="break-all text-brand-800 underline" href={`mailto:${h.message.email}`}>{h.message.email}</a>
              {h.message.phone && (
                <>
                  {' · '}
                  <a className="text-brand-800 underline" href={phoneHref(h.message.phone)}>
                    {h.message.phone}
                  </a>
                </>
              )}
            </p>
            <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-slate-900">{h.message.message}</p>
            <div className="flex flex-wrap items-center gap-2">
              <a className={buttonClass} href={`mailto:${h.message.email}?subject=${encodeURIComponent(`Re: ${h.message.subject || 'your message'}`)}`}>
                Reply by e-mail
              </a>
              {h.message.handledAt ? (
                <>
                  <Badge tone="good">
                    Handled {staffClock().timestamp(h.message.handledAt)}
                    {h.message.handledBy ? ` by ${h.message.handledBy}` : ''}
                  </Badge>
                  <button type="button" className={secondaryButtonClass} onClick={() => void mark(false)}>
                    Mark new
                  </button>
                </>
              ) : (
                <button type="button" className={secondaryButtonClass} onClick={() => void mark(true)}>
                  Mark handled
                </button>
              )}
            </div>
            <History history={h} />
          </div>
        )}
      </LoadState>
    </Card>
  );
}

/** A titled list of what else the sender has, "None" when empty. */
/** One kind of record from the same sender: each a link (its address and words), then its facts after dots. */
function HistoryList<T extends { id: string }>({ title, items, link, facts }: { title: string; items: readonly T[]; link(item: T): [href: string, text: string]; facts(item: T): string[] }) {
  return (
    <div>
      <h4 className="font-semibold">
        {title} ({items.length})
      </h4>
      <ul className="list-disc pl-5">
        {items.map((item) => {
          const [href, text] = link(item);
          return (
            <li key={item.id}>
              <a className={linkClass} href={href}>
                {text}
              </a>
              {' · '}
              {facts(item).join(' · ')}
            </li>
          );
        })}
        {items.length === 0 && <li className="list-none text-slate-700">None</li>}
      </ul>
    </div>
  );
}

const linkClass = 'text-brand-800 underline';

function History({ history: h }: { history: InboxHistory }) {
  return (
    <section aria-labelledby="inbox-history" className="space-y-3 border-t border-slate-200 pt-3 text-sm">
      <h3 id="inbox-history" className="font-bold text-slate-900">
        {/* A long address wraps anywhere: unbroken, it made the whole page scroll sideways on a phone. */}
        Also from <span className="break-all">{h.message.email}</span>
        {h.customerId && (
          <>
            {' · '}
            <a className="font-semibold text-brand-800 underline" href={adminPaths.customer(h.customerId)}>
              customer record
            </a>
          </>
        )}
      </h3>
      <HistoryList title="Bookings" items={h.bookings} link={(b) => [adminPaths.booking(b.id), b.number]} facts={(b) => [staffClock().timestamp(b.eventStart), staffStatusLabels[b.status as keyof typeof staffStatusLabels] ?? b.status, formatMoney(b.totalCents)]} />
      <HistoryList title="Quote requests" items={h.quotes} link={(q) => [adminPaths.quoteSearch(q.number), q.number]} facts={(q) => [`for ${staffClock().mediumDate(q.eventDate)}`, quoteStatusLabels[q.status as QuoteStatus] ?? q.status]} />
      <HistoryList title="Other messages" items={h.otherMessages} link={(o) => [adminPaths.inboxMessage(o.id), o.subject || inboxKindLabels[o.kind]]} facts={(o) => [staffClock().timestamp(o.createdAt), o.handledAt ? 'handled' : 'new']} />
    </section>
  );
}
