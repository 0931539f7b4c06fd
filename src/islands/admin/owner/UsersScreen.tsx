import { useId, useRef, useState, type FormEvent } from 'react';
import { roleLabels, staffRoles, type StaffRole } from '../../../lib/auth/roles';
import type { StaffUserDto } from '../../../lib/admin/staff-users.server';
import type { Page } from '../../../lib/admin/list-query';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, dangerButtonClass, inputClass, labelClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { FilterSelect, InputField } from '../shared/fields';
import { fieldErrorsOf, FieldMessage, NotAllowed, type FieldErrors } from './form';

const statusOptions = [
  { value: '', label: 'Everyone' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

interface Created {
  user: StaffUserDto;
  generatedPassword: string | null;
}

/** /admin/users: staff accounts, roles, deactivation and password resets (owners only). */
export default function UsersScreen() {
  const { staff } = useStaff();
  const { params, update, sortBy } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'name', dir: 'asc', filters: { role: '', status: '' } });
  const { data, error, loading, reload } = useAdminData<Page<StaffUserDto>>(`/api/admin/users?${listSearch(params)}`);
  const [adding, setAdding] = useState(false);
  const [shownPassword, setShownPassword] = useState<{ email: string; password: string } | null>(null);
  const [editing, setEditing] = useState<StaffUserDto | null>(null);

  if (error?.code === 'forbidden') return <NotAllowed title="Users" screen="Staff accounts" />;

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
          <SearchBox label="Search by name or e-mail" value={params.q} onSearch={(q) => update({ q })} />
          <FilterSelect label="Filter by role" value={params.filters.role!} onChange={(role) => update({ filters: { role } })} options={[{ value: '', label: 'All roles' }, ...staffRoles.map((r) => ({ value: r, label: roleLabels[r] }))]} />
          <FilterSelect label="Filter by status" value={params.filters.status!} onChange={(status) => update({ filters: { status } })} options={statusOptions} />
        </div>
        <LoadState loading={loading} error={error} empty={data && data.items.length === 0 ? 'No staff member matches.' : undefined}>
          {data && (
            <div className="overflow-x-auto">
              <table className={tableClass}>
                <caption className="sr-only">Staff accounts</caption>
                <thead>
                  <tr>
                    <SortHeader column="name" label="Name" params={params} onSort={sortBy} />
                    <SortHeader column="email" label="E-mail" params={params} onSort={sortBy} />
                    <SortHeader column="role" label="Role" params={params} onSort={sortBy} />
                    <th scope="col" className={thClass}>
                      Status
                    </th>
                    <SortHeader column="createdAt" label="Created" params={params} onSort={sortBy} />
                    <th scope="col" className={thClass}>
                      Last sign-in
                    </th>
                    <th scope="col" className={thClass}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((u) => (
                    <tr key={u.id}>
                      <th scope="row" className={`${tdClass} font-semibold`}>
                        {u.name}
                        {u.id === staff?.id && <span className="ml-1 font-normal text-slate-700">(you)</span>}
                      </th>
                      <td className={tdClass}>{u.email}</td>
                      <td className={tdClass}>{roleLabels[u.role]}</td>
                      <td className={tdClass}>{u.active ? <Badge tone="good">Active</Badge> : <Badge tone="bad">Deactivated</Badge>}</td>
                      <td className={tdClass}>{when(u.createdAt)}</td>
                      <td className={tdClass}>{when(u.lastSignInAt)}</td>
                      <td className={tdClass}>
                        <button type="button" className={secondaryButtonClass} onClick={() => setEditing(u)}>
                          Manage<span className="sr-only"> {u.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page })} />
            </div>
          )}
        </LoadState>
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

function CreateUserForm({ onCreated, onCancel }: { onCreated(created: Created): void; onCancel(): void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<StaffRole>('crew');
  const formId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await adminMutate<Created>(
      '/api/admin/users',
      'POST',
      { name: form.get('name'), email: form.get('email'), role, password: String(form.get('password') ?? '') },
      'Staff member added.',
    );
    setBusy(false);
    if (!result.ok) return setErrors(fieldErrorsOf(result.error));
    setErrors({});
    onCreated(result.data);
  };
  return (
    <div className="mb-4">
      <Card title="Add a staff member">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
          <InputField label="Name" name="name" required autoComplete="off" error={errors.name} />
          <InputField label="E-mail" name="email" type="email" required autoComplete="off" error={errors.email} />
          <div>
            <label htmlFor={`${formId}-role`} className={labelClass}>
              Role
            </label>
            <select id={`${formId}-role`} className={`mt-1 ${inputClass}`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
            {errors.role && <FieldMessage>{errors.role}</FieldMessage>}
          </div>
          <InputField
            label="Initial password (optional)"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters. Leave empty and a password is made for you and shown once."
            error={errors.password}
          />
          <p className="text-sm text-slate-700 sm:col-span-2">
            Crew: calendar, bookings, waivers, prices read-only. Manager: also operations, products and reports. Owner: everything, including users, settings and payments.
          </p>
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={buttonClass} disabled={busy}>
              Create account
            </button>
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function ManageUserDialog({ user, self, onClose, onChanged }: { user: StaffUserDto; self: boolean; onClose(): void; onChanged(generatedPassword?: string): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState(user);
  const [role, setRole] = useState<StaffRole>(user.role);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const patch = async (body: Record<string, unknown>, success: string) => {
    setBusy(true);
    const result = await adminMutate<StaffUserDto>(`/api/admin/users/${encodeURIComponent(user.id)}`, 'PATCH', body, success);
    setBusy(false);
    if (!result.ok) return setErrors(fieldErrorsOf(result.error));
    setErrors({});
    setCurrent(result.data);
    onChanged();
  };
  const resetPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get('newPassword') ?? '');
    setBusy(true);
    const result = await adminMutate<Created>(`/api/admin/users/${encodeURIComponent(user.id)}/password`, 'POST', { password }, `New password set for ${user.name}. They have been signed out.`);
    setBusy(false);
    if (!result.ok) return setErrors(fieldErrorsOf(result.error));
    setErrors({});
    form.reset();
    onChanged(result.data.generatedPassword ?? undefined);
    if (result.data.generatedPassword) dialog.current?.close();
  };

  return (
    <dialog
      ref={(node) => {
        dialog.current = node;
        if (node && !node.open) node.showModal();
      }}
      aria-labelledby="manage-user-title"
      onClose={onClose}
      className="m-auto w-full max-w-lg rounded-xl p-0 backdrop:bg-slate-900/50"
    >
      <div className="space-y-5 p-5">
        <div>
          <h2 id="manage-user-title" className="text-lg font-bold">
            {current.name}
          </h2>
          <p className="text-sm text-slate-700">
            {current.email} · {current.active ? 'Active' : 'Deactivated'}
          </p>
        </div>
        <section aria-labelledby="role-heading" className="space-y-2">
          <h3 id="role-heading" className="font-semibold">
            Role
          </h3>
          <div className="flex flex-wrap items-end gap-2">
            <label className={labelClass}>
              Role for {current.name}
              <select className={`mt-1 ${inputClass}`} value={role} disabled={self} onChange={(e) => setRole(e.target.value as StaffRole)}>
                {staffRoles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabels[r]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={buttonClass} disabled={busy || self || role === current.role} onClick={() => void patch({ role }, `${current.name} is now ${roleLabels[role].toLowerCase()}.`)}>
              Save role
            </button>
          </div>
          {self && <p className="text-sm text-slate-700">You cannot change your own role or deactivate yourself; another owner can.</p>}
          {errors.role && <FieldMessage>{errors.role}</FieldMessage>}
        </section>
        <section aria-labelledby="access-heading" className="space-y-2">
          <h3 id="access-heading" className="font-semibold">
            Access
          </h3>
          {current.active ? (
            <button type="button" className={dangerButtonClass} disabled={busy || self} onClick={() => void patch({ active: false }, `${current.name} is deactivated and signed out.`)}>
              Deactivate
            </button>
          ) : (
            <button type="button" className={buttonClass} disabled={busy} onClick={() => void patch({ active: true }, `${current.name} can sign in again.`)}>
              Reactivate
            </button>
          )}
          <p className="text-sm text-slate-700">Deactivating signs them out at once; their history stays.</p>
          {errors.active && <FieldMessage>{errors.active}</FieldMessage>}
        </section>
        <form onSubmit={(e) => void resetPassword(e)} noValidate className="space-y-2" aria-labelledby="password-heading">
          <h3 id="password-heading" className="font-semibold">
            Reset password
          </h3>
          <InputField label="New password (optional)" name="newPassword" type="password" autoComplete="new-password" hint="Leave empty to make one and show it once." error={errors.password} />
          <button type="submit" className={secondaryButtonClass} disabled={busy}>
            Set new password
          </button>
        </form>
        {errors._ && <FieldMessage>{errors._}</FieldMessage>}
        <div className="flex justify-end">
          <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
