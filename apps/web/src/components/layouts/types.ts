export type MenuIconKey =
  | 'dashboard'
  | 'attendance'
  | 'employees'
  | 'leaves'
  | 'notifications'
  | 'organisation'
  | 'policies'
  | 'profile'
  | 'reports'
  | 'requests'
  | 'salary'
  | 'setupPolicies'
  | 'teams'
  | 'documents';

export type MenuLink = {
  label: string;
  /** Absolute path. */
  to: string;
  /** Every entry is needed to see the item (same rule as the route guard). */
  permission?: readonly string[];
  /** Only for callers with company-wide data scope (same rule as the route guard). */
  companyWide?: boolean;
  icon?: MenuIconKey;
  /** Active only on this exact path (area dashboards). */
  end?: boolean;
};

export type MenuGroup = { label: string; icon: MenuIconKey; children: MenuLink[] };

export type MenuEntry = MenuLink | MenuGroup;

export type AreaKey = 'user' | 'team' | 'admin' | 'payroll';

export type AreaNav = {
  key: AreaKey;
  /** Name in the area switcher. */
  label: string;
  /** Where the switcher goes; the area's first page. */
  base: string;
  /** The area's index permission; the switcher shows only areas whose permission the user has. */
  permission: readonly string[];
  menu: MenuEntry[];
};

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}
