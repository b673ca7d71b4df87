/**
 * Permission names. The `.view` names are exactly those of the spec's route tables (section 2);
 * `.edit`, `.add` and `.delete` guard the actions behind each screen.
 */

/** Areas of the employee self-service section. */
export const USER_AREAS = [
  'employee_dashboard',
  'employee_attendance',
  'employee_leaves',
  'employee_notifications',
  'employee_expense',
  'employee_profile',
] as const;

/** Areas of the team (manager) section. */
export const TEAM_AREAS = [
  'manager_dashboard',
  'reimbursements_requests',
  'regularisation_requests',
  'leave_requests',
  'profile_update_requests',
] as const;

/**
 * Areas of the admin section. `profile_change_requests` guards admin/requests/profile-change: the
 * spec notes its key was declared under a misspelt property there and so not enforced; we enforce it.
 */
export const ADMIN_AREAS = [
  'admin_dashboard',
  'profile_change_requests',
  'employee_list',
  'policies_summary',
  'admin_reports',
  'division',
  'reporting_structure',
  'approval_flow',
  'manage_assets',
  'assign_assets',
  'role_permissions',
  'announcements',
  'attendance_policies',
  'leave_policies',
  'weekly_off_policies',
  'holiday_calendar',
  'master_policies',
] as const;

/** Areas whose records are created and removed, not only viewed and edited. */
const CRUD_AREAS = new Set<string>([
  'employee_list',
  'division',
  'reporting_structure',
  'approval_flow',
  'manage_assets',
  'assign_assets',
  'role_permissions',
  'announcements',
  'attendance_policies',
  'leave_policies',
  'weekly_off_policies',
  'holiday_calendar',
  'master_policies',
]);

export type Area = (typeof USER_AREAS)[number] | (typeof TEAM_AREAS)[number] | (typeof ADMIN_AREAS)[number];
export type Action = 'view' | 'edit' | 'add' | 'delete';

function permissionsOf(areas: readonly string[]): string[] {
  return areas.flatMap((area) =>
    CRUD_AREAS.has(area)
      ? [`${area}.view`, `${area}.edit`, `${area}.add`, `${area}.delete`]
      : [`${area}.view`, `${area}.edit`],
  );
}

/** Every permission the product knows, grouped by section for the permission matrix. */
export const PERMISSION_GROUPS = {
  user: permissionsOf(USER_AREAS),
  team: permissionsOf(TEAM_AREAS),
  admin: permissionsOf(ADMIN_AREAS),
} as const;

export const ALL_PERMISSIONS: readonly string[] = [
  ...PERMISSION_GROUPS.user,
  ...PERMISSION_GROUPS.team,
  ...PERMISSION_GROUPS.admin,
];

export function isKnownPermission(name: string): boolean {
  return ALL_PERMISSIONS.includes(name);
}

/** Built-in roles and their default permission sets. */
export const BUILT_IN_ROLES = {
  Employee: [...PERMISSION_GROUPS.user],
  Manager: [...PERMISSION_GROUPS.user, ...PERMISSION_GROUPS.team],
  Admin: [...ALL_PERMISSIONS],
} as const satisfies Record<string, readonly string[]>;

export type BuiltInRoleName = keyof typeof BUILT_IN_ROLES;

/**
 * The spec's check (section 5): passes when no required list is given, or when every required
 * entry is in the user's list. Used by the web route guard and by the API's route declarations.
 */
export function hasAllPermissions(userPermissions: readonly string[], required?: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.every((p) => userPermissions.includes(p));
}

/**
 * Data scope follows from permissions: company-wide employee access (`employee_list.view`) means
 * the whole company; the team dashboard (`manager_dashboard.view`) means self plus the people who
 * report to the user; anyone else reaches only their own records.
 */
export type DataScope = 'company' | 'team' | 'self';
export function dataScopeOf(permissions: readonly string[]): DataScope {
  if (permissions.includes('employee_list.view')) return 'company';
  if (permissions.includes('manager_dashboard.view')) return 'team';
  return 'self';
}
