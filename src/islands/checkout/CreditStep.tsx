import { useId, useState } from 'react';
import { publicApi } from '../../lib/paths';
import { requestJson } from '../shared/api';
import { TextField } from '../shared/form-kit';
import { useCheckoutWords } from '../shared/island-words';

import type { CreditGranted } from './use-checkout';

/**
 * "Use your credit", loaded only when asked for (checkout's script stays as it was): the e-mail the
 * customer booked with before, a 6-digit code e-mailed to it, then the credit and its grant.
 */
export default function CreditStep({ initialEmail, onGranted }: { initialEmail: string; onGranted(credit: CreditGranted): void }) {
  const { checkout: t } = useCheckoutWords();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: string | undefined; code?: string | undefined; form?: string | undefined }>({});
  const [busy, setBusy] = useState(false);
  const [none, setNone] = useState(false);

  const ask = async () => {
    setBusy(true);
    setErrors({});
    const result = await requestJson<{ message: string }>(publicApi.creditCode, { method: 'POST', json: { email } });
    setBusy(false);
    if (!result.ok) return setErrors({ email: result.error.fields?.['email'], form: result.error.fields ? undefined : result.error.message });
    setSent(result.data.message);
  };
  const check = async () => {
    setBusy(true);
    setErrors({});
    const result = await requestJson<{ availableCents: number; grant: string | null }>(publicApi.creditCodeVerify, { method: 'POST', json: { email, code } });
    setBusy(false);
    if (!result.ok) return setErrors({ code: result.error.fields?.['code'] ?? result.error.fields?.['email'], form: result.error.fields ? undefined : result.error.message });
    if (!result.data.grant) return setNone(true);
    onGranted({ availableCents: result.data.availableCents, grant: result.data.grant });
  };

  return (
    <div className="mt-3 space-y-3" id={`${id}-credit`}>
      {!sent ? (
        <>
          <TextField formId={id} name="credit-email" label={t.creditEmail} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          <button type="button" disabled={busy} onClick={() => void ask()} className="rounded-full border-2 border-brand-700 px-5 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            {t.creditSendCode}
          </button>
        </>
      ) : none ? (
        <p className="text-slate-800">{t.creditNone}</p>
      ) : (
        <>
          <p className="text-slate-800">{sent}</p>
          <TextField formId={id} name="credit-code" label={t.creditCode} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} />
          <div className="flex flex-wrap gap-3">
            <button type="button" disabled={busy} onClick={() => void check()} className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
              {t.creditUse}
            </button>
            <button type="button" disabled={busy} onClick={() => void ask()} className="font-semibold text-brand-800 underline underline-offset-4">
              {t.creditNewCode}
            </button>
          </div>
        </>
      )}
      {errors.form && (
        <p role="alert" className="font-semibold text-red-800">
          {errors.form}
        </p>
      )}
    </div>
  );
}
