import { useCallback, useEffect, useRef } from 'react';
import type { InboxHistory, InboxMessage, InboxPage } from '../../../lib/inbox/inbox.server';
import { inboxKindLabels } from '../../../lib/inbox/inbox';
import { staffStatusLabels } from '../../../lib/booking/booking-labels';
import { formatMoney } from '../../../lib/money';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, useListParams } from '../shared/list';
import { Badge, buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { formatTimestamp as formatInstant } from '../../../lib/time/format';
import { businessTimeZone } from '../shared/business';

const formatTimestamp = (iso: string) => formatInstant(iso, businessTimeZone());

const defaults = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc' as const, filters: { tab: 'new', kind: '', id: '' } };
const tabs = [
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

/**
 * /admin/inbox: contact and support messages, new first. Opening one shows what else we have from
 * that e-mail address (messages, quote requests, bookings); "Mark handled" moves it to Handled.
 * Cards, not a table, so it reads on a phone.
 */
export default function InboxScreen() {
  const { params, update } = useListParams(defaults);
  const api = `/api/admin/inbox?${listSearch({ ...params, filters: { tab: params.filters.tab!, kind: params.filters.kind! } })}`;
  const list = useAdminData<InboxPage>(api);
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const openId = params.filters.id || null;

  return (
    <div>
      <ScreenHeader
        title="Inbox"
        description={
          <>
            {list.data ? `${list.data.newCount} new message${list.data.newCount === 1 ? '' : 's'}. ` : ''}Contact and support messages from the website.
            Rental ideas are in <a href="/admin/product-suggestions" className="font-semibold text-brand-800 underline">Product Suggestions</a>.
          </>
        }
      />
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Show">
        {tabs.map((t) => (
          <button key={t.value} type="button" className={secondaryButtonClass} aria-pressed={params.filters.tab === t.value} onClick={() => update({ filters: { tab: t.value, id: '' } })}>
            {t.label}
            {t.value === 'new' && list.data ? ` (${list.data.newCount})` : ''}
          </button>
        ))}
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search name, e-mail, phone, subject or message" value={params.q} onSearch={onSearch} />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <LoadState loading={list.loading} error={list.error} empty={list.data?.total === 0 ? 'No messages here.' : undefined}>
            {list.data && (
              <>
                <ul className="divide-y divide-slate-200" aria-label="Messages">
                  {list.data.items.map((m) => (
                    <MessageRow key={m.id} message={m} open={m.id === openId} onOpen={() => update({ filters: { id: m.id }, page: params.page })} />
                  ))}
                </ul>
                <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => update({ page })} />
              </>
            )}
          </LoadState>
        </Card>
        {openId ? (
          <MessagePanel
            key={openId}
            id={openId}
            onChanged={list.reload}
            onClose={() => update({ filters: { id: '' }, page: params.page })}
          />
        ) : (
          <Card>
            <p className="text-sm text-slate-700">Choose a message to read it with the customer’s history.</p>
          </Card>
        )}
      </div>
    </div>
  );
}

function MessageRow({ message: m, open, onOpen }: { message: InboxMessage; open: boolean; onOpen(): void }) {
  return (
    <li className={`py-2 ${open ? 'bg-brand-50' : ''}`}>
      <button type="button" className="block min-h-6 w-full text-left" aria-pressed={open} onClick={onOpen}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-brand-800 underline">{m.subject || `${inboxKindLabels[m.kind]} from ${m.name}`}</span>
          {m.handledAt ? <Badge tone="good">Handled</Badge> : <Badge tone="info">New</Badge>}
        </span>
        <span className="block text-sm text-slate-700">
          {m.name} · <span className="break-all">{m.email}</span> · {formatTimestamp(m.createdAt)}
        </span>
        <span className="block truncate text-sm text-slate-800">{m.message}</span>
      </button>
    </li>
  );
}

function MessagePanel({ id, onChanged, onClose }: { id: string; onChanged(): void; onClose(): void }) {
  const data = useAdminData<InboxHistory>(`/api/admin/inbox/${id}`);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [data.data?.message.id]);
  const h = data.data;
  const mark = async (handled: boolean) => {
    const result = await adminMutate(`/api/admin/inbox/${id}`, 'PATCH', { handled }, handled ? 'Marked handled.' : 'Back in New.');
    if (result.ok) {
      data.reload();
      onChanged();
    }
  };
  return (
    <Card>
      <LoadState loading={data.loading} error={data.error}>
        {h && (
          <div className="space-y-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900">
                {h.message.subject || inboxKindLabels[h.message.kind]}
              </h2>
              <button type="button" className={secondaryButtonClass} onClick={onClose}>
                Close
              </button>
            </div>
            <p className="text-sm text-slate-700">
              {inboxKindLabels[h.message.kind]} · {formatTimestamp(h.message.createdAt)}
              {h.message.bookingNumber && ` · about booking ${h.message.bookingNumber}`}
            </p>
            <p className="text-sm">
              <strong>{h.message.name}</strong> · <a className="break-all text-brand-800 underline" href={`mailto:${h.message.email}`}>{h.message.email}</a>
              {h.message.phone && (
                <>
                  {' · '}
                  <a className="text-brand-800 underline" href={`tel:${h.message.phone.replace(/[^\d+]/g, '')}`}>
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
                  <Badge tone="good">Handled {formatTimestamp(h.message.handledAt)}{h.message.handledBy ? ` by ${h.message.handledBy}` : ''}</Badge>
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

function History({ history: h }: { history: InboxHistory }) {
  return (
    <section aria-labelledby="inbox-history" className="space-y-3 border-t border-slate-200 pt-3 text-sm">
      <h3 id="inbox-history" className="font-bold text-slate-900">
        Also from {h.message.email}
        {h.customerId && (
          <>
            {' · '}
            <a className="font-semibold text-brand-800 underline" href={`/admin/customers?id=${h.customerId}`}>
              customer record
            </a>
          </>
        )}
      </h3>
      <div>
        <h4 className="font-semibold">Bookings ({h.bookings.length})</h4>
        <ul className="list-disc pl-5">
          {h.bookings.map((b) => (
            <li key={b.id}>
              <a className="text-brand-800 underline" href={`/admin/bookings/${b.id}`}>
                {b.number}
              </a>{' '}
              · {formatTimestamp(b.eventStart)} · {staffStatusLabels[b.status as keyof typeof staffStatusLabels] ?? b.status} · {formatMoney(b.totalCents)}
            </li>
          ))}
          {h.bookings.length === 0 && <li className="list-none text-slate-700">None</li>}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold">Quote requests ({h.quotes.length})</h4>
        <ul className="list-disc pl-5">
          {h.quotes.map((q) => (
            <li key={q.id}>
              <a className="text-brand-800 underline" href={`/admin/quotes?q=${encodeURIComponent(q.number)}`}>
                {q.number}
              </a>{' '}
              · for {q.eventDate} · {q.status}
            </li>
          ))}
          {h.quotes.length === 0 && <li className="list-none text-slate-700">None</li>}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold">Other messages ({h.otherMessages.length})</h4>
        <ul className="list-disc pl-5">
          {h.otherMessages.map((o) => (
            <li key={o.id}>
              <a className="text-brand-800 underline" href={`/admin/inbox?tab=all&id=${o.id}`}>
                {o.subject || inboxKindLabels[o.kind]}
              </a>{' '}
              · {formatTimestamp(o.createdAt)} · {o.handledAt ? 'handled' : 'new'}
            </li>
          ))}
          {h.otherMessages.length === 0 && <li className="list-none text-slate-700">None</li>}
        </ul>
      </div>
    </section>
  );
}
