import type { RecordAbilities } from '@hr/contract';

/**
 * What the caller may do with a row of the divisions, assets and announcements lists, so screens
 * show only those actions. Hints from the caller's permissions and what the row shows; the routes
 * and services check again (an asset issued in the past, for one, is refused on delete).
 */
type Perms = readonly string[];

/** A division is deleted only when none of its units holds an employee. */
export function divisionAbilities(perms: Perms, d: { employee_count: number }): RecordAbilities {
  return {
    edit: perms.includes('division.edit'),
    delete: perms.includes('division.delete') && d.employee_count === 0,
  };
}

/** An asset someone holds now is not deleted. */
export function assetAbilities(perms: Perms, a: { holder_id: string | null }): RecordAbilities {
  return {
    edit: perms.includes('manage_assets.edit'),
    delete: perms.includes('manage_assets.delete') && a.holder_id === null,
  };
}

export function announcementAbilities(perms: Perms): RecordAbilities {
  return { edit: perms.includes('announcements.edit'), delete: perms.includes('announcements.delete') };
}
