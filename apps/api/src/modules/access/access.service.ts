import { isKnownPermission, PERMISSION_GROUPS, type RoleCreateBody, type RoleUpdateBody } from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditAction, AuditService } from '../audit';
import { canGrantRole, holdsAll, MANAGE_ROLES, roleAbilities } from './access.policy';
import * as repo from './access.repo';

/** 403 naming the field whose value would hand out permissions the caller does not hold. */
const beyondOwn = (path: string, message: string) =>
  new AppError('FORBIDDEN', message, { errors: [{ path, message }] });

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

/** Nobody writes into a role a permission they do not hold themselves. */
function checkWithinOwn(actor: Actor, permissions: string[]) {
  const missing = permissions.filter((p) => !actor.permissions.includes(p));
  if (missing.length > 0) {
    throw beyondOwn('permissions', `You cannot grant permissions you do not hold: ${missing.join(', ')}`);
  }
}

export function createAccessService(deps: {
  db: Db;
  audit: AuditService;
  /**
   * After the commit of a role change: this process drops what it trusted of the sessions
   * concerned at once, so the change applies to their next request (other processes learn through
   * migration 0112's notification).
   */
  accessChanged?: (change: { userId: string } | { companyId: string }) => void;
}) {
  const { db, audit } = deps;
  return {
    listRoles: async (actor: Actor) =>
      (await db.tenant(actor.companyId, (tx) => repo.listRoles(tx))).map((role) => ({
        ...role,
        abilities: roleAbilities(actor.permissions, role),
      })),
    /** Only the roles the caller may give someone: built-in and custom alike. */
    roleOptions: async (actor: Actor) =>
      (await db.tenant(actor.companyId, (tx) => repo.listRoles(tx)))
        .filter((role) => canGrantRole(actor.permissions, role.permissions))
        .map((role) => ({ id: role.id, name: role.name })),
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
      checkWithinOwn(actor, role.permissions);
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
        const updated = await db.tenant(actor.companyId, async (tx) => {
          const before = await repo.getRole(tx, roleId, true);
          if (!before) throw notFound('Role');
          // A role above one's own is not theirs to change (nor to strip); what it adds they must hold.
          if (!holdsAll(actor.permissions, before.permissions)) {
            throw beyondOwn(
              'permissions',
              `"${before.name}" grants permissions you do not hold: you cannot change it`,
            );
          }
          checkWithinOwn(actor, permissions);
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
        deps.accessChanged?.({ companyId: actor.companyId });
        return updated;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'A role with this name already exists');
        throw err;
      }
    },

    /** Takes effect on the user's next request (the session check reads the role: migration 0112). */
    async setUserRole(actor: Actor, employeeId: string, roleId: string) {
      let changedUser: string | null = null;
      const result = await db.tenant(actor.companyId, async (tx) => {
        const role = await repo.getRole(tx, roleId);
        if (!role) throw notFound('Role');
        const user = await repo.userOfEmployee(tx, employeeId);
        if (!user) throw notFound('Sign-in for this employee');
        if (!canGrantRole(actor.permissions, role.permissions)) {
          throw beyondOwn('role_id', `"${role.name}" grants permissions you do not hold: you cannot give it`);
        }
        const current = await repo.getRole(tx, user.role_id);
        if (current && !holdsAll(actor.permissions, current.permissions)) {
          throw beyondOwn(
            'role_id',
            'This person holds permissions you do not: you cannot change their role',
          );
        }
        if (user.id === actor.userId && !role.permissions.includes(MANAGE_ROLES)) {
          throw new AppError('CONFLICT', 'You cannot remove your own permission to manage roles');
        }
        if (user.role_id !== roleId) {
          const before = await repo.getRole(tx, user.role_id);
          await repo.setUserRole(tx, user.id, roleId);
          changedUser = user.id;
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
      if (changedUser) deps.accessChanged?.({ userId: changedUser });
      return result;
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
