import type { ReportingManagersBody, ReportingRoleBody } from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import { isForeignKeyViolation, isUniqueViolation, orgAction, validation } from './org.shared';
import * as repo from './reporting.repo';

const roleConflict = (err: unknown): never => {
  if (isUniqueViolation(err)) {
    const detail =
      String((err as { constraint?: string; detail?: string }).constraint ?? '') +
      String((err as { detail?: string }).detail ?? '');
    throw new AppError(
      'CONFLICT',
      detail.includes('priority')
        ? 'Another reporting role already has this priority'
        : 'A reporting role with this name already exists',
    );
  }
  throw err;
};

export function createReportingService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;

  return {
    listRoles: (actor: Actor) => db.tenant(actor.companyId, (tx) => repo.listRoles(tx)),
    roleOptions: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) =>
        (await repo.listRoles(tx)).map((r) => ({ id: r.id, name: r.name })),
      ),

    createRole: (actor: Actor, body: ReportingRoleBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          await repo.lockStructure(tx, actor.companyId);
          const id = await repo.insertRole(tx, actor.companyId, body.name, body.priority);
          await audit.record(tx, {
            actor,
            action: orgAction('org.reporting_role_changed'),
            entity: 'reporting_role',
            entity_id: id,
            changes: { before: null, after: body },
          });
          return (await repo.getRole(tx, id))!;
        })
        .catch(roleConflict),

    /** A changed priority can change who is first in line, so primary managers are re-derived. */
    updateRole: (actor: Actor, id: string, body: ReportingRoleBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          await repo.lockStructure(tx, actor.companyId);
          const before = await repo.getRole(tx, id, true);
          if (!before) throw notFound('Reporting role');
          await repo.updateRole(tx, id, body.name, body.priority);
          if (before.priority !== body.priority) {
            await repo.syncPrimaryManagers(tx, await repo.employeesWithAnyManager(tx));
          }
          await audit.record(tx, {
            actor,
            action: orgAction('org.reporting_role_changed'),
            entity: 'reporting_role',
            entity_id: id,
            changes: { before: { name: before.name, priority: before.priority }, after: body },
          });
          return (await repo.getRole(tx, id))!;
        })
        .catch(roleConflict),

    removeRole: (actor: Actor, id: string) =>
      db
        .tenant(actor.companyId, async (tx) => {
          await repo.lockStructure(tx, actor.companyId);
          const before = await repo.getRole(tx, id, true);
          if (!before) throw notFound('Reporting role');
          const affected = await repo.employeesWithRole(tx, id);
          await repo.deleteRole(tx, id);
          await repo.syncPrimaryManagers(tx, affected);
          await audit.record(tx, {
            actor,
            action: orgAction('org.reporting_role_changed'),
            entity: 'reporting_role',
            entity_id: id,
            changes: { before: { name: before.name, priority: before.priority }, after: null },
          });
        })
        .catch((err) => {
          if (isForeignKeyViolation(err)) {
            throw new AppError(
              'CONFLICT',
              'This reporting role is used by an approval flow; change the flow first',
            );
          }
          throw err;
        }),

    async getManagers(actor: Actor, employeeId: string) {
      return db.tenant(actor.companyId, async (tx) => {
        const e = await repo.employeeName(tx, employeeId);
        if (!e) throw notFound('Employee');
        return {
          employee_id: e.id,
          employee_name: e.employee_name,
          primary_manager_id: e.manager_id,
          managers: await repo.managersOf(tx, employeeId),
        };
      });
    },

    /**
     * Replaces the employee's managers (one per reporting role), then in the same transaction
     * rejects any cycle and re-derives employees.manager_id from the lowest-priority role.
     */
    async setManagers(actor: Actor, employeeId: string, body: ReportingManagersBody) {
      return db.tenant(actor.companyId, async (tx) => {
        await repo.lockStructure(tx, actor.companyId);
        const e = await repo.employeeName(tx, employeeId, true);
        if (!e) throw notFound('Employee');
        const list = body.managers;
        list.forEach((m, i) => {
          if (m.manager_id === employeeId) {
            throw validation(`managers.${i}.manager_id`, 'An employee cannot be their own manager');
          }
        });
        const roles = await repo.rolesByIds(
          tx,
          list.map((m) => m.reporting_role_id),
        );
        const badRole = list.findIndex((m) => !roles.has(m.reporting_role_id));
        if (badRole >= 0) throw validation(`managers.${badRole}.reporting_role_id`, 'Unknown reporting role');
        const people = await repo.existingEmployees(
          tx,
          list.map((m) => m.manager_id),
        );
        const badManager = list.findIndex((m) => !people.has(m.manager_id));
        if (badManager >= 0) throw notFound('Manager');

        const before = await repo.managersOf(tx, employeeId);
        await repo.replaceManagers(tx, actor.companyId, employeeId, list);
        const cycle = await repo.cycleRole(tx, employeeId);
        if (cycle) {
          const i = list.findIndex((m) => m.reporting_role_id === cycle);
          throw validation(
            `managers.${Math.max(i, 0)}.manager_id`,
            'This manager reports (directly or indirectly) to the employee: that would make a cycle',
          );
        }
        await repo.syncPrimaryManagers(tx, [employeeId]);
        if (await repo.primaryChainCycles(tx, employeeId)) {
          throw validation('managers', 'The primary manager chain would come back to this employee');
        }
        const after = await repo.managersOf(tx, employeeId);
        await audit.record(tx, {
          actor,
          action: orgAction('org.reporting_managers_changed'),
          entity: 'employee',
          entity_id: employeeId,
          changes: {
            before: before.map((m) => ({ role: m.reporting_role_name, manager_id: m.manager_id })),
            after: after.map((m) => ({ role: m.reporting_role_name, manager_id: m.manager_id })),
          },
        });
        const now = await repo.employeeName(tx, employeeId);
        return {
          employee_id: employeeId,
          employee_name: e.employee_name,
          primary_manager_id: now?.manager_id ?? null,
          managers: after,
        };
      });
    },
  };
}
export type ReportingService = ReturnType<typeof createReportingService>;
