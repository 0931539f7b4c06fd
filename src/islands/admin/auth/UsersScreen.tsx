import { useState } from 'react';
import { roleLabels, staffRoles } from '../../../lib/auth';
import type { StaffUserDto } from '../../../lib/auth/index.server';
import type { Page } from '../../../lib/lists';
import { adminApi } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import type { Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { filterOptions, FilterSelect } from '../shared/filters';
import { listSearch, SearchBox, useListParams } from '../shared/list';
import { NotAllowed } from '../shared/NotAllowed';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { CreateUserForm, ManageUserDialog } from './UserForms';

const statusOptions = [
  { value: '', label: 'Everyone' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

const when = (iso: string | null) => (iso ? staffClock().timestamp(iso) : '—');

function userColumns(selfId: string | undefined, manage: (user: StaffUserDto) => void): Column<StaffUserDto>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sort: 'server',
      rowHeader: true,
      cell: (u) => (
        <>
          {u.name}
          {u.id === selfId && <span className="ml-1 font-normal text-slate-700">(you)</span>}
        </>
      ),
    },
    { key: 'email', header: 'E-mail', sort: 'server', cell: (u) => u.email },
    { key: 'role', header: 'Role', sort: 'server', cell: (u) => roleLabels[u.role] },
    {
      key: 'status',
      header: 'Status',
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          {u.active ? <Badge tone="good">Active</Badge> : <Badge tone="bad">Deactivated</Badge>}
          {u.lockedUntil && <Badge tone="bad">Locked</Badge>}
          {u.twoFactor ? <Badge tone="good">Two-step</Badge> : <Badge>Password only</Badge>}
        </span>
      ),
    },
    { key: 'createdAt', header: 'Created', sort: 'server', cell: (u) => when(u.createdAt) },
    { key: 'lastSignIn', header: 'Last sign-in', cell: (u) => when(u.lastSignInAt) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (u) => (
        <button type="button" className={secondaryButtonClass} onClick={() => manage(u)}>
          Manage<span className="sr-only"> {u.name}</span>
        </button>
      ),
    },
  ];
}

/** /admin/users: staff accounts, roles, deactivation and password resets (owners only). */
export default function UsersScreen() {
  const { staff } = useStaff();
  const { params, update, sortBy, search } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'name', dir: 'asc', filters: { role: '', status: '' } });
  const { data, error, loading, reload } = useAdminData<Page<StaffUserDto>>(adminApi.users.list(listSearch(params)));
  const [adding, setAdding] = useState(false);
  const [shownPassword, setShownPassword] = useState<{ email: string; password: string } | null>(null);
  const [editing, setEditing] = useState<StaffUserDto | null>(null);

  if (error?.code === 'forbidden') return <NotAllowed title="Users" screen="Staff accounts" needs="owner" />;

  return (
    <>
      <ScreenHeader
        title="Users"
        description="Staff accounts: who can sign in and what their role lets them do."
        actions={
          <button type="button" className={buttonClass} aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
            Add staff member
          </button>
        }
      />
      {shownPassword && (
        <div role="status" className="mb-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900">
          <p className="font-semibold">
            Password for {shownPassword.email}: <code className="rounded bg-white px-2 py-0.5 font-mono text-base">{shownPassword.password}</code>
          </p>
          <p className="mt-1 text-sm">Give it to them now: it is not shown again. They can change it after signing in.</p>
          <button type="button" className={`mt-2 ${secondaryButtonClass}`} onClick={() => setShownPassword(null)}>
            Done, hide it
          </button>
        </div>
      )}
      {adding && (
        <CreateUserForm
          onCreated={(created) => {
            setAdding(false);
            if (created.generatedPassword) setShownPassword({ email: created.user.email, password: created.generatedPassword });
            reload();
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      <Card>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <SearchBox label="Search by name or e-mail" {...search} />
          <FilterSelect label="Filter by role" value={params.filters.role!} onChange={(role) => update({ filters: { role } })} options={filterOptions('All roles', staffRoles, (r) => roleLabels[r])} />
          <FilterSelect label="Filter by status" value={params.filters.status!} onChange={(status) => update({ filters: { status } })} options={statusOptions} />
        </div>
        <PagedTable
          caption="Staff accounts"
          columns={userColumns(staff?.id, setEditing)}
          loaded={{ data, loading, error }}
          empty="No staff member matches."
          list={{ params, update, sortBy }}
        />
      </Card>
      {editing && (
        <ManageUserDialog
          user={editing}
          self={editing.id === staff?.id}
          onClose={() => setEditing(null)}
          onChanged={(password) => {
            if (password) setShownPassword({ email: editing.email, password });
            reload();
          }}
        />
      )}
    </>
  );
}

