import { hasAllPermissions } from '@hr/contract';
import type { AreaNav } from '../components/layouts/types';
import { ADMIN_AREA } from './routes/admin';
import { PAYROLL_AREA } from './routes/payroll';
import { TEAM_AREA } from './routes/team';
import { USER_AREA } from './routes/user';

/** The areas in switcher order. */
export const AREAS: AreaNav[] = [USER_AREA, TEAM_AREA, ADMIN_AREA, PAYROLL_AREA];

/**
 * Where `/` (and so a sign-in) lands: the widest area the user may enter, so an administrator
 * starts on the admin dashboard and a manager on the team dashboard, not on their own employee
 * page; the area switch takes them to the others.
 */
const LANDING_ORDER: AreaNav[] = [ADMIN_AREA, TEAM_AREA, USER_AREA, PAYROLL_AREA];

export function enterableAreas(permissions: readonly string[], areas: readonly AreaNav[] = AREAS): AreaNav[] {
  return areas.filter((area) => hasAllPermissions(permissions, area.permission));
}

export function homePathFor(permissions: readonly string[]): string {
  return enterableAreas(permissions, LANDING_ORDER)[0]?.base ?? '/forbidden';
}
