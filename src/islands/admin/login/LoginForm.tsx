import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/validation/zod';
import { requestJson } from '../../shared/api';
import { errorClass, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { buttonClass } from '../shared/ui';

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

const signIn = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail'),
  password: z.string().min(1, 'Enter your password'),
});
type SignIn = z.infer<typeof signIn>;
const resolver = apiResolver(signIn, (v: SignIn) => v);

export default function LoginForm() {
  const form = useForm<SignIn>({ resolver, defaultValues: { email: '', password: '' } });
  const { register, handleSubmit, formState } = form;
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // The prebuilt form is inert until React takes over, so it can never be sent natively (which
  // would put the password in the address).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const submit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await requestJson('/api/auth/sign-in/email', { method: 'POST', json: { email, password, rememberMe: true } });
    if (result.ok) {
      setLeaving(true);
      return location.assign(nextPage());
    }
    setError(messages[result.status] ?? result.error.message);
  });
  const busy = formState.isSubmitting || leaving;
  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-describedby={error ? 'login-error' : undefined}>
      <TextField id="login-email" {...register('email')} label="E-mail" type="email" autoComplete="username" error={formState.errors.email?.message} />
      <TextField id="login-password" {...register('password')} label="Password" type="password" autoComplete="current-password" error={formState.errors.password?.message} />
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
