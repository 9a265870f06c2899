import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { Fragment, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { CalendarClockIcon, MessageIcon, UsersIcon } from '@/components/icons.tsx';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { openTextDrawer } from '@/features/sms/text-drawer-store.ts';

// The drawers load on first use: none of their code is part of the first screen (DESIGN §4).
const AvailabilityDrawerWithBooking = lazy(() =>
  import('./appointment-booking.tsx').then((m) => ({ default: m.AvailabilityDrawerWithBooking })),
);
const UserDirectoryDrawer = lazy(() =>
  import('@/features/users/components/user-directory-drawer.tsx').then((m) => ({ default: m.UserDirectoryDrawer })),
);

type QuickActionId = 'sendText' | 'userDirectory' | 'attorneyAvailability';

interface QuickAction {
  id: QuickActionId;
  label: string;
  icon: ComponentType<{ size?: number }>;
  drawer: (opened: boolean, onClose: () => void) => ReactNode;
  /** Opens a drawer the shell mounts once for the whole app instead of a drawer of its own. */
  open?: () => void;
}

const ACTIONS: readonly QuickAction[] = [
  {
    id: 'sendText',
    label: 'Send Text',
    icon: MessageIcon,
    // SPEC §2: the one Text Message drawer (app/shell/text-drawer-mount.tsx), in add mode.
    drawer: () => null,
    open: () => openTextDrawer(),
  },
  {
    id: 'userDirectory',
    label: 'User Directory',
    icon: UsersIcon,
    drawer: (opened, onClose) => <UserDirectoryDrawer opened={opened} onClose={onClose} />,
  },
  {
    id: 'attorneyAvailability',
    label: 'Attorney Availability',
    icon: CalendarClockIcon,
    drawer: (opened, onClose) => <AvailabilityDrawerWithBooking opened={opened} onClose={onClose} />,
  },
];

/** SPEC §2 quick actions, each opening a drawer; shown only to users who may use them (SPEC §6). */
export function QuickActions() {
  const session = useSession();
  const subject = subjectOf(session);
  const allowed: Record<QuickActionId, boolean> = {
    // SPEC §6: SMS CREATE is needed to send text.
    sendText: can(subject, 'SMS', 'CREATE'),
    userDirectory: can(subject, 'USER_DIRECTORY'),
    attorneyAvailability: can(subject, 'ATTORNEY_AVAILABILITY'),
  };
  const [open, setOpen] = useState<QuickActionId | null>(null);
  // A drawer stays mounted after its first opening so it can animate closed and keep its state.
  const [mounted, setMounted] = useState<ReadonlySet<QuickActionId>>(new Set());

  const show = (id: QuickActionId) => {
    const shared = ACTIONS.find((action) => action.id === id)?.open;
    if (shared) return shared();
    setMounted((previous) => new Set(previous).add(id));
    setOpen(id);
  };
  const close = () => setOpen(null);
  const visible = ACTIONS.filter((action) => allowed[action.id]);
  if (visible.length === 0) return null;

  return (
    <>
      <Group gap={4} wrap="nowrap" role="group" aria-label="Quick actions">
        {visible.map(({ id, label, icon: Icon }) => (
          <Tooltip key={id} label={label} withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              aria-haspopup="dialog"
              data-testid={`quick-action-${id}`}
              onClick={() => show(id)}
            >
              <Icon size={20} />
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      <Suspense fallback={null}>
        {visible
          .filter(({ id }) => mounted.has(id))
          .map(({ id, drawer }) => (
            <Fragment key={id}>{drawer(open === id, close)}</Fragment>
          ))}
      </Suspense>
    </>
  );
}
