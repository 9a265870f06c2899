import { Outlet } from 'react-router';
import { AccessDenied } from '@/components/access-denied.tsx';
import type { RouteRequirement } from '@/config/route-access.ts';
import { meetsRequirement, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';

interface RequirePermissionProps {
  requirement: RouteRequirement;
}

/** A route the user lacks permission for shows Access Denied, missing-permission wording (SPEC §2, §6, §8). */
export function RequirePermission({ requirement }: RequirePermissionProps) {
  const session = useSession();
  if (!meetsRequirement(subjectOf(session), requirement)) return <AccessDenied reason="MISSING_PERMISSION" />;
  return <Outlet />;
}
