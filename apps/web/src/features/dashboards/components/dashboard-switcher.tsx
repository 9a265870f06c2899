import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { dashboardPathFor } from '@casedesk/contract/users/default-dashboard';
import { useSession } from '@/lib/session-context.ts';
import { useMyDashboards } from '../api/get-my-dashboards.ts';
import { useUpdateDefaultDashboard } from '../api/update-default-dashboard.ts';
import { DASHBOARD_SHORT_LABELS, dashboardChoice } from '../model/dashboard-choice.ts';
import classes from './dashboard.module.css';

/**
 * The dashboards the user may open, one click apart, and their landing one (SPEC §3 defaultDashboard): the one on
 * screen says "Your dashboard" or offers to become it, which is stored (PUT /user/updateDashboard) and followed by
 * /dashboard from then on (SPEC §2). Plain links and buttons: nothing here may weigh on the first screen.
 */
export function DashboardSwitcher({ current }: { current: DashboardKind }) {
  const { user } = useSession();
  const mine = useMyDashboards();
  const update = useUpdateDefaultDashboard();
  const choice = dashboardChoice(mine.data?.available ?? [current], current, user.defaultDashboard);

  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {choice.options.length > 1 && (
        <nav aria-label="Dashboards" className={classes.switcher}>
          {choice.options.map((kind) => (
            <Button
              key={kind}
              component={Link}
              to={dashboardPathFor(kind)}
              size="compact-sm"
              variant={kind === current ? 'filled' : 'subtle'}
              color={kind === current ? undefined : 'gray'}
              aria-current={kind === current ? 'page' : undefined}
            >
              {DASHBOARD_SHORT_LABELS[kind]}
            </Button>
          ))}
        </nav>
      )}
      {choice.currentIsLanding ? (
        <Text size="xs" c="dimmed" className={classes.pill} data-testid="dashboard-is-default">
          Your dashboard
        </Text>
      ) : (
        choice.canMakeDefault && (
          <Button
            size="compact-sm"
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
