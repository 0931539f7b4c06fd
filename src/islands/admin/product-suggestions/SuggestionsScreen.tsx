import { createContext, useContext, useState, type ReactNode } from 'react';
import type { SuggestionItem, SuggestionPage } from '../../../lib/product-suggestions/index.server';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, useListParams } from '../shared/list';
import { Badge, Card, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { DataTable, type Column } from '../shared/DataTable';
import { FilterSelect } from '../shared/filters';
import { staffClock } from '../shared/business';

import { useForm, type UseFormReturn } from 'react-hook-form';
import { suggestionUpdateInput, type SuggestionUpdateInput } from '../../../lib/product-suggestions';
import { FormAlert, TextArea } from '../../shared/form-kit';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { adminApi } from '../../../lib/paths';
import { formFields } from '../../shared/form-fields';

const defaults = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc' as const, filters: { status: 'new' } };

/** /admin/product-suggestions: what customers would like us to rent, reviewed with a note. */
export default function SuggestionsScreen() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const list = useAdminData<SuggestionPage>(adminApi.productSuggestions.list(listSearch(params)));
  return (
    <div>
      <ScreenHeader
        title="Product Suggestions"
        description={list.data ? `${list.data.newCount} waiting for a look. What customers would like us to rent.` : 'What customers would like us to rent.'}
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search suggestions" {...search} />
        <FilterSelect
          label="Show"
          value={params.filters.status!}
          options={[
            { value: 'new', label: 'New' },
            { value: 'reviewed', label: 'Reviewed' },
            { value: '', label: 'All' },
          ]}
          onChange={(status) => update({ filters: { status } })}
        />
      </div>
      <Card>
        <DataTable
          caption="Product suggestions"
          columns={columns}
          rows={list.data?.items}
          rowKey={(s) => s.id}
          rowScope={(s, cells) => (
            <SuggestionScope suggestion={s} onChanged={list.reload}>
              {cells}
            </SuggestionScope>
          )}
          loading={list.loading}
          error={list.error}
          empty="No suggestions here."
          serverSort={{ params, onSort: sortBy }}
          footer={list.data && list.data.total > 0 && <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => update({ page })} />}
        />
      </Card>
    </div>
  );
}

const noteResolver = apiResolver(suggestionUpdateInput, (v: { staffNote: string }) => v);

interface SuggestionEditing {
  form: UseFormReturn<{ staffNote: string }, unknown, SuggestionUpdateInput>;
  problem: string | null;
  save(body: SuggestionUpdateInput, message: string): Promise<void>;
}

// The status button saves the note typed in the next cell too: one form per row, shared by its cells.
const SuggestionEditingContext = createContext<SuggestionEditing | null>(null);
const useSuggestionEditing = () => useContext(SuggestionEditingContext)!;

function SuggestionScope({ suggestion: s, onChanged, children }: { suggestion: SuggestionItem; onChanged(): void; children: ReactNode }) {
  const form = useForm<{ staffNote: string }, unknown, SuggestionUpdateInput>({ resolver: noteResolver, defaultValues: { staffNote: s.staffNote } });
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (body: SuggestionUpdateInput, message: string) => {
    setProblem(null);
    const result = await adminMutate(adminApi.productSuggestions.one(s.id), 'PATCH', body, message);
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'staffNote'));
    if (body.staffNote !== undefined) saving.saved();
    onChanged();
  };
  return <SuggestionEditingContext.Provider value={{ form, problem, save }}>{children}</SuggestionEditingContext.Provider>;
}

const columns: Column<SuggestionItem>[] = [
  {
    key: 'what',
    header: 'Suggestion',
    sort: 'server',
    cell: (s) => (
      <>
        <span className="font-semibold">{s.what}</span>
        {s.why && <span className="block text-slate-800">{s.why}</span>}
        {s.link && (
          <a className="block break-all text-xs text-brand-800 underline" href={s.link} target="_blank" rel="noopener noreferrer nofollow">
            {s.link}
          </a>
        )}
      </>
    ),
  },
  { key: 'from', header: 'From', cell: (s) => (s.name || s.email ? [s.name, s.email].filter(Boolean).join(' · ') : 'Anonymous') },
  { key: 'created', header: 'Received', sort: 'server', cell: (s) => staffClock().timestamp(s.createdAt) },
  { key: 'status', header: 'Status', sort: 'server', cell: (s) => <StatusCell suggestion={s} /> },
  { key: 'note', header: 'Staff note', className: 'min-w-56', cell: (s) => <NoteCell suggestion={s} /> },
];

function StatusCell({ suggestion: s }: { suggestion: SuggestionItem }) {
  const { form, save } = useSuggestionEditing();
  // Marking it reviewed saves a note typed beside it too.
  const note = form.watch('staffNote');
  return (
    <>
      <Badge tone={s.status === 'new' ? 'info' : 'good'}>{s.status === 'new' ? 'New' : 'Reviewed'}</Badge>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-2`}
        aria-label={`${s.status === 'new' ? 'Mark reviewed' : 'Mark new'}: ${s.what}`}
        onClick={() =>
          void save(
            { status: s.status === 'new' ? 'reviewed' : 'new', ...(note !== s.staffNote ? { staffNote: note } : {}) },
            s.status === 'new' ? `“${s.what}” marked reviewed.` : `“${s.what}” is new again.`,
          )
        }
      >
        {s.status === 'new' ? 'Mark reviewed' : 'Mark new'}
      </button>
    </>
  );
}

function NoteCell({ suggestion: s }: { suggestion: SuggestionItem }) {
  const { form, problem, save } = useSuggestionEditing();
  const field = formFields(form);
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit((body) => save(body, 'Note saved.'))(e)}>
      <TextArea {...field('staffNote')} label={`Note on ${s.what}`} required={false} rows={2} maxLength={2000} />
      {problem && <FormAlert title="Not saved" message={problem} />}
      <button type="submit" className={`${secondaryButtonClass} mt-1`} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
        Save note<span className="sr-only"> on {s.what}</span>
      </button>
    </form>
  );
}
