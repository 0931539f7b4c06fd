import { useId, useState } from 'react';
import { toast } from 'sonner';
import { blackoutInput, blackoutScopeLabels, blackoutScopes, type BlackoutDto, type BlackoutScope, type BlackoutTargets } from '../../../lib/admin/blackouts';
import type { Page } from '../../../lib/admin/list-query';
import { fieldsFromZod } from '../../../lib/http/errors';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { FilterSelect, filterOptions } from '../shared/fields';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { buttonClass, Card, dangerButtonClass, inputClass, labelClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';

interface FormState {
  scope: BlackoutScope;
  categoryId: string;
  productId: string;
  startsOn: string;
  endsOn: string;
  reason: string;
}

const emptyForm: FormState = { scope: 'business', categoryId: '', productId: '', startsOn: '', endsOn: '', reason: '' };
const defaults = { q: '', page: 1, pageSize: 25, sort: 'startsOn', dir: 'asc' as const, filters: { scope: '', when: 'upcoming' } };

const formatRange = (b: Pick<BlackoutDto, 'startsOn' | 'endsOn'>) => (b.startsOn === b.endsOn ? b.startsOn : `${b.startsOn} – ${b.endsOn}`);

function BlackoutForm({ targets, editing, onSaved, onCancel }: { targets: BlackoutTargets | null; editing: BlackoutDto | null; onSaved(): void; onCancel(): void }) {
  const id = useId();
  const [form, setForm] = useState<FormState>(
    editing
      ? { scope: editing.scope, categoryId: editing.categoryId ?? '', productId: editing.productId ?? '', startsOn: editing.startsOn, endsOn: editing.endsOn, reason: editing.reason }
      : emptyForm,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    // The same schema as the server, for instant feedback; the server has the last word.
    const checked = blackoutInput.safeParse(form);
    if (!checked.success) {
      setErrors(fieldsFromZod(checked.error));
      return;
    }
    setBusy(true);
    const result = editing
      ? await adminMutate<BlackoutDto>(`/api/admin/blackouts/${editing.id}`, 'PUT', form, 'Blackout saved. Availability changed at once.')
      : await adminMutate<BlackoutDto>('/api/admin/blackouts', 'POST', form, 'Blackout added. Those dates are no longer bookable.');
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      return;
    }
    if (result.data.bookingsAffected > 0) {
      toast.warning(`${result.data.bookingsAffected} existing booking(s) fall on these dates. They stay booked: call those customers.`);
    }
    setErrors({});
    setForm(emptyForm);
    onSaved();
  };

  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Card title={editing ? 'Edit blackout' : 'Add a blackout'}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-scope`} className={labelClass}>
            What is closed
          </label>
          <select id={`${id}-scope`} className={`mt-1 ${inputClass}`} value={form.scope} onChange={set('scope')} aria-describedby={describedBy('scope')}>
            {blackoutScopes.map((s) => (
              <option key={s} value={s}>
                {blackoutScopeLabels[s]}
              </option>
            ))}
          </select>
          {error('scope')}
        </div>
        {form.scope === 'category' && (
          <div>
            <label htmlFor={`${id}-category`} className={labelClass}>
              Category
            </label>
            <select
              id={`${id}-category`}
              className={`mt-1 ${inputClass}`}
              value={form.categoryId}
              onChange={set('categoryId')}
              aria-invalid={errors.categoryId ? true : undefined}
              aria-describedby={describedBy('categoryId')}
            >
              <option value="">Choose a category</option>
              {targets?.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('categoryId')}
          </div>
        )}
        {form.scope === 'product' && (
          <div>
            <label htmlFor={`${id}-product`} className={labelClass}>
              Product
            </label>
            <select
              id={`${id}-product`}
              className={`mt-1 ${inputClass}`}
              value={form.productId}
              onChange={set('productId')}
              aria-invalid={errors.productId ? true : undefined}
              aria-describedby={describedBy('productId')}
            >
              <option value="">Choose a product</option>
              {targets?.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.categoryName})
                </option>
              ))}
            </select>
            {error('productId')}
          </div>
        )}
        <div className={form.scope === 'business' ? 'sm:col-span-2' : ''}>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            Reason (optional, customers see it)
          </label>
          <input id={`${id}-reason`} className={`mt-1 ${inputClass}`} value={form.reason} maxLength={200} onChange={set('reason')} aria-describedby={describedBy('reason')} />
          {error('reason')}
        </div>
        <div>
          <label htmlFor={`${id}-starts`} className={labelClass}>
            First day
          </label>
          <input
            id={`${id}-starts`}
            type="date"
            className={`mt-1 ${inputClass}`}
            value={form.startsOn}
            onChange={set('startsOn')}
            aria-invalid={errors.startsOn ? true : undefined}
            aria-describedby={describedBy('startsOn')}
          />
          {error('startsOn')}
        </div>
        <div>
          <label htmlFor={`${id}-ends`} className={labelClass}>
            Last day
          </label>
          <input
            id={`${id}-ends`}
            type="date"
            className={`mt-1 ${inputClass}`}
            value={form.endsOn}
            min={form.startsOn || undefined}
            onChange={set('endsOn')}
            aria-invalid={errors.endsOn ? true : undefined}
            aria-describedby={describedBy('endsOn')}
          />
          {error('endsOn')}
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {editing ? 'Save blackout' : 'Add blackout'}
          </button>
          {editing && (
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}

function DeleteBlackout({ blackout, onDeleted }: { blackout: BlackoutDto; onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  const what = `blackout ${formatRange(blackout)}`;
  if (!confirming) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
        Delete<span className="sr-only"> {what}</span>
      </button>
    );
  }
  const remove = async () => {
    const result = await adminMutate(`/api/admin/blackouts/${blackout.id}`, 'DELETE', undefined, 'Blackout deleted. Those dates are bookable again.');
    setConfirming(false);
    if (result.ok) onDeleted();
  };
  return (
    <>
      <button type="button" className={dangerButtonClass} onClick={remove}>
        Confirm delete<span className="sr-only"> {what}</span>
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
        Keep
      </button>
    </>
  );
}

const whenOptions = [
  { value: 'upcoming', label: 'Current and upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];

/** Dates nobody can book, for the whole business, a category or a product. */
export default function BlackoutsScreen() {
  const { params, update, sortBy } = useListParams(defaults);
  const list = useAdminData<Page<BlackoutDto>>(`/api/admin/blackouts?${listSearch(params)}`);
  const targets = useAdminData<BlackoutTargets>('/api/admin/blackouts/targets');
  const [editing, setEditing] = useState<BlackoutDto | null>(null);
  const data = list.data;

  return (
    <div className="space-y-4">
      <ScreenHeader
        title="Blackouts"
        description="Days nobody can book: the whole business, one category or one product. The public availability changes at once; no site rebuild is needed."
      />
      <BlackoutForm
        key={editing?.id ?? 'new'}
        targets={targets.data}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
        onCancel={() => setEditing(null)}
      />
      <Card title="Blackouts">
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <SearchBox label="Search reasons, products or categories" value={params.q} onSearch={(q) => update({ q })} />
          <FilterSelect label="Applies to" value={params.filters.scope ?? ''} onChange={(scope) => update({ filters: { scope } })} options={filterOptions('Anything', blackoutScopes, (s) => blackoutScopeLabels[s])} />
          <FilterSelect label="When" value={params.filters.when ?? ''} onChange={(when) => update({ filters: { when } })} options={whenOptions} />
        </div>
        <LoadState loading={list.loading} error={list.error} empty={data && data.total === 0 ? 'No blackouts match these filters.' : undefined}>
          {data && (
            <>
              <div className="overflow-x-auto">
                <table className={tableClass}>
                  <caption className="sr-only">Blackouts</caption>
                  <thead>
                    <tr>
                      <SortHeader column="startsOn" label="First day" params={params} onSort={sortBy} />
                      <SortHeader column="endsOn" label="Last day" params={params} onSort={sortBy} />
                      <SortHeader column="scope" label="Applies to" params={params} onSort={sortBy} />
                      <th scope="col" className={thClass}>
                        Reason
                      </th>
                      <th scope="col" className={thClass}>
                        Bookings on these days
                      </th>
                      <th scope="col" className={thClass}>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((b) => (
                      <tr key={b.id}>
                        <th scope="row" className={`${tdClass} font-semibold`}>
                          {b.startsOn}
                        </th>
                        <td className={tdClass}>{b.endsOn}</td>
                        <td className={tdClass}>{b.scope === 'business' ? 'Whole business' : `${blackoutScopeLabels[b.scope]}: ${b.targetName ?? ''}`}</td>
                        <td className={`${tdClass} text-slate-800`}>{b.reason || '—'}</td>
                        <td className={tdClass}>{b.bookingsAffected}</td>
                        <td className={tdClass}>
                          <div className="flex flex-wrap gap-2">
                            <button type="button" className={secondaryButtonClass} onClick={() => setEditing(b)}>
                              Edit<span className="sr-only"> blackout {formatRange(b)}</span>
                            </button>
                            <DeleteBlackout blackout={b} onDeleted={list.reload} />
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page })} />
            </>
          )}
        </LoadState>
      </Card>
    </div>
  );
}
