import { useEffect, useState } from 'react';
import { requestJson } from '../../shared/api';
import { signOutOfDevice } from '../shared/crew-device';
import TwoFactorEnrolment from '../shared/TwoFactorEnrolment';
import { secondaryButtonClass } from '../shared/ui';
import { nextPage } from './next-page';
import { adminPaths, authApi } from '../../../lib/paths';

interface AuthSession {
  user: { email: string; role?: string; twoFactorEnabled?: boolean };
}

/**
 * Where an owner lands right after signing in until they turn on two-step sign-in: every admin
 * endpoint refuses them (403 two_factor_required) and the admin pages send them here.
 */
export default function TwoFactorSetup({ issuer }: { issuer: string }) {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    void requestJson<AuthSession | null>(authApi.session).then((result) => {
      const user = result.ok ? result.data?.user : null;
      if (!user) return location.assign(adminPaths.login());
      if (user.twoFactorEnabled) return location.assign(nextPage());
      setEmail(user.email);
    });
  }, []);
  const signOut = async () => {
    // The phone forgets the crew app's data first (a warning when actions wait to send).
    if (!(await signOutOfDevice(() => requestJson(authApi.signOut, { method: 'POST', json: {} })))) return;
    location.assign(adminPaths.login());
  };
  if (!email) return <p className="text-sm text-slate-700">Loading…</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800">
        Owners can refund payments and change payouts, so the admin asks them for a second step at every sign-in: a code from an app on their phone. Set it up for <strong>{email}</strong> to continue.
      </p>
      <TwoFactorEnrolment issuer={issuer} doneLabel="Continue to the admin" onDone={() => location.assign(nextPage())} />
      <button type="button" className={secondaryButtonClass} onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}
