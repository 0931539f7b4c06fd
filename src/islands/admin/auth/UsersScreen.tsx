import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { roleLabels, staffRoles, type StaffRole } from '../../../lib/auth/roles';
import { createStaffBody, resetPasswordBody } from '../../../lib/auth/staff-users';
import type { StaffUserDto } from '../../../lib/auth/staff-users.server';
import type { Page } from '../../../lib/lists/list-query';
import type { z } from '../../../lib/validation/zod';
import { FieldError, FormAlert, SelectField, TextField } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { FilterSelect } from '../shared/filters';
import { formatTimestamp as formatInstant } from '../../../lib/time/format';
import { businessTimeZone } from '../shared/business';

const formatTimestamp = (iso: string) => formatInstant(iso, businessTimeZone());
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { NotAllowed } from '../shared/NotAllowed';

const statusOptions = [
  { value: '', label: 'Everyone' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

const when = (iso: string | null) => (iso ? formatTimestamp(iso) : '—');

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
            <div className="relative overflow-x-auto">
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
                      <td className={tdClass}>
                        <span className="flex flex-wrap gap-1">
                          {u.active ? <Badge tone="good">Active</Badge> : <Badge tone="bad">Deactivated</Badge>}
                          {u.lockedUntil && <Badge tone="bad">Locked</Badge>}
                          {u.twoFactor ? <Badge tone="good">Two-step</Badge> : <Badge>Password only</Badge>}
                        </span>
                      </td>
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

type NewStaff = z.input<typeof createStaffBody>;
const createResolver = apiResolver(createStaffBody, (v: NewStaff) => v);
const resetResolver = apiResolver(resetPasswordBody, (v: { password: string }) => v);

function CreateUserForm({ onCreated, onCancel }: { onCreated(created: Created): void; onCancel(): void }) {
  const formId = useId();
  const form = useForm<NewStaff, unknown, z.output<typeof createStaffBody>>({ resolver: createResolver, defaultValues: { name: '', email: '', role: 'crew', password: '' } });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate<Created>('/api/admin/users', 'POST', body, 'Staff member added.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => ['name', 'email', 'role', 'password'].includes(path)));
    saving.saved();
    onCreated(result.data);
  });
  return (
    <div className="mb-4">
      <Card title="Add a staff member">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
          <TextField formId={formId} {...register('name')} label="Name" autoComplete="off" error={errors.name?.message} />
          <TextField formId={formId} {...register('email')} label="E-mail" type="email" autoComplete="off" error={errors.email?.message} />
          <SelectField formId={formId} {...register('role')} label="Role" error={errors.role?.message}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </SelectField>
          <TextField
            formId={formId}
            {...register('password')}
            label="Initial password"
            optional
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters. Leave empty and a password is made for you and shown once."
            error={errors.password?.message}
          />
          <p className="text-sm text-slate-700 sm:col-span-2">
            Crew: calendar, bookings, waivers, prices read-only. Manager: also operations, products and reports. Owner: everything, including users, settings and payments.
          </p>
          {problem && (
            <div className="sm:col-span-2">
              <FormAlert title="The account was not created" message={problem} />
            </div>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
              Create account
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => saving.confirmDiscard() && onCancel()}>
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const passwordForm = useForm<{ password: string }, unknown, z.output<typeof resetPasswordBody>>({ resolver: resetResolver, defaultValues: { password: '' } });
  const passwordSaving = useAdminForm(passwordForm);
  const errorId = useId();

  const patch = async (body: Record<string, unknown>, success: string) => {
    setBusy(true);
    const result = await adminMutate<StaffUserDto>(`/api/admin/users/${encodeURIComponent(user.id)}`, 'PATCH', body, success);
    setBusy(false);
    if (!result.ok) return setErrors(result.error.fields ?? { _: result.error.message });
    setErrors({});
    setCurrent(result.data);
    onChanged();
  };
  const unlock = async () => {
    setBusy(true);
    const result = await adminMutate<StaffUserDto>(`/api/admin/users/${encodeURIComponent(user.id)}/unlock`, 'POST', {}, `${current.name} can sign in again.`);
    setBusy(false);
    if (!result.ok) return;
    setCurrent(result.data);
    onChanged();
  };

  const resetPassword = passwordForm.handleSubmit(async (body) => {
    const result = await adminMutate<Created>(`/api/admin/users/${encodeURIComponent(user.id)}/password`, 'POST', body, `New password set for ${user.name}. They have been signed out.`);
    if (!result.ok) {
      const elsewhere = showServerErrors(passwordForm.setError, result.error, (path) => path === 'password');
      return setErrors(elsewhere ? { _: elsewhere } : {});
    }
    setErrors({});
    passwordSaving.saved({ password: '' });
    onChanged(result.data.generatedPassword ?? undefined);
    if (result.data.generatedPassword) dialog.current?.close();
  });

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
            <SelectField label={`Role for ${current.name}`} required={false} value={role} disabled={self} onChange={(e) => setRole(e.target.value as StaffRole)} error={errors.role}>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </SelectField>
            <button type="button" className={buttonClass} disabled={busy || self || role === current.role} onClick={() => void patch({ role }, `${current.name} is now ${roleLabels[role].toLowerCase()}.`)}>
              Save role
            </button>
          </div>
          {self && <p className="text-sm text-slate-700">You cannot change your own role or deactivate yourself; another owner can.</p>}
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
          <FieldError id={`${errorId}-active`} message={errors.active} />
        </section>
        <section aria-labelledby="sign-in-heading" className="space-y-2">
          <h3 id="sign-in-heading" className="font-semibold">
            Sign-in
          </h3>
          <p className="text-sm text-slate-700">
            {current.twoFactor ? 'Signs in with a code from an authenticator app.' : 'Signs in with a password only.'}
            {current.lockedUntil && ` Locked after repeated failed sign-ins until ${new Date(current.lockedUntil).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}.`}
          </p>
          {current.lockedUntil && (
            <button type="button" className={buttonClass} disabled={busy} onClick={() => void unlock()}>
              Unlock
            </button>
          )}
        </section>
        <form onSubmit={(e) => void resetPassword(e)} noValidate className="space-y-2" aria-labelledby="password-heading">
          <h3 id="password-heading" className="font-semibold">
            Reset password
          </h3>
          <TextField {...passwordForm.register('password')} label="New password" optional type="password" autoComplete="new-password" hint="Leave empty to make one and show it once." error={passwordForm.formState.errors.password?.message} />
          <button type="submit" className={secondaryButtonClass} disabled={busy || passwordForm.formState.isSubmitting}>
            Set new password
          </button>
        </form>
        {errors._ && <FormAlert title="Not changed" message={errors._} />}
        <div className="flex justify-end">
          <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
