import { Badge, Button, Group, SegmentedControl } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard';
import { dashboardPathFor } from '@casedesk/contract/users/user';
import { useSession } from '@/lib/session-context.ts';
import { useMyDashboards } from '../api/get-my-dashboards.ts';
import { useUpdateDefaultDashboard } from '../api/update-default-dashboard.ts';
import { DASHBOARD_SHORT_LABELS, dashboardChoice } from '../model/dashboard-choice.ts';

/**
 * The dashboards the user may open, one click apart, and their landing one (SPEC §3 defaultDashboard): the one on
 * screen says "Your dashboard" or offers to become it, which is stored (PUT /user/updateDashboard) and followed by
 * /dashboard from then on (SPEC §2).
 */
export function DashboardSwitcher({ current }: { current: DashboardKind }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const mine = useMyDashboards();
  const update = useUpdateDefaultDashboard();
  const choice = dashboardChoice(mine.data?.available ?? [current], current, user.defaultDashboard);

  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {choice.options.length > 1 && (
        <SegmentedControl
          aria-label="Dashboard"
          size="xs"
          value={current}
          data={choice.options.map((kind) => ({ value: kind, label: DASHBOARD_SHORT_LABELS[kind] }))}
          onChange={(kind) => void navigate(dashboardPathFor(kind as DashboardKind))}
        />
      )}
      {choice.currentIsLanding ? (
        <Badge variant="light" color="gray" size="lg" tt="none" fw={500} data-testid="dashboard-is-default">
          Your dashboard
        </Badge>
      ) : (
        choice.canMakeDefault && (
          <Button
            size="xs"
            variant="light"
            loading={update.isPending}
            onClick={() => update.mutate(current)}
            data-testid="dashboard-make-default"
          >
            Make this my dashboard
          </Button>
        )
      )}
    </Group>
  );
}
