import { useEffect, useRef, useState } from 'react';
import { secretOfOtpauth } from '../../../lib/auth';
import { requestJson } from '../../shared/api';
import { FormAlert, TextField } from '../../shared/form-kit';
import { buttonClass, ScreenForm, secondaryButtonClass } from './ui';
import { authApi } from '../../../lib/paths';
import { saveFile } from '../../shared/save-file';

type Step = { name: 'password' } | { name: 'scan'; uri: string; qr: string; codes: string[] } | { name: 'codes'; codes: string[] };

/** The secret as people copy it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turning on two-step sign-in: the password, then a QR code (and the secret as text, for an app that
 * cannot scan) confirmed by a code from the app, then the recovery codes, shown this once.
 * better-auth's two-factor routes do the work; the account's other sessions are unaffected.
 */
export default function TwoFactorEnrolment({ issuer, onDone, doneLabel }: { issuer: string; onDone(): void; doneLabel: string }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step.name !== 'password') heading.current?.focus();
  }, [step.name]);

  const start = async () => {
    setError(null);
    if (!password) return setFieldError('Enter your password');
    setFieldError(undefined);
    setBusy(true);
    const result = await requestJson<{ totpURI: string; backupCodes: string[] }>(authApi.twoFactor('enable'), { method: 'POST', json: { password, issuer } });
    setBusy(false);
    if (!result.ok) return setError(result.status === 400 ? 'That password is not right.' : result.error.message);
    // Loaded only here: every admin page carries this component in its header.
    const { default: QRCode } = await import('qrcode');
    const qr = await QRCode.toString(result.data.totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    setPassword('');
    setStep({ name: 'scan', uri: result.data.totpURI, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`, codes: result.data.backupCodes });
  };

  const confirm = async (codes: string[]) => {
    setError(null);
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) return setFieldError('Enter the 6-digit code your app shows');
    setFieldError(undefined);
    setBusy(true);
    const result = await requestJson(authApi.twoFactor('verify-totp'), { method: 'POST', json: { code: typed } });
    setBusy(false);
    if (!result.ok) return setError(result.status === 401 ? 'That code did not match. Check that the time on your phone is right and enter the newest code.' : result.error.message);
    setStep({ name: 'codes', codes });
  };

  if (step.name === 'password') {
    return (
      <ScreenForm className="space-y-3" onSubmit={() => void start()}>
        <p className="text-sm text-slate-800">
          You will need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy or similar). Each sign-in then asks for the 6-digit code it shows.
        </p>
        <TextField id="two-factor-password" label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fieldError} />
        {error && <FormAlert title="Two-step sign-in was not turned on" message={error} />}
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Starting…' : 'Continue'}
        </button>
      </ScreenForm>
    );
  }

  if (step.name === 'scan') {
    const secret = secretOfOtpauth(step.uri);
    return (
      <ScreenForm className="space-y-3" onSubmit={() => void confirm(step.codes)}>
        <h3 ref={heading} tabIndex={-1} className="text-base font-bold">
          Scan this code with your authenticator app
        </h3>
        <img src={step.qr} alt="QR code to add this account to your authenticator app" width={192} height={192} className="h-48 w-48 border border-slate-200 bg-white" />
        <div>
          <p className="text-sm text-slate-800">Can’t scan it? Add an account in the app by hand with this key (time-based):</p>
          <p className="mt-1 break-all rounded bg-slate-100 p-2 font-mono text-base" data-testid="two-factor-secret" aria-label={`Setup key: ${secret.split('').join(' ')}`}>
            {grouped(secret)}
          </p>
        </div>
        <TextField
          id="two-factor-confirm"
          label="The 6-digit code your app shows"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError}
        />
        {error && <FormAlert title="Not turned on yet" message={error} />}
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Checking…' : 'Turn on two-step sign-in'}
        </button>
      </ScreenForm>
    );
  }

  const download = () => saveFile(`Recovery codes for ${issuer}\nEach works once, instead of a code from the app.\n\n${step.codes.join('\n')}\n`, 'recovery-codes.txt', 'text/plain');
  return (
    <div className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="text-base font-bold">
        Two-step sign-in is on. Save your recovery codes
      </h3>
      <p className="text-sm text-slate-800">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: print them, download them or write them down, and keep them somewhere safe.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded bg-slate-100 p-3 font-mono text-base" data-testid="recovery-codes">
        {step.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} onClick={download}>
          Download the codes
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
