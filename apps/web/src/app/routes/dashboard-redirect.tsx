import { Navigate } from 'react-router';
import { dashboardPathFor } from '@casedesk/contract/users/default-dashboard';
import { useSession } from '@/lib/session-context.ts';

/** SPEC §2: /dashboard follows the user's defaultDashboard (unset gives the office one). */
export function DashboardRedirect() {
  const { user } = useSession();
  return <Navigate to={dashboardPathFor(user.defaultDashboard)} replace />;
}
