import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { blackoutInput, blackoutScopeLabels, blackoutScopes, type BlackoutDto, type BlackoutInput, type BlackoutScope, type BlackoutTargets } from '../../../lib/blackouts';
import type { Page } from '../../../lib/lists';
import { adminApi } from '../../../lib/paths';
import { formatMediumDate } from '../../../lib/time';
import { SelectField, TextField } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { apiResolver } from '../shared/admin-form';
import type { Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { filterOptions, FilterSelect } from '../shared/filters';
import { listSearch, SearchBox, useListParams } from '../shared/list';
import { useRecord, useRecordEditor } from '../shared/record-editor';
import { Card, dangerButtonClass, FormButtons, GridFormAlert, RowButton, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { confirmDiscard } from '../shared/unsaved-changes';
import { LabelledOptions, RecordOptions } from '../shared/options';
import { formFields } from '../../shared/form-fields';

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

const formatRange = (b: Pick<BlackoutDto, 'startsOn' | 'endsOn'>) => (b.startsOn === b.endsOn ? formatMediumDate(b.startsOn) : `${formatMediumDate(b.startsOn)} – ${formatMediumDate(b.endsOn)}`);

const resolver = apiResolver(blackoutInput, (v: FormState) => v);

function BlackoutForm({ targets, editing, onSaved, onCancel }: { targets: BlackoutTargets | null; editing: BlackoutDto | null; onSaved(blackout: BlackoutDto): void; onCancel(): void }) {
  const formId = useId();
  const form = useForm<FormState, unknown, BlackoutInput>({
    resolver,
    defaultValues: editing
      ? { scope: editing.scope, categoryId: editing.categoryId ?? '', productId: editing.productId ?? '', startsOn: editing.startsOn, endsOn: editing.endsOn, reason: editing.reason }
      : emptyForm,
  });
  const { handleSubmit, watch, formState } = form;
  const field = formFields(form, formId);
  // After a save the form is the empty "Add a blackout" again.
  const editor = useRecordEditor<FormState, BlackoutInput, BlackoutDto>({ form, toValues: () => emptyForm, isField: (path) => path in emptyForm, onSaved });
  const problem = editor.problem;
  const scope = watch('scope');

  // The same schema as the server checks first, for instant feedback; the server has the last word.
  const submit = handleSubmit(async () => {
    const saved = await editor.save({
      ...(editing
        ? { url: adminApi.blackouts.one(editing.id), method: 'PUT' as const, success: 'Blackout saved. Availability changed at once.' }
        : { url: adminApi.blackouts.list(), method: 'POST' as const, success: 'Blackout added. Those dates are no longer bookable.' }),
      body: form.getValues(),
      pick: (d: BlackoutDto) => d,
    });
    if (saved && saved.bookingsAffected > 0) {
      toast.warning(`${saved.bookingsAffected} existing booking(s) fall on these dates. They stay booked: call those customers.`);
    }
  });

  return (
    <Card title={editing ? 'Edit blackout' : 'Add a blackout'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-3">
        <SelectField {...field('scope')} label="What is closed">
          <LabelledOptions values={blackoutScopes} labels={blackoutScopeLabels} />
        </SelectField>
        {scope === 'category' && (
          <SelectField {...field('categoryId')} label="Category">
            <option value="">Choose a category</option>
            <RecordOptions records={targets?.categories} label={(c) => c.name} />
          </SelectField>
        )}
        {scope === 'product' && (
          <SelectField {...field('productId')} label="Product">
            <option value="">Choose a product</option>
            <RecordOptions records={targets?.products} label={(p) => `${p.name} (${p.categoryName})`} />
          </SelectField>
        )}
        <TextField
          {...field('reason')}
          label="Reason"
          optional
          hint="Customers see it."
          maxLength={200}
          className={scope === 'business' ? 'sm:col-span-2' : ''}
        />
        <TextField {...field('startsOn')} label="First day" type="date" />
        <TextField {...field('endsOn')} label="Last day" type="date" min={watch('startsOn') || undefined} />
        <GridFormAlert span="sm:col-span-3" title="The blackout was not saved" message={problem} />
        <FormButtons
          className="flex items-end gap-2"
          label={editing ? 'Save blackout' : 'Add blackout'}
          busy={formState.isSubmitting}
          onCancel={editing ? onCancel : undefined}
        />
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
    const result = await adminMutate(adminApi.blackouts.one(blackout.id), 'DELETE', undefined, 'Blackout deleted. Those dates are bookable again.');
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

function blackoutColumns(edit: (b: BlackoutDto) => void, deleted: () => void): Column<BlackoutDto>[] {
  return [
    { key: 'startsOn', header: 'First day', sort: 'server', rowHeader: true, className: 'whitespace-nowrap', cell: (b) => formatMediumDate(b.startsOn) },
    { key: 'endsOn', header: 'Last day', sort: 'server', className: 'whitespace-nowrap', cell: (b) => formatMediumDate(b.endsOn) },
    { key: 'scope', header: 'Applies to', sort: 'server', cell: (b) => (b.scope === 'business' ? 'Whole business' : `${blackoutScopeLabels[b.scope]}: ${b.targetName ?? ''}`) },
    { key: 'reason', header: 'Reason', className: 'text-slate-800', cell: (b) => b.reason || '—' },
    { key: 'bookings', header: 'Bookings on these days', cell: (b) => b.bookingsAffected },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (b) => (
        <div className="flex flex-wrap gap-2">
          <RowButton label="Edit" name={`blackout ${formatRange(b)}`} onClick={() => confirmDiscard() && edit(b)} />
          <DeleteBlackout blackout={b} onDeleted={deleted} />
        </div>
      ),
    },
  ];
}

/**
 * Dates nobody can book, for the whole business, a category or a product. An edited blackout keeps
 * the record the API answers with; an added or deleted one reloads the page of the list (where a
 * new one falls in the sort and the pages is the server's to say).
 */
export default function BlackoutsScreen() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const list = useRecord<Page<BlackoutDto>, Page<BlackoutDto>>(adminApi.blackouts.list(listSearch(params)), (d) => d);
  const targets = useAdminData<BlackoutTargets>(adminApi.blackouts.targets);
  const [editing, setEditing] = useState<BlackoutDto | null>(null);
  const data = list.record;
  const saved = (blackout: BlackoutDto) => {
    if (editing && data) list.setRecord({ ...data, items: data.items.map((b) => (b.id === blackout.id ? blackout : b)) });
    else list.reload();
    setEditing(null);
  };

  return (
    <div className="space-y-4">
      <ScreenHeader
        title="Blackouts"
        description="Days nobody can book: the whole business, one category or one product. The public availability changes at once; no site rebuild is needed."
      />
      <BlackoutForm key={editing?.id ?? 'new'} targets={targets.data} editing={editing} onSaved={saved} onCancel={() => confirmDiscard() && setEditing(null)} />
      <Card title="Blackouts">
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <SearchBox label="Search reasons, products or categories" {...search} />
          <FilterSelect label="Applies to" value={params.filters.scope ?? ''} onChange={(scope) => update({ filters: { scope } })} options={filterOptions('Anything', blackoutScopes, (s) => blackoutScopeLabels[s])} />
          <FilterSelect label="When" value={params.filters.when ?? ''} onChange={(when) => update({ filters: { when } })} options={whenOptions} />
        </div>
        <PagedTable
          caption="Blackouts"
          columns={blackoutColumns(setEditing, list.reload)}
          loaded={{ data, loading: list.loading, error: list.error }}
          empty="No blackouts match these filters."
          list={{ params, update, sortBy }}
        />
      </Card>
    </div>
  );
}
