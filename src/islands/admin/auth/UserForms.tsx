import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { createStaffBody, resetPasswordBody, roleLabels, type StaffRole, staffRoles } from '../../../lib/auth';
import type { StaffUserDto } from '../../../lib/auth/index.server';
import type { z } from '../../../lib/validation';
import { adminApi } from '../../../lib/paths';
import { FieldError, FormAlert, SelectField, TextField } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { staffClock } from '../shared/business';
import { buttonClass, Card, dangerButtonClass, FormButtons, GridFormAlert, secondaryButtonClass } from '../shared/ui';
import { LabelledOptions } from '../shared/options';
import { formFields } from '../../shared/form-fields';

export interface Created {
  user: StaffUserDto;
  generatedPassword: string | null;
}

type NewStaff = z.input<typeof createStaffBody>;
const createResolver = apiResolver(createStaffBody, (v: NewStaff) => v);
const resetResolver = apiResolver(resetPasswordBody, (v: { password: string }) => v);

export function CreateUserForm({ onCreated, onCancel }: { onCreated(created: Created): void; onCancel(): void }) {
  const formId = useId();
  const form = useForm<NewStaff, unknown, z.output<typeof createStaffBody>>({ resolver: createResolver, defaultValues: { name: '', email: '', role: 'crew', password: '' } });
  const { handleSubmit, formState } = form;
  const field = formFields(form, formId);
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate<Created>(adminApi.users.list(), 'POST', body, 'Staff member added.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => ['name', 'email', 'role', 'password'].includes(path)));
    saving.saved();
    onCreated(result.data);
  });
  return (
    <div className="mb-4">
      <Card title="Add a staff member">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
          <TextField {...field('name')} label="Name" autoComplete="off" />
          <TextField {...field('email')} label="E-mail" type="email" autoComplete="off" />
          <SelectField {...field('role')} label="Role">
            <LabelledOptions values={staffRoles} labels={roleLabels} />
          </SelectField>
          <TextField
            {...field('password')}
            label="Initial password"
            optional
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters. Leave empty and a password is made for you and shown once."
          />
          <p className="text-sm text-slate-700 sm:col-span-2">
            Crew: calendar, bookings, waivers, prices read-only. Manager: also operations, products and reports. Owner: everything, including users, settings and payments.
          </p>
          <GridFormAlert span="sm:col-span-2" title="The account was not created" message={problem} />
          <FormButtons
            className="flex gap-2 sm:col-span-2"
            label="Create account"
            busy={formState.isSubmitting}
            onCancel={() => saving.confirmDiscard() && onCancel()}
          />
        </form>
      </Card>
    </div>
  );
}

export function ManageUserDialog({ user, self, onClose, onChanged }: { user: StaffUserDto; self: boolean; onClose(): void; onChanged(generatedPassword?: string): void }) {
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
    const result = await adminMutate<StaffUserDto>(adminApi.users.one(user.id), 'PATCH', body, success);
    setBusy(false);
    if (!result.ok) return setErrors(result.error.fields ?? { _: result.error.message });
    setErrors({});
    setCurrent(result.data);
    onChanged();
  };
  const unlock = async () => {
    setBusy(true);
    const result = await adminMutate<StaffUserDto>(adminApi.users.one(user.id, 'unlock'), 'POST', {}, `${current.name} can sign in again.`);
    setBusy(false);
    if (!result.ok) return;
    setCurrent(result.data);
    onChanged();
  };

  const resetPassword = passwordForm.handleSubmit(async (body) => {
    const result = await adminMutate<Created>(adminApi.users.one(user.id, 'password'), 'POST', body, `New password set for ${user.name}. They have been signed out.`);
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
              <LabelledOptions values={staffRoles} labels={roleLabels} />
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
            {current.lockedUntil && ` Locked after repeated failed sign-ins until ${staffClock().timestamp(current.lockedUntil)}.`}
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
          <TextField {...formFields(passwordForm)('password')} label="New password" optional type="password" autoComplete="new-password" hint="Leave empty to make one and show it once." />
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
