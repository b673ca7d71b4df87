import type { EmployeeListQuery } from '@hr/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import * as repo from './employees.repo';

const scopeOf = (actor: Actor): repo.ScopeFilter => ({ scope: actor.scope, employeeId: actor.employeeId });

export function createEmployeesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    list: (actor: Actor, q: EmployeeListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listEmployees(tx, q, scopeOf(actor)), {
        session: actor.deferredSession,
      }),

    /** Out of scope and another company's record look the same as a missing one: 404. */
    async get(actor: Actor, id: string) {
      const row = await db.tenant(actor.companyId, (tx) => repo.getEmployee(tx, id, scopeOf(actor)), {
        session: actor.deferredSession,
      });
      if (!row) throw notFound('Employee');
      return row;
    },
  };
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;
