import { AppShell, Burger, Divider, Group, Overlay } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { ClientSearchBox } from '@/features/clients/components/client-search-box.tsx';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useNotificationSocket } from '@/features/notifications/live/use-notification-socket.ts';
import { openTextDrawer } from '@/features/sms/text-drawer-store.ts';
import classes from './app-layout.module.css';
import { BrandMark } from './brand-mark.tsx';
import { FeatureSlots } from './feature-slots.tsx';
import { visibleMenu } from '@/config/menu-model.ts';
import { QuickActions } from './quick-actions.tsx';
import { SideMenu } from './side-menu.tsx';
import { TextDrawerMount } from './text-drawer-mount.tsx';
import { TopMenu } from './top-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/** SPEC §2/§9: a top menu on screens 1024 px and wider, a sidebar below. */
export const WIDE_SCREEN_QUERY = '(min-width: 64em)';
const HEADER_ROW = 52;
const MENU_ROW = 40;

/** SPEC §4: SMS and DIRECT notifications open the text drawer on their message. */
const openTextFromNotification = (smsId: string) => openTextDrawer({ smsId });

/** The signed-in frame: header with search, quick actions, notifications and user menu; the menu; the page. */
export function AppLayout() {
  const session = useSession();
  // SPEC §4: the live socket connects once session loading ends, i.e. when the shell first renders.
  useNotificationSocket(session);
  const subject = subjectOf(session);
  const groups = visibleMenu(subject);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, true, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The overlay sidebar belongs to the page it was opened on: moving to another page (or to a wide
  // screen) closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const navOpened = !wide && openedOn === pathname;
  const closeNav = () => setOpenedOn(null);
  const toggleNav = () => setOpenedOn(navOpened ? null : pathname);

  useEffect(() => {
    if (!navOpened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenedOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpened]);

  return (
    <AppShell
      header={{ height: wide ? HEADER_ROW + MENU_ROW : HEADER_ROW }}
      navbar={wide ? undefined : { width: 280, breakpoint: 1024, collapsed: { mobile: !navOpened, desktop: true } }}
      padding="md"
    >
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header className={classes.header}>
        <Group className={classes.headerRow} justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && (
              <Burger
                opened={navOpened}
                onClick={toggleNav}
                size="sm"
                aria-label={navOpened ? 'Close menu' : 'Open menu'}
                aria-expanded={navOpened}
                aria-controls="side-menu"
                data-testid="menu-toggle"
              />
            )}
            <Link to={paths.dashboard.root.href()} style={{ color: 'inherit', textDecoration: 'none' }}>
              <BrandMark />
            </Link>
            {can(subject, 'SEARCH_CLIENT') && (
              <div style={{ marginInlineStart: wide ? 'var(--mantine-spacing-lg)' : 0 }}>
                <ClientSearchBox />
              </div>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <QuickActions />
            <Divider orientation="vertical" mx={6} my={10} />
            <NotificationBell onOpenText={openTextFromNotification} />
            <Divider orientation="vertical" mx={6} my={10} />
            <UserMenu />
          </Group>
        </Group>
        {wide && (
          <Group className={classes.menuRow} component="nav" aria-label="Main menu" wrap="nowrap">
            <TopMenu groups={groups} />
          </Group>
        )}
      </AppShell.Header>

      {!wide && (
        <AppShell.Navbar
          id="side-menu"
          aria-label="Main menu"
          className={classes.navbar}
          data-collapsed={!navOpened || undefined}
          inert={!navOpened}
          data-testid="side-menu"
        >
          <SideMenu groups={groups} onNavigate={closeNav} />
        </AppShell.Navbar>
      )}
      {navOpened && <Overlay fixed zIndex={99} backgroundOpacity={0.3} onClick={closeNav} />}

      <AppShell.Main id="main" tabIndex={-1}>
        {navigation.state !== 'idle' && (
          <div className={classes.progress} role="progressbar" aria-label="Loading page" />
        )}
        <FeatureSlots>
          <Outlet />
        </FeatureSlots>
      </AppShell.Main>
      <TextDrawerMount />
    </AppShell>
  );
}
