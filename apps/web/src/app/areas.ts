import { hasAllPermissions } from '@hr/contract';
import type { AreaNav } from '../components/layouts/types';
import { ADMIN_AREA } from './routes/admin';
import { PAYROLL_AREA } from './routes/payroll';
import { TEAM_AREA } from './routes/team';
import { USER_AREA } from './routes/user';

/** The areas in switcher order; `/` goes to the first one the user may enter. */
export const AREAS: AreaNav[] = [USER_AREA, TEAM_AREA, ADMIN_AREA, PAYROLL_AREA];

export function enterableAreas(permissions: readonly string[], areas: readonly AreaNav[] = AREAS): AreaNav[] {
  return areas.filter((area) => hasAllPermissions(permissions, area.permission));
}

export function homePathFor(permissions: readonly string[]): string {
  return enterableAreas(permissions)[0]?.base ?? '/forbidden';
}
