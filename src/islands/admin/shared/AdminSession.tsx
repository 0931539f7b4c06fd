import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { passwordSchema, roleLabels } from '../../../lib/auth';
import { z } from '../../../lib/validation';
import IslandToaster from '../../shared/IslandToaster';
import { requestJson } from '../../shared/api';
import { signOutOfDevice } from './crew-device';
import { FormAlert, TextField } from '../../shared/form-kit';
import { apiResolver, useAdminForm } from './admin-form';
import { useStaff } from './staff';
import TwoFactorEnrolment from './TwoFactorEnrolment';
import { buttonClass, dangerButtonClass, ScreenForm, secondaryButtonClass } from './ui';
import { adminPaths, authApi } from '../../../lib/paths';
import { formFields } from '../../shared/form-fields';

/**
 * Who is signed in, with password change, two-step sign-in and sign-out; marks <body> with the role
 * for the menu. `issuer` is the name authenticator apps show for the account (the business's).
 */
export default function AdminSession({ issuer }: { issuer: string }) {
  const { staff, twoFactor } = useStaff();
  const dialog = useRef<HTMLDialogElement>(null);
  const twoFactorDialog = useRef<HTMLDialogElement>(null);
  const [twoFactorOn, setTwoFactorOn] = useState<boolean | null>(null);
  const on = twoFactorOn ?? twoFactor;
  useEffect(() => {
    if (staff) document.body.dataset.staffRole = staff.role;
  }, [staff]);

  const signOut = async () => {
    // The phone forgets the crew app's data first (a warning when actions wait to send).
    if (!(await signOutOfDevice(() => requestJson(authApi.signOut, { method: 'POST', json: {} })))) return;
    location.assign(adminPaths.login());
  };

  return (
    <>
      <IslandToaster />
      {staff && (
        <>
          <AccountMenu>
            <p className="text-sm text-slate-800 max-md:mb-1">
              <span className="font-semibold">{staff.name}</span> · {roleLabels[staff.role]}
            </p>
            <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.showModal()}>
              Change password
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => twoFactorDialog.current?.showModal()}>
              Two-step sign-in{on ? ': on' : ''}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => void signOut()}>
              Sign out
            </button>
          </AccountMenu>
          <dialog ref={dialog} aria-labelledby="change-password-title" className="m-auto w-full max-w-md rounded-xl p-0 backdrop:bg-slate-900/50">
            <ChangePasswordForm onDone={() => dialog.current?.close()} />
          </dialog>
          <dialog ref={twoFactorDialog} aria-labelledby="two-factor-title" className="m-auto w-full max-w-md rounded-xl p-0 backdrop:bg-slate-900/50">
            <TwoFactorPanel
              issuer={issuer}
              on={on}
              owner={staff.role === 'owner'}
              onChange={(next) => setTwoFactorOn(next)}
              onClose={() => twoFactorDialog.current?.close()}
            />
          </dialog>
        </>
      )}
    </>
  );
}

/**
 * Who is signed in and the account's buttons. On a phone they sit behind one "Account" button, so the
 * top of every screen keeps to one row and the screen's own work (the day's first stop) starts on the
 * first screen; from the md breakpoint up they stand in the bar as before (`md:contents`).
 */
function AccountMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // A tap elsewhere closes it; not one in the dialog a choice opened, so that closing the dialog gives
    // the focus back to the button that opened it, still shown.
    const outside = (event: PointerEvent) => {
      const target = event.target as Element;
      if (!menu.current?.contains(target) && !toggle.current?.contains(target) && !target.closest('dialog')) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      // Escape in a dialog closes the dialog alone.
      if (event.key !== 'Escape' || (event.target as Element).closest('dialog')) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <>
      <button ref={toggle} type="button" className={`${secondaryButtonClass} max-md:px-3 md:hidden`} aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen((o) => !o)}>
        Account<span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      <div
        ref={menu}
        id="account-menu"
        className={`${open ? 'flex' : 'hidden'} absolute top-full right-4 z-30 mt-1 w-max max-w-[calc(100vw-2rem)] flex-col items-stretch gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg md:contents`}
      >
        {children}
      </div>
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
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const saving = useAdminForm(form);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    saving.saved(emptyChange);
    setError(null);
    onDone();
  };
  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await requestJson(authApi.changePassword, { method: 'POST', json: { currentPassword, newPassword, revokeOtherSessions: true } });
    if (!result.ok) return setError(result.status === 400 || result.status === 401 ? 'The current password is not right.' : result.error.message);
    toast.success('Password changed. Other devices have been signed out.');
    close();
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 p-5" noValidate>
      <h2 id="change-password-title" className="text-lg font-bold">
        Change your password
      </h2>
      <TextField {...field('currentPassword')} label="Current password" type="password" autoComplete="current-password" />
      <TextField {...field('newPassword')} label="New password (at least 12 characters)" type="password" autoComplete="new-password" />
      <TextField {...field('confirmPassword')} label="New password again" type="password" autoComplete="new-password" />
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

/** Two-step sign-in from the account menu: turn it on (the enrolment), or off with the password. */
function TwoFactorPanel({ issuer, on, owner, onChange, onClose }: { issuer: string; on: boolean; owner: boolean; onChange(on: boolean): void; onClose(): void }) {
  // A fresh enrolment each time the dialog is opened again.
  const [round, setRound] = useState(0);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(null);
    setRound((r) => r + 1);
    onClose();
  };
  const turnOff = async () => {
    setError(null);
    if (!password) return setError('Enter your password to turn it off.');
    setBusy(true);
    const result = await requestJson(authApi.twoFactor('disable'), { method: 'POST', json: { password } });
    setBusy(false);
    if (!result.ok) return setError(result.status === 400 ? 'That password is not right.' : result.error.message);
    // Owners must use it: the admin now sends them to set it up again (with a new phone, say).
    if (owner) return location.assign(adminPaths.twoFactor);
    toast.success('Two-step sign-in is off.');
    onChange(false);
    close();
  };
  return (
    <div className="space-y-3 p-5">
      <h2 id="two-factor-title" className="text-lg font-bold">
        Two-step sign-in
      </h2>
      {on ? (
        <ScreenForm className="space-y-3" onSubmit={() => void turnOff()}>
          <p className="text-sm text-slate-800">On: each sign-in asks for a code from your authenticator app (or a recovery code).</p>
          {owner && <p className="text-sm text-slate-800">Owners must use it. Turn it off only to move it to a new phone: you will be asked to set it up again straight away.</p>}
          <TextField id="two-factor-off-password" label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {error && <FormAlert title="Two-step sign-in is still on" message={error} />}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={close}>
              Close
            </button>
            <button type="submit" className={dangerButtonClass} disabled={busy}>
              Turn off
            </button>
          </div>
        </ScreenForm>
      ) : (
        <>
          <TwoFactorEnrolment
            key={round}
            issuer={issuer}
            doneLabel="Done"
            onDone={() => {
              toast.success('Two-step sign-in is on.');
              onChange(true);
              close();
            }}
          />
          <div className="flex justify-end">
            <button type="button" className={secondaryButtonClass} onClick={close}>
              Close
            </button>
          </div>
        </>
      )}
    </div>
  );
}
