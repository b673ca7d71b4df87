import { hasAllPermissions } from '@hr/contract';
import {
  ActionIcon,
  Burger,
  Button,
  Group,
  AppShell as MantineAppShell,
  ScrollArea,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { signOut, useSessionSync } from '../../lib/session';
import {
  selectLayout,
  selectPermissions,
  selectRole,
  selectUser,
  setBroken,
  setToggled,
  toggleCollapsed,
  useAppDispatch,
  useAppSelector,
} from '../../lib/store';
import { PageLoader } from '../ui/page-loader';
import { AreaSwitcher } from './area-switcher';
import { Sidebar } from './sidebar';
import type { AreaKey, AreaNav } from './types';

// Its own chunk: the header's unread badge stays out of the first load (sign-in).
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

/** Under this width the layout is "broken": the sidebar becomes an overlay opened by the hamburger. */
export const BREAKPOINT_PX = 768;

function currentAreaKey(pathname: string, areas: readonly AreaNav[]): AreaKey | undefined {
  const first = pathname.split('/')[1];
  return areas.find((a) => a.key === first)?.key;
}

/** The authenticated shell: header (user, role, area switcher, sign-out), sidebar, and `<main>`. */
export function AppShell({ areas }: { areas: readonly AreaNav[] }) {
  const dispatch = useAppDispatch();
  const { collapsed, toggled, broken } = useAppSelector(selectLayout);
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  const permissions = useAppSelector(selectPermissions);
  const { pathname } = useLocation();
  useSessionSync();

  const isBroken = useMediaQuery(`(max-width: ${BREAKPOINT_PX - 0.02}px)`, false);
  useEffect(() => {
    dispatch(setBroken(isBroken));
  }, [dispatch, isBroken]);

  // Following a link closes the overlay menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    dispatch(setToggled(false));
  }, [dispatch, pathname]);

  const allowedAreas = areas.filter((a) => hasAllPermissions(permissions, a.permission));
  const areaKey = currentAreaKey(pathname, areas);
  const area = areas.find((a) => a.key === areaKey);
  const rail = collapsed && !broken;

  return (
    <MantineAppShell
      header={{ height: 60 }}
      navbar={{ width: rail ? 76 : 264, breakpoint: 'sm', collapsed: { mobile: !toggled, desktop: false } }}
      padding="md"
    >
      <MantineAppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {broken ? (
              <Burger
                opened={toggled}
                onClick={() => dispatch(setToggled(!toggled))}
                size="sm"
                aria-label={toggled ? 'Close navigation' : 'Open navigation'}
              />
            ) : (
              <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => dispatch(toggleCollapsed())}
                  aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                  aria-pressed={collapsed}
                >
                  {collapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} aria-hidden="true" />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} aria-hidden="true" />
                  )}
                </ActionIcon>
              </Tooltip>
            )}
            <Text component={Link} to="/" fw={700} size="lg" c="blue" style={{ textDecoration: 'none' }}>
              HR
            </Text>
            {!broken && <AreaSwitcher areas={allowedAreas} current={areaKey} />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <div style={{ textAlign: 'right', lineHeight: 1.2 }}>
              <Text size="sm" fw={600} truncate="end" maw={200}>
                {user?.employee_name ?? user?.email ?? ''}
              </Text>
              {role && (
                <Text size="xs" c="dimmed">
                  {role}
                </Text>
              )}
            </div>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              onClick={() => void signOut()}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </MantineAppShell.Header>

      <MantineAppShell.Navbar p={rail ? 'xs' : 'sm'} aria-label="Main menu">
        {broken && (
          <MantineAppShell.Section mb="sm">
            <AreaSwitcher areas={allowedAreas} current={areaKey} />
          </MantineAppShell.Section>
        )}
        <MantineAppShell.Section grow component={ScrollArea}>
          {area && (
            <Sidebar
              menu={area.menu}
              permissions={permissions}
              collapsed={rail}
              onNavigate={() => dispatch(setToggled(false))}
            />
          )}
        </MantineAppShell.Section>
      </MantineAppShell.Navbar>

      <MantineAppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </MantineAppShell.Main>
    </MantineAppShell>
  );
}
