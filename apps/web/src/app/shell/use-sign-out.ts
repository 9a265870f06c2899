import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { signOut } from '@/lib/auth.ts';

/** SPEC §1: sign-out removes the token locally and sends the user to /logged-out. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void signOut()
      .catch((error: unknown) => console.error('Sign-out failed', error))
      .finally(() => {
        queryClient.clear();
        void navigate(paths.loggedOut.path, { replace: true });
      });
  }, [navigate, queryClient]);
}
