import { dataScopeOf, hasAllPermissions } from '@hr/contract';
import { Menu, NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, matchPath, useLocation } from 'react-router';
import { MenuIcon } from './menu-icons';
import { isMenuGroup, type MenuEntry, type MenuLink } from './types';

/** Drops items the user lacks the permission for, and groups left empty. */
export function visibleMenu(menu: readonly MenuEntry[], permissions: readonly string[]): MenuEntry[] {
  const allowed = (item: MenuLink) =>
    hasAllPermissions(permissions, item.permission) &&
    (!item.companyWide || dataScopeOf(permissions) === 'company');
  return menu.flatMap((entry): MenuEntry[] => {
    if (!isMenuGroup(entry)) return allowed(entry) ? [entry] : [];
    const children = entry.children.filter(allowed);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

function isActive(pathname: string, item: MenuLink): boolean {
  return matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;
}

type SidebarProps = {
  menu: readonly MenuEntry[];
  permissions: readonly string[];
  /** Icon-only rail. */
  collapsed?: boolean;
  /** Called after a link is followed (closes the overlay on small screens). */
  onNavigate?: () => void;
};

const collapsedItemStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: 8,
} as const;

export function Sidebar({ menu, permissions, collapsed = false, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const entries = visibleMenu(menu, permissions);

  if (collapsed) {
    return (
      <Stack gap={4} align="center" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {entries.map((entry) => {
          const active = isMenuGroup(entry)
            ? entry.children.some((c) => isActive(pathname, c))
            : isActive(pathname, entry);
          const bg = active ? 'var(--mantine-color-blue-light)' : undefined;
          if (!isMenuGroup(entry)) {
            return (
              <li key={entry.to}>
                <Tooltip label={entry.label} position="right" withArrow>
                  <UnstyledButton
                    component={Link}
                    to={entry.to}
                    aria-label={entry.label}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                    style={{ ...collapsedItemStyle, background: bg }}
                  >
                    {entry.icon && <MenuIcon name={entry.icon} />}
                  </UnstyledButton>
                </Tooltip>
              </li>
            );
          }
          return (
            <li key={entry.label}>
              <Menu position="right-start" withArrow trigger="click-hover">
                <Menu.Target>
                  <UnstyledButton aria-label={entry.label} style={{ ...collapsedItemStyle, background: bg }}>
                    <MenuIcon name={entry.icon} />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{entry.label}</Menu.Label>
                  {entry.children.map((child) => (
                    <Menu.Item key={child.to} component={Link} to={child.to} onClick={onNavigate}>
                      {child.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </li>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((entry) => {
        if (!isMenuGroup(entry)) {
          const active = isActive(pathname, entry);
          return (
            <li key={entry.to}>
              <NavLink
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={entry.icon && <MenuIcon name={entry.icon} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              />
            </li>
          );
        }
        const groupActive = entry.children.some((c) => isActive(pathname, c));
        return (
          <li key={entry.label}>
            <NavLink
              component="button"
              type="button"
              label={entry.label}
              leftSection={<MenuIcon name={entry.icon} />}
              rightSection={<IconChevronRight size={14} aria-hidden="true" />}
              defaultOpened={groupActive}
              childrenOffset={28}
            >
              {entry.children.map((child) => {
                const active = isActive(pathname, child);
                return (
                  <NavLink
                    key={child.to}
                    component={Link}
                    to={child.to}
                    label={child.label}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                  />
                );
              })}
            </NavLink>
          </li>
        );
      })}
    </Stack>
  );
}
