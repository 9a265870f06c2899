import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader.tsx';
import { getStoredUser, isSignInCallback, isUsableSession, startSignIn } from '@/lib/auth.ts';
import { SignInCallback } from '../routes/sign-in-callback.tsx';
import { alertGuardFailure } from './guard-error.ts';

type GuardState = 'checking' | 'allowed' | 'redirecting';

/**
 * SPEC §2: every route but /logged-out, /pnc and /appt-detail obtains a token if none is valid.
 * A stored session whose access token has expired still passes when it holds a refresh token:
 * the first call gets a 401 and the api client refreshes it silently (SPEC §4).
 */
export function AuthGuard() {
  const location = useLocation();
  const callback = isSignInCallback(location.pathname, location.search);
  const [state, setState] = useState<GuardState>('checking');
  const target = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (callback) return;
    let active = true;
    getStoredUser()
      .then(async (user) => {
        if (!active) return;
        if (isUsableSession(user)) {
          setState('allowed');
          return;
        }
        setState('redirecting');
        await startSignIn(target);
      })
      .catch(alertGuardFailure);
    return () => {
      active = false;
    };
  }, [callback, target]);

  if (callback) return <SignInCallback />;
  if (state !== 'allowed')
    return <PageLoader label={state === 'redirecting' ? 'Redirecting to sign-in…' : 'Loading…'} />;
  return <Outlet />;
}
