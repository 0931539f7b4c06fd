import { useCallback, useId, useState } from 'react';
import type { CakeOrderItem, CakeOrderPage } from '../../../lib/cakes/cake-orders-admin.server';
import { cakeStatuses, cakeStatusLabels, nextCakeStatus, type CakeStatus } from '../../../lib/cakes/cake-status';
import { cakeUpdateInput, type CakeUpdateInput } from '../../../lib/cakes/cake-orders-admin-input';
import { formatShortDate } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass } from '../shared/ui';
import { DateFilter } from '../shared/filters';
import { useForm } from 'react-hook-form';
import { FormAlert, TextArea } from '../../shared/form-kit';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { confirmDiscard } from '../shared/unsaved-changes';

const tones: Record<CakeStatus, 'info' | 'brand' | 'warn' | 'good' | 'neutral' | 'bad'> = {
  new: 'info',
  confirmed: 'brand',
  baking: 'warn',
  ready: 'good',
  delivered: 'neutral',
  cancelled: 'bad',
};

const defaults = { q: '', page: 1, pageSize: 25, sort: 'neededOn', dir: 'asc' as const, filters: { status: '', from: '', to: '' } };

/** /admin/cake-orders: the cake pipeline from new to delivered, with counts per stage. */
export default function CakeOrdersScreen() {
  const { params, update, sortBy } = useListParams(defaults);
  const list = useAdminData<CakeOrderPage>(`/api/admin/cake-orders?${listSearch(params)}`);
  // A booking's cake links here with ?id=: open that order at once.
  const [selected, setSelected] = useState<string | null>(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('id'),
  );
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const counts = list.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;

  return (
    <div>
      <ScreenHeader title="Cake orders" description="From a new order to a delivered cake: move each order along as the kitchen works." />
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Pipeline stage">
        <button type="button" className={secondaryButtonClass} aria-pressed={params.filters.status === ''} onClick={() => update({ filters: { status: '' } })}>
          All{all !== null && ` (${all})`}
        </button>
        {cakeStatuses.map((s) => (
          <button key={s} type="button" className={secondaryButtonClass} aria-pressed={params.filters.status === s} onClick={() => update({ filters: { status: s } })}>
            {cakeStatusLabels[s]}
            {counts && ` (${counts[s]})`}
          </button>
        ))}
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search order, name, e-mail or booking" value={params.q} onSearch={onSearch} />
        <DateFilter label="Needed from" value={params.filters.from!} onChange={(from) => update({ filters: { from } })} />
        <DateFilter label="Needed to" value={params.filters.to!} onChange={(to) => update({ filters: { to } })} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <LoadState loading={list.loading} error={list.error} empty={list.data?.total === 0 ? 'No cake orders match.' : undefined}>
            {list.data && (
              <div className="relative overflow-x-auto">
                <table className={tableClass}>
                  <caption className="sr-only">Cake orders</caption>
                  <thead>
                    <tr>
                      <SortHeader column="number" label="Order" params={params} onSort={sortBy} />
                      <SortHeader column="name" label="Customer" params={params} onSort={sortBy} />
                      <SortHeader column="neededOn" label="Needed on" params={params} onSort={sortBy} />
                      <th scope="col" className="border-b border-slate-300 bg-slate-50 px-3 py-2 font-semibold text-slate-800">
                        Stage
                      </th>
                      <SortHeader column="price" label="Price" params={params} onSort={sortBy} />
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.items.map((o) => (
                      <tr key={o.id} className={o.id === selected ? 'bg-brand-50' : undefined}>
                        <td className={tdClass}>
                          <button type="button" className="font-semibold text-brand-800 underline" aria-pressed={o.id === selected} onClick={() => o.id !== selected && confirmDiscard() && setSelected(o.id)}>
                            {o.number}
                          </button>
                          <span className="block text-xs text-slate-700">{o.product}</span>
                        </td>
                        <td className={tdClass}>{o.name}</td>
                        <td className={tdClass}>
                          {formatShortDate(o.neededOn)}
                          <span className="block text-xs text-slate-700">{o.fulfilment === 'pickup' ? 'Pickup' : `Delivery with ${o.bookingNumber}`}</span>
                        </td>
                        <td className={tdClass}>
                          <Badge tone={tones[o.status]}>{cakeStatusLabels[o.status]}</Badge>
                        </td>
                        <td className={`${tdClass} tabular-nums`}>{formatMoney(o.priceCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => update({ page })} />
              </div>
            )}
          </LoadState>
        </Card>
        {selected ? (
          <CakePanel key={selected} id={selected} onChanged={list.reload} />
        ) : (
          <Card>
            <p className="text-sm text-slate-700">Choose an order to see the cake, the photo and move it along.</p>
          </Card>
        )}
      </div>
    </div>
  );
}

function CakePanel({ id, onChanged }: { id: string; onChanged(): void }) {
  const order = useAdminData<CakeOrderItem>(`/api/admin/cake-orders/${id}`);
  const { can } = useStaff();
  const o = order.data;
  const saved = () => {
    order.reload();
    onChanged();
  };
  const [notify, setNotify] = useState(true);
  const notifyId = useId();
  const save = async (body: { status: CakeStatus }, message: string) => {
    // Ready or delivered: the customer is e-mailed when the box is ticked.
    const tell = notify && (body.status === 'ready' || body.status === 'delivered');
    const result = await adminMutate(`/api/admin/cake-orders/${id}`, 'PATCH', tell ? { ...body, notifyCustomer: true } : body, tell ? `${message} The customer was e-mailed.` : message);
    if (result.ok) saved();
  };
  return (
    <Card title={o ? `Cake order ${o.number}` : 'Cake order'} actions={o && <Badge tone={tones[o.status]}>{cakeStatusLabels[o.status]}</Badge>}>
      <LoadState loading={order.loading} error={order.error}>
        {o && (
          <div className="space-y-4">
            <div className="flex flex-wrap gap-2">
              {o.nextStatuses.map((s) => {
                const forward = s === nextCakeStatus(o.status);
                if (s === 'cancelled' && !can('manager')) return null;
                const label = s === 'cancelled' ? 'Cancel order' : forward ? `Move to ${cakeStatusLabels[s]}` : `Back to ${cakeStatusLabels[s]}`;
                return (
                  <button
                    key={s}
                    type="button"
                    className={s === 'cancelled' ? dangerButtonClass : forward ? buttonClass : secondaryButtonClass}
                    onClick={() => void save({ status: s }, `${o.number} is now ${cakeStatusLabels[s].toLowerCase()}.`)}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
            {o.nextStatuses.some((s) => s === 'ready' || s === 'delivered') && (
              <p className="flex min-h-6 items-center gap-2 text-sm">
                <input id={notifyId} type="checkbox" className="size-6" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
                <label htmlFor={notifyId}>E-mail the customer when the cake is ready or delivered</label>
              </p>
            )}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">Cake</dt>
              <dd>
                {o.product}: {o.servings} servings, {o.tiers} tier{o.tiers === 1 ? '' : 's'}
              </dd>
              <dt className="font-semibold">Flavour</dt>
              <dd>
                {o.flavour}
                {o.filling && `, ${o.filling} filling`}, {o.frosting}
              </dd>
              <dt className="font-semibold">Message</dt>
              <dd>{o.messageOnCake ?? '—'}</dd>
              <dt className="font-semibold">Allergies</dt>
              <dd>{o.allergies || 'None given'}</dd>
              <dt className="font-semibold">Needed</dt>
              <dd>
                {formatShortDate(o.neededOn)}, {o.fulfilment === 'pickup' ? 'pickup' : `delivered with booking ${o.bookingNumber}`}
              </dd>
              <dt className="font-semibold">Customer</dt>
              <dd>
                {o.name} · <a className="underline" href={`mailto:${o.email}`}>{o.email}</a> · {o.phone}
              </dd>
            </dl>
            <table className={tableClass} aria-label="Price lines">
              <tbody>
                {o.priceLines.map((l) => (
                  <tr key={l.label}>
                    <th scope="row" className={`${tdClass} font-normal`}>
                      {l.label}
                    </th>
                    <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(l.amountCents)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className={`${tdClass} font-bold`}>
                    Total
                  </th>
                  <td className={`${tdClass} text-right font-bold tabular-nums`}>{formatMoney(o.priceCents)}</td>
                </tr>
              </tbody>
            </table>
            {o.photoUrl ? (
              <figure>
                <img src={o.photoUrl} alt={`Reference photo sent with order ${o.number}`} className="max-h-64 rounded-lg border border-slate-200" />
                <figcaption className="mt-1 text-xs text-slate-700">
                  <a className="underline" href={o.photoUrl} target="_blank" rel="noopener">
                    Open the photo full size
                  </a>
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-slate-700">No reference photo.</p>
            )}
            <CakeNotes key={o.staffNotes} id={id} notes={o.staffNotes} onSaved={saved} />
          </div>
        )}
      </LoadState>
    </Card>
  );
}

const notesResolver = apiResolver(cakeUpdateInput, (v: { staffNotes: string }) => v);

function CakeNotes({ id, notes, onSaved }: { id: string; notes: string; onSaved(): void }) {
  const form = useForm<{ staffNotes: string }, unknown, CakeUpdateInput>({ resolver: notesResolver, defaultValues: { staffNotes: notes } });
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate(`/api/admin/cake-orders/${id}`, 'PATCH', body, 'Notes saved.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'staffNotes'));
    saving.saved();
    onSaved();
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-2">
      <TextArea {...form.register('staffNotes')} label="Staff notes" required={false} rows={3} maxLength={4000} error={form.formState.errors.staffNotes?.message} />
      {problem && <FormAlert title="Not saved" message={problem} />}
      <button type="submit" className={secondaryButtonClass} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
        Save notes
      </button>
    </form>
  );
}
