import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { passwordSchema, roleLabels } from '../../../lib/auth/roles';
import { z } from '../../../lib/validation/zod';
import IslandToaster from '../../shared/IslandToaster';
import { requestJson } from '../../shared/api';
import { FormAlert, TextField } from '../../shared/form-kit';
import { apiResolver, useAdminForm } from './admin-form';
import { useStaff } from './staff';
import { buttonClass, secondaryButtonClass } from './ui';

/** Who is signed in, with password change and sign-out; marks <body> with the role for the menu. */
export default function AdminSession() {
  const { staff } = useStaff();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (staff) document.body.dataset.staffRole = staff.role;
  }, [staff]);

  const signOut = async () => {
    await requestJson('/api/auth/sign-out', { method: 'POST', json: {} });
    location.assign('/admin/login');
  };

  return (
    <>
      <IslandToaster />
      {staff && (
        <>
          <p className="text-sm text-slate-800">
            <span className="font-semibold">{staff.name}</span> · {roleLabels[staff.role]}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.showModal()}>
            Change password
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => void signOut()}>
            Sign out
          </button>
          <dialog ref={dialog} aria-labelledby="change-password-title" className="m-auto w-full max-w-md rounded-xl p-0 backdrop:bg-slate-900/50">
            <ChangePasswordForm onDone={() => dialog.current?.close()} />
          </dialog>
        </>
      )}
    </>
  );
}

const passwordChange = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { message: 'The two new passwords are not the same', path: ['confirmPassword'] });
type PasswordChange = z.infer<typeof passwordChange>;
const resolver = apiResolver(passwordChange, (v: PasswordChange) => v);
const emptyChange: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const form = useForm<PasswordChange>({ resolver, defaultValues: emptyChange });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    saving.saved(emptyChange);
    setError(null);
    onDone();
  };
  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await requestJson('/api/auth/change-password', { method: 'POST', json: { currentPassword, newPassword, revokeOtherSessions: true } });
    if (!result.ok) return setError(result.status === 400 || result.status === 401 ? 'The current password is not right.' : result.error.message);
    toast.success('Password changed. Other devices have been signed out.');
    close();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 p-5" noValidate>
      <h2 id="change-password-title" className="text-lg font-bold">
        Change your password
      </h2>
      <TextField {...register('currentPassword')} label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} />
      <TextField {...register('newPassword')} label="New password (at least 12 characters)" type="password" autoComplete="new-password" error={errors.newPassword?.message} />
      <TextField {...register('confirmPassword')} label="New password again" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} />
      {error && <FormAlert title="Your password was not changed" message={error} />}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={close}>
          Cancel
        </button>
        <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
          Change password
        </button>
      </div>
    </form>
  );
}
