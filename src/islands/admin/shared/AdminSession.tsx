import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { roleLabels } from '../../../lib/auth/roles';
import IslandToaster from '../../shared/IslandToaster';
import { requestJson } from '../../shared/api';
import { useStaff } from './staff';
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from './ui';

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

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get('currentPassword'));
    const newPassword = String(form.get('newPassword'));
    if (newPassword.length < 12) return setError('Use at least 12 characters for the new password.');
    if (newPassword !== form.get('confirmPassword')) return setError('The two new passwords are not the same.');
    setBusy(true);
    const result = await requestJson('/api/auth/change-password', { method: 'POST', json: { currentPassword, newPassword, revokeOtherSessions: true } });
    setBusy(false);
    if (!result.ok) return setError(result.status === 400 || result.status === 401 ? 'The current password is not right.' : result.error.message);
    setError(null);
    toast.success('Password changed. Other devices have been signed out.');
    onDone();
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 p-5" noValidate>
      <h2 id="change-password-title" className="text-lg font-bold">
        Change your password
      </h2>
      {(
        [
          ['currentPassword', 'Current password', 'current-password'],
          ['newPassword', 'New password (at least 12 characters)', 'new-password'],
          ['confirmPassword', 'New password again', 'new-password'],
        ] as const
      ).map(([name, label, autoComplete]) => (
        <div key={name}>
          <label htmlFor={`${id}-${name}`} className={labelClass}>
            {label}
          </label>
          <input id={`${id}-${name}`} name={name} type="password" required autoComplete={autoComplete} className={`mt-1 ${inputClass}`} />
        </div>
      ))}
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={buttonClass} disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
