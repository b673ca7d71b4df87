import { isKnownPermission, PERMISSION_GROUPS, type RoleCreateBody, type RoleUpdateBody } from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditAction, AuditService } from '../audit';
import * as repo from './access.repo';

/** The permission that manages roles: nobody may take it away from themselves (no lock-out). */
const MANAGE_ROLES = 'role_permissions.edit';

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

function checkPermissions(permissions: string[]): string[] {
  const unknown = permissions.filter((p) => !isKnownPermission(p));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION', `Validation failed: unknown permissions ${unknown.join(', ')}`, {
      errors: unknown.map((p) => ({ path: 'permissions', message: `Unknown permission ${p}` })),
    });
  }
  return [...new Set(permissions)].sort();
}

export function createAccessService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  return {
    listRoles: (actor: Actor) => db.tenant(actor.companyId, (tx) => repo.listRoles(tx)),
    roleOptions: (actor: Actor) => db.tenant(actor.companyId, (tx) => repo.roleOptions(tx)),
    catalogue: () => ({
      user: [...PERMISSION_GROUPS.user],
      team: [...PERMISSION_GROUPS.team],
      admin: [...PERMISSION_GROUPS.admin],
    }),

    async createRole(actor: Actor, body: RoleCreateBody) {
      const role = {
        name: body.name,
        description: body.description,
        permissions: checkPermissions(body.permissions),
      };
      try {
        return await db.tenant(actor.companyId, async (tx) => {
          const id = await repo.insertRole(tx, actor.companyId, role);
          await audit.record(tx, {
            actor,
            action: 'access.role_created' as AuditAction,
            entity: 'role',
            entity_id: id,
            changes: { before: null, after: role },
          });
          return (await repo.getRole(tx, id))!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'A role with this name already exists');
        throw err;
      }
    },

    /** Built-in roles and roles still held by someone stay. */
    async deleteRole(actor: Actor, roleId: string) {
      try {
        await db.tenant(actor.companyId, async (tx) => {
          const before = await repo.getRole(tx, roleId, true);
          if (!before) throw notFound('Role');
          if (before.is_system)
            throw new AppError('CONFLICT', `"${before.name}" is a built-in role and cannot be deleted`);
          if (before.user_count > 0) {
            throw new AppError(
              'CONFLICT',
              `"${before.name}" is still held by ${before.user_count} user(s); give them another role first`,
            );
          }
          await repo.deleteRole(tx, roleId);
          await audit.record(tx, {
            actor,
            action: 'access.role_deleted' as AuditAction,
            entity: 'role',
            entity_id: roleId,
            changes: {
              before: { name: before.name, description: before.description, permissions: before.permissions },
              after: null,
            },
          });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError('CONFLICT', 'This role is still held by a user');
        throw err;
      }
    },

    async updateRole(actor: Actor, roleId: string, body: RoleUpdateBody) {
      const permissions = checkPermissions(body.permissions);
      try {
        return await db.tenant(actor.companyId, async (tx) => {
          const before = await repo.getRole(tx, roleId, true);
          if (!before) throw notFound('Role');
          const ownRole = await repo.userRoleOf(tx, actor.userId);
          if (ownRole === roleId && !permissions.includes(MANAGE_ROLES)) {
            throw new AppError('CONFLICT', 'You cannot remove your own permission to manage roles');
          }
          const next = {
            name: body.name ?? before.name,
            description: body.description ?? before.description,
            permissions,
          };
          await repo.updateRole(tx, roleId, next);
          await audit.record(tx, {
            actor,
            action: 'access.role_changed',
            entity: 'role',
            entity_id: roleId,
            changes: {
              before: { name: before.name, description: before.description, permissions: before.permissions },
              after: next,
            },
          });
          return (await repo.getRole(tx, roleId))!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'A role with this name already exists');
        throw err;
      }
    },

    /** Takes effect at the user's next token refresh (their permissions live in the access token). */
    async setUserRole(actor: Actor, employeeId: string, roleId: string) {
      return db.tenant(actor.companyId, async (tx) => {
        const role = await repo.getRole(tx, roleId);
        if (!role) throw notFound('Role');
        const user = await repo.userOfEmployee(tx, employeeId);
        if (!user) throw notFound('Sign-in for this employee');
        if (user.id === actor.userId && !role.permissions.includes(MANAGE_ROLES)) {
          throw new AppError('CONFLICT', 'You cannot remove your own permission to manage roles');
        }
        if (user.role_id !== roleId) {
          const before = await repo.getRole(tx, user.role_id);
          await repo.setUserRole(tx, user.id, roleId);
          await audit.record(tx, {
            actor,
            action: 'access.user_role_changed',
            entity: 'user',
            entity_id: user.id,
            changes: {
              employee_id: employeeId,
              before: { role_id: user.role_id, role: before?.name ?? null },
              after: { role_id: roleId, role: role.name },
            },
          });
        }
        return { id: role.id, name: role.name };
      });
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
