import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PhoneIcon } from '@/components/icons.tsx';
import { paths } from '@/config/paths.ts';
import { requirementOf } from '@/config/route-access.ts';
import { meetsRequirement, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { simulatorStateQueryOptions } from '../api/get-simulator-state.ts';

/** A user-menu entry to the phone simulator: only while the local simulator runs, for who may open it. */
export function SimulatorMenuItem() {
  const session = useSession();
  const allowed = meetsRequirement(subjectOf(session), requirementOf(paths.tools.phoneSimulator.path));
  const state = useQuery({ ...simulatorStateQueryOptions(), enabled: allowed });
  if (!allowed || !state.data?.enabled) return null;
  return (
    <Menu.Item component={Link} to={paths.tools.phoneSimulator.href()} leftSection={<PhoneIcon size={14} />}>
      Phone simulator
    </Menu.Item>
  );
}
