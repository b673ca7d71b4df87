import type { Queryable } from '../../db/client';

/**
 * What the payroll module reads of an employee record (through this module's index.ts, not the
 * table). Both run inside the caller's tenant transaction, so RLS hides other companies' people.
 */
export interface EmployeePayrollFacts {
  pt_state: string | null;
  gender: string | null;
  date_of_birth: string | null;
  date_of_joining: string;
  has_disability: boolean;
  lwf_applicable: boolean;
  tax_regime: 'new' | 'old';
  epf_applicable: boolean;
}

/** The facts the payroll engine needs, or null when the employee is not in the caller's company. */
export async function employeePayrollFacts(tx: Queryable, id: string): Promise<EmployeePayrollFacts | null> {
  const { rows } = await tx.query<EmployeePayrollFacts>(
    `SELECT pt_state, gender, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            to_char(date_of_joining, 'YYYY-MM-DD') AS date_of_joining, has_disability, lwf_applicable,
            tax_regime, epf_applicable
       FROM employees WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * The employee's name, or null when not in the caller's company. `lock` takes a row lock so two
 * writes about one person (e.g. two salary revisions) wait for each other.
 */
export async function employeeNameOf(tx: Queryable, id: string, lock = false): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0]?.name ?? null;
}
