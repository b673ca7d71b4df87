import {
  IconBeach,
  IconBell,
  IconBuilding,
  IconCalendarTime,
  IconChartBar,
  IconCoinRupee,
  IconFileText,
  IconInbox,
  IconLayoutDashboard,
  IconSettingsCog,
  IconShieldCheck,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { MenuIconKey } from './types';

/** Menu icons of the spec (section 2). */
export const MENU_ICONS = {
  dashboard: IconLayoutDashboard,
  attendance: IconCalendarTime,
  employees: IconUsers,
  leaves: IconBeach,
  notifications: IconBell,
  organisation: IconBuilding,
  policies: IconShieldCheck,
  profile: IconUserCircle,
  reports: IconChartBar,
  requests: IconInbox,
  salary: IconCoinRupee,
  setupPolicies: IconSettingsCog,
  teams: IconUsersGroup,
  documents: IconFileText,
} satisfies Record<MenuIconKey, unknown>;

export function MenuIcon({ name, size = 20 }: { name: MenuIconKey; size?: number }) {
  const Icon = MENU_ICONS[name];
  return <Icon size={size} stroke={1.6} aria-hidden="true" />;
}
