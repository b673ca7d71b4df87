import type { DivisionBody, DivisionListQuery, UnitEmployeesBody } from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import * as repo from './division.repo';
import { isUniqueViolation, orgAction } from './org.shared';

const duplicate = (what: string) => (err: unknown) => {
  if (isUniqueViolation(err)) throw new AppError('CONFLICT', `A ${what} with this name already exists`);
  throw err;
};

export function createDivisionService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  return {
    list: (actor: Actor, q: DivisionListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listDivisions(tx, q)),
    dropdown: (actor: Actor) => db.tenant(actor.companyId, (tx) => repo.divisionDropdown(tx)),

    create: (actor: Actor, body: DivisionBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const id = await repo.insertDivision(tx, actor.companyId, body.name, body.description ?? '');
          return (await repo.getDivision(tx, id))!;
        })
        .catch(duplicate('division')),

    update: (actor: Actor, id: string, body: DivisionBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const before = await repo.getDivision(tx, id, true);
          if (!before) throw notFound('Division');
          await repo.updateDivision(tx, id, body.name, body.description ?? before.description);
          return (await repo.getDivision(tx, id))!;
        })
        .catch(duplicate('division')),

    /** Only when none of its units holds an employee; its empty units go with it. */
    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const d = await repo.getDivision(tx, id, true);
        if (!d) throw notFound('Division');
        if (d.employee_count > 0) {
          throw new AppError(
            'CONFLICT',
            `Division "${d.name}" still has ${d.employee_count} employee(s) in its units; move them to another unit first`,
          );
        }
        await repo.deleteDivision(tx, id);
        await audit.record(tx, {
          actor,
          action: orgAction('org.division_deleted'),
          entity: 'division',
          entity_id: id,
          changes: { before: { name: d.name, units: d.units.map((u) => u.name) } },
        });
      }),

    createUnit: (actor: Actor, divisionId: string, name: string) =>
      db
        .tenant(actor.companyId, async (tx) => {
          if (!(await repo.getDivision(tx, divisionId))) throw notFound('Division');
          const id = await repo.insertUnit(tx, actor.companyId, divisionId, name);
          return (await repo.getUnit(tx, divisionId, id))!;
        })
        .catch(duplicate('unit in this division')),

    renameUnit: (actor: Actor, divisionId: string, unitId: string, name: string) =>
      db
        .tenant(actor.companyId, async (tx) => {
          if (!(await repo.getUnit(tx, divisionId, unitId, true))) throw notFound('Unit');
          await repo.renameUnit(tx, unitId, name);
          return (await repo.getUnit(tx, divisionId, unitId))!;
        })
        .catch(duplicate('unit in this division')),

    removeUnit: (actor: Actor, divisionId: string, unitId: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const u = await repo.getUnit(tx, divisionId, unitId, true);
        if (!u) throw notFound('Unit');
        if (u.employee_count > 0) {
          throw new AppError(
            'CONFLICT',
            `Unit "${u.name}" still has ${u.employee_count} employee(s); move them to another unit first`,
          );
        }
        await repo.deleteUnit(tx, unitId);
      }),

    /** Moves the employees into the unit in one transaction; all or nothing; audited. */
    moveEmployees: (actor: Actor, divisionId: string, unitId: string, body: UnitEmployeesBody) =>
      db.tenant(actor.companyId, async (tx) => {
        const unit = await repo.getUnit(tx, divisionId, unitId);
        if (!unit) throw notFound('Unit');
        const ids = [...new Set(body.employee_ids)];
        const found = await repo.employeesForMove(tx, ids);
        if (found.length !== ids.length) throw notFound('Employee');
        const moving = found.filter((e) => e.division_unit_id !== unitId);
        await repo.setUnitOf(
          tx,
          moving.map((e) => e.id),
          unitId,
        );
        if (moving.length > 0) {
          await audit.record(tx, {
            actor,
            action: orgAction('org.unit_employees_moved'),
            entity: 'division_unit',
            entity_id: unitId,
            changes: {
              division_id: divisionId,
              unit: unit.name,
              moved: moving.map((e) => ({
                employee_id: e.id,
                from_unit_id: e.division_unit_id,
                to_unit_id: unitId,
              })),
            },
          });
        }
        return { unit_id: unitId, moved: moving.length, employee_ids: moving.map((e) => e.id) };
      }),

    removeEmployee: (actor: Actor, divisionId: string, unitId: string, employeeId: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.getUnit(tx, divisionId, unitId))) throw notFound('Unit');
        const [e] = await repo.employeesForMove(tx, [employeeId]);
        if (!e || e.division_unit_id !== unitId) throw notFound('Employee in this unit');
        await repo.setUnitOf(tx, [employeeId], null);
        await audit.record(tx, {
          actor,
          action: orgAction('org.unit_employee_removed'),
          entity: 'division_unit',
          entity_id: unitId,
          changes: {
            division_id: divisionId,
            employee_id: employeeId,
            before: { unit_id: unitId },
            after: { unit_id: null },
          },
        });
      }),
  };
}
export type DivisionService = ReturnType<typeof createDivisionService>;
