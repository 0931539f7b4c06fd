import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { blackoutInput, blackoutScopeLabels, blackoutScopes, type BlackoutDto, type BlackoutInput, type BlackoutScope, type BlackoutTargets } from '../../../lib/blackouts/blackouts';
import type { Page } from '../../../lib/lists/list-query';
import { FormAlert, SelectField, TextField } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { filterOptions, FilterSelect } from '../shared/filters';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { confirmDiscard } from '../shared/unsaved-changes';

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

const resolver = apiResolver(blackoutInput, (v: FormState) => v);

function BlackoutForm({ targets, editing, onSaved, onCancel }: { targets: BlackoutTargets | null; editing: BlackoutDto | null; onSaved(): void; onCancel(): void }) {
  const formId = useId();
  const form = useForm<FormState, unknown, BlackoutInput>({
    resolver,
    defaultValues: editing
      ? { scope: editing.scope, categoryId: editing.categoryId ?? '', productId: editing.productId ?? '', startsOn: editing.startsOn, endsOn: editing.endsOn, reason: editing.reason }
      : emptyForm,
  });
  const { register, handleSubmit, watch, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const scope = watch('scope');

  // The same schema as the server checks first, for instant feedback; the server has the last word.
  const submit = handleSubmit(async () => {
    setProblem(null);
    const body = form.getValues();
    const result = editing
      ? await adminMutate<BlackoutDto>(`/api/admin/blackouts/${editing.id}`, 'PUT', body, 'Blackout saved. Availability changed at once.')
      : await adminMutate<BlackoutDto>('/api/admin/blackouts', 'POST', body, 'Blackout added. Those dates are no longer bookable.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path in emptyForm));
    if (result.data.bookingsAffected > 0) {
      toast.warning(`${result.data.bookingsAffected} existing booking(s) fall on these dates. They stay booked: call those customers.`);
    }
    saving.saved(emptyForm);
    onSaved();
  });

  return (
    <Card title={editing ? 'Edit blackout' : 'Add a blackout'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-3">
        <SelectField formId={formId} {...register('scope')} label="What is closed" error={errors.scope?.message}>
          {blackoutScopes.map((s) => (
            <option key={s} value={s}>
              {blackoutScopeLabels[s]}
            </option>
          ))}
        </SelectField>
        {scope === 'category' && (
          <SelectField formId={formId} {...register('categoryId')} label="Category" error={errors.categoryId?.message}>
            <option value="">Choose a category</option>
            {targets?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        {scope === 'product' && (
          <SelectField formId={formId} {...register('productId')} label="Product" error={errors.productId?.message}>
            <option value="">Choose a product</option>
            {targets?.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.categoryName})
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          formId={formId}
          {...register('reason')}
          label="Reason"
          optional
          hint="Customers see it."
          maxLength={200}
          error={errors.reason?.message}
          className={scope === 'business' ? 'sm:col-span-2' : ''}
        />
        <TextField formId={formId} {...register('startsOn')} label="First day" type="date" error={errors.startsOn?.message} />
        <TextField formId={formId} {...register('endsOn')} label="Last day" type="date" min={watch('startsOn') || undefined} error={errors.endsOn?.message} />
        {problem && (
          <div className="sm:col-span-3">
            <FormAlert title="The blackout was not saved" message={problem} />
          </div>
        )}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
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
        onCancel={() => confirmDiscard() && setEditing(null)}
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
              <div className="relative overflow-x-auto">
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
                            <button type="button" className={secondaryButtonClass} onClick={() => confirmDiscard() && setEditing(b)}>
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
