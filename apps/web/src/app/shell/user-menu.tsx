import {
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
  type MantineColorScheme,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import {
  ChevronDownIcon,
  LogoutIcon,
  MonitorIcon,
  MoonIcon,
  PhoneIcon,
  SunIcon,
  UserIcon,
} from '@/components/icons.tsx';
import { SimulatorMenuItem } from '@/features/simulator/components/simulator-menu-item.tsx';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { useSignOut } from './use-sign-out.ts';

// Loaded when first opened: neither is part of the first screen (DESIGN §4).
const ProfileDrawer = lazy(() =>
  import('@/features/users/components/profile-drawer.tsx').then((m) => ({ default: m.ProfileDrawer })),
);
const ChangeClickToCallModal = lazy(() =>
  import('./click-to-call/change-click-to-call-modal.tsx').then((m) => ({ default: m.ChangeClickToCallModal })),
);

type Dialog = 'profile' | 'clickToCall';

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?');
}

const SCHEMES: readonly { value: MantineColorScheme; label: string; icon: typeof SunIcon }[] = [
  { value: 'auto', label: 'System', icon: MonitorIcon },
  { value: 'light', label: 'Light', icon: SunIcon },
  { value: 'dark', label: 'Dark', icon: MoonIcon },
];

function isScheme(value: string): value is MantineColorScheme {
  return SCHEMES.some((scheme) => scheme.value === value);
}

/** SPEC §2 user menu: Profile (with USER_PROFILE READ), Change click to call, Logout; plus the colour scheme. */
export function UserMenu() {
  const session = useSession();
  const { user } = session;
  const signOut = useSignOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [open, setOpen] = useState<Dialog | null>(null);
  const [mounted, setMounted] = useState<ReadonlySet<Dialog>>(new Set());
  const showProfile = can(subjectOf(session), 'USER_PROFILE');

  const show = (dialog: Dialog) => {
    setMounted((previous) => new Set(previous).add(dialog));
    setOpen(dialog);
  };
  const close = () => setOpen(null);

  return (
    <>
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu">
            <Group gap={8} wrap="nowrap">
              <Avatar src={user.imageUrl} size={30} radius="xl" color="blue" alt="" aria-hidden="true">
                {initialsOf(user.displayName)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="lg" data-testid="header-user-name" truncate maw={160}>
                {user.displayName}
              </Text>
              <VisuallyHidden>User menu</VisuallyHidden>
              <ChevronDownIcon size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.displayName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.mail}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {showProfile && (
            <Menu.Item leftSection={<UserIcon size={14} />} onClick={() => show('profile')}>
              Profile
            </Menu.Item>
          )}
          <Menu.Item leftSection={<PhoneIcon size={14} />} onClick={() => show('clickToCall')}>
            Change click to call
          </Menu.Item>
          <SimulatorMenuItem />
          <Menu.Divider />
          <Menu.Label>Colour scheme</Menu.Label>
          <Menu.RadioGroup value={colorScheme} onChange={(value) => isScheme(value) && setColorScheme(value)}>
            {SCHEMES.map(({ value, label, icon: Icon }) => (
              <Menu.RadioItem key={value} value={value} rightSection={<Icon size={14} />}>
                {label}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Divider />
          <Menu.Item leftSection={<LogoutIcon size={14} />} onClick={signOut}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {showProfile && mounted.has('profile') && <ProfileDrawer opened={open === 'profile'} onClose={close} />}
        {mounted.has('clickToCall') && <ChangeClickToCallModal opened={open === 'clickToCall'} onClose={close} />}
      </Suspense>
    </>
  );
}
