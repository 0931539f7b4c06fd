import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isAppCode, twoFactorRequiredFor } from '../../../lib/auth';
import { z } from '../../../lib/validation';
import { requestJson, type ApiError } from '../../shared/api';
import { errorClass, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { buttonClass, secondaryButtonClass } from '../shared/ui';
import { nextPage } from './next-page';
import { adminPaths, authApi } from '../../../lib/paths';
import { formFields } from '../../shared/form-fields';

const messages: Record<number, string> = {
  401: 'That e-mail and password don’t match a staff account.',
  403: 'This account has been deactivated. Ask an owner to restore it.',
  429: 'Too many sign-in attempts. Wait a few minutes and try again.',
};

/** A refusal as the person signing in should read it: a locked account says so, whichever step. */
const messageFor = (status: number, error: ApiError, byStatus: Record<number, string>) =>
  error.code === 'account_locked' ? error.message : (byStatus[status] ?? error.message);

/** better-auth's answer to a password sign-in: a second step to come, or the account signed in. */
interface SignedIn {
  twoFactorRedirect?: boolean;
  user?: { role?: string | null; twoFactorEnabled?: boolean | null };
}

/**
 * An owner still without a second factor goes straight to set it up: every admin page and endpoint
 * would only refuse them (403), so asking them first would put an error in the console for nothing.
 */
const mustEnrolSecondFactor = ({ user }: SignedIn) => Boolean(user && !user.twoFactorEnabled && twoFactorRequiredFor(user.role ?? ''));

const signIn = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail'),
  password: z.string().min(1, 'Enter your password'),
});
type SignIn = z.infer<typeof signIn>;
const resolver = apiResolver(signIn, (v: SignIn) => v);

export default function LoginForm() {
  const form = useForm<SignIn>({ resolver, defaultValues: { email: '', password: '' } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [askCode, setAskCode] = useState(false);
  // The prebuilt form is inert until React takes over, so it can never be sent natively (which
  // would put the password in the address).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const submit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await requestJson<SignedIn>(authApi.signIn, { method: 'POST', json: { email, password, rememberMe: true } });
    if (result.ok && result.data.twoFactorRedirect) return setAskCode(true);
    if (result.ok) {
      setLeaving(true);
      return location.assign(mustEnrolSecondFactor(result.data) ? adminPaths.twoFactorThen(nextPage()) : nextPage());
    }
    setError(messageFor(result.status, result.error, messages));
  });
  if (askCode) {
    return (
      <CodeForm
        onBack={(message) => {
          setAskCode(false);
          setError(message);
          form.setValue('password', '');
        }}
      />
    );
  }
  const busy = formState.isSubmitting || leaving;
  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-describedby={error ? 'login-error' : undefined}>
      <TextField id="login-email" {...field('email')} label="E-mail" type="email" autoComplete="username" />
      <TextField id="login-password" {...field('password')} label="Password" type="password" autoComplete="current-password" />
      {error && (
        <p id="login-error" role="alert" className={errorClass}>
          {error}
        </p>
      )}
      <button type="submit" className={`${buttonClass} w-full`} disabled={busy || !ready}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

const codeMessages: Record<number, string> = {
  401: 'That code did not work. Enter the newest code from your app, or an unused recovery code.',
  429: 'Too many attempts. Wait a few minutes and try again.',
};

/**
 * The second step: one field for the 6-digit code from the app or a recovery code (`xxxxx-xxxxx`),
 * sent to better-auth's matching route. The step lasts 10 minutes; after that, the password again.
 */
function CodeForm({ onBack }: { onBack(message: string | null): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLDivElement>(null);
  useEffect(() => input.current?.querySelector('input')?.focus(), []);
  const submit = async () => {
    setError(null);
    const typed = code.trim();
    if (!typed) return setFieldError('Enter the code from your app, or a recovery code');
    setFieldError(undefined);
    setBusy(true);
    const path = authApi.twoFactor(isAppCode(typed) ? 'verify-totp' : 'verify-backup-code');
    const result = await requestJson(path, { method: 'POST', json: { code: typed } });
    if (result.ok) return location.assign(nextPage());
    setBusy(false);
    if (result.error.code === 'sign_in_expired') return onBack('That sign-in took too long or had too many tries. Enter your password again.');
    setError(messageFor(result.status, result.error, codeMessages));
  };
  return (
    <form
      method="post"
      className="space-y-4"
      noValidate
      aria-describedby={error ? 'code-error' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div ref={input}>
        <TextField
          id="login-code"
          label="Code from your authenticator app"
          hint="Or one of your recovery codes, if you don’t have your phone."
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError}
        />
      </div>
      {error && (
        <p id="code-error" role="alert" className={errorClass}>
          {error}
        </p>
      )}
      <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
      <button type="button" className={`${secondaryButtonClass} w-full`} onClick={() => onBack(null)}>
        Back
      </button>
    </form>
  );
}
