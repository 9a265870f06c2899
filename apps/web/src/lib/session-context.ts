import { createContext, useContext } from 'react';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { UserDetail } from '@casedesk/contract/users/user';

/** The signed-in user and their permissions, available once both are loaded (SPEC §4). */
export interface Session {
  user: UserDetail;
  permissions: readonly Permission[];
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the session loader');
  return session;
}
