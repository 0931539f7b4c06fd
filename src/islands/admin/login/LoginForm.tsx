import { useEffect, useState, type FormEvent } from 'react';
import { requestJson } from '../../shared/api';
import { buttonClass, inputClass, labelClass } from '../shared/ui';

/** Only admin pages are valid places to return to after signing in (no open redirect). */
function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/admin(\/[\w\-/?=&%.]*)?$/.test(next) && !next.startsWith('/admin/login') ? next : '/admin';
}

const messages: Record<number, string> = {
  401: 'That e-mail and password don’t match a staff account.',
  403: 'This account has been deactivated. Ask an owner to restore it.',
  429: 'Too many sign-in attempts. Wait a few minutes and try again.',
};

export default function LoginForm() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The prebuilt form is inert until React takes over, so it can never be sent natively (which
  // would put the password in the address).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email')).trim();
    const password = String(form.get('password'));
    if (!email || !password) return setError('Enter your e-mail and password.');
    setBusy(true);
    const result = await requestJson('/api/auth/sign-in/email', { method: 'POST', json: { email, password, rememberMe: true } });
    if (result.ok) return location.assign(nextPage());
    setBusy(false);
    setError(messages[result.status] ?? result.error.message);
  };
  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-describedby={error ? 'login-error' : undefined}>
      <div>
        <label htmlFor="login-email" className={labelClass}>
          E-mail
        </label>
        <input id="login-email" name="email" type="email" autoComplete="username" required className={`mt-1 ${inputClass}`} />
      </div>
      <div>
        <label htmlFor="login-password" className={labelClass}>
          Password
        </label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required className={`mt-1 ${inputClass}`} />
      </div>
      {error && (
        <p id="login-error" role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={`${buttonClass} w-full`} disabled={busy || !ready}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
