import type { InboxMessage, InboxPage } from '../../../lib/inbox/index.server';
import { inboxKindLabels } from '../../../lib/inbox';
import { adminApi, adminPaths } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { ListWithDetail } from '../shared/ListWithDetail';
import { listSearch, Pagination, SearchBox, useListParams } from '../shared/list';
import { Badge, Card, LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { MessagePanel } from './MessagePanel';
import { staffClock } from '../shared/business';

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
  const { params, update, search } = useListParams(defaults);
  const api = adminApi.inbox.list(listSearch({ ...params, filters: { tab: params.filters.tab!, kind: params.filters.kind! } }));
  const list = useAdminData<InboxPage>(api);
  const openId = params.filters.id || null;
  const close = () => update({ filters: { id: '' }, page: params.page });

  return (
    <div>
      <ScreenHeader
        title="Inbox"
        description={
          <>
            {list.data ? `${list.data.newCount} new message${list.data.newCount === 1 ? '' : 's'}. ` : ''}Contact and support messages from the website.
            Rental ideas are in <a href={adminPaths.productSuggestions} className="font-semibold text-brand-800 underline">Product Suggestions</a>.
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
        <SearchBox label="Search name, e-mail, phone, subject or message" {...search} />
      </div>
      <ListWithDetail
        detailLabel="Message"
        onClose={close}
        placeholder="Choose a message to read it with the customer’s history."
        detail={openId ? <MessagePanel key={openId} id={openId} onChanged={list.reload} onClose={close} /> : null}
        list={
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
        }
      />
    </div>
  );
}

function MessageRow({ message: m, open, onOpen }: { message: InboxMessage; open: boolean; onOpen(): void }) {
  return (
    <li className={`py-2 ${open ? 'bg-brand-50' : ''}`}>
      <button type="button" className="block min-h-6 w-full text-left" aria-pressed={open} onClick={onOpen}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold text-brand-800 underline [overflow-wrap:anywhere]">{m.subject || `${inboxKindLabels[m.kind]} from ${m.name}`}</span>
          {m.handledAt ? <Badge tone="good">Handled</Badge> : <Badge tone="info">New</Badge>}
        </span>
        <span className="block text-sm text-slate-700">
          <span className="[overflow-wrap:anywhere]">{m.name}</span> · <span className="break-all">{m.email}</span> · {staffClock().timestamp(m.createdAt)}
        </span>
        <span className="block truncate text-sm text-slate-800">{m.message}</span>
      </button>
    </li>
  );
}
