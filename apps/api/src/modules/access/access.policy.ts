import type { RecordAbilities } from '@hr/contract';

/**
 * Who may hand out which permissions. Pure functions of permission lists, so the employee module
 * (a role on create or edit), this module (roles, a user's role) and the abilities sent to the
 * screens all apply one rule: nobody grants what they do not hold themselves.
 */

/** Managing roles: editing them and giving them to people. */
export const MANAGE_ROLES = 'role_permissions.edit';

/** Does `actor` hold every one of `perms`? */
export function holdsAll(actor: readonly string[], perms: readonly string[]): boolean {
  const held = new Set(actor);
  return perms.every((p) => held.has(p));
}

/** May someone holding `actor` give a person this role? Needs role management and every permission in it. */
export function canGrantRole(actor: readonly string[], rolePermissions: readonly string[]): boolean {
  return actor.includes(MANAGE_ROLES) && holdsAll(actor, rolePermissions);
}

/**
 * What the role list's caller may do with a role: edit it when they manage roles and hold all it
 * grants (so nobody edits a role above their own), delete a custom role nobody holds.
 */
export function roleAbilities(
  actor: readonly string[],
  role: { is_system: boolean; permissions: readonly string[]; user_count: number },
): RecordAbilities {
  const within = holdsAll(actor, role.permissions);
  return {
    edit: actor.includes(MANAGE_ROLES) && within,
    delete: actor.includes('role_permissions.delete') && within && !role.is_system && role.user_count === 0,
  };
}
