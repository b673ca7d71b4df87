/** What other modules may use of the organisation module (they import this file, never its others). */
import type { Queryable } from '../../db/client';

export { current as currentAnnouncements } from './announcement.repo';
export { employeeHasAssetHistory } from './asset.repo';
export { companyToday } from './org.shared';

/** An asset still held by the employee, with its recorded cost (null when none was recorded). */
export type HeldAsset = {
  asset_id: string;
  code: string;
  name: string;
  issued_on: string;
  cost_paise: number | null;
};

/** Assets assigned to the employee and not returned (full and final settlement). Caller's tenant transaction. */
export async function assetsHeldBy(tx: Queryable, employeeId: string): Promise<HeldAsset[]> {
  const { rows } = await tx.query<HeldAsset>(
    `SELECT a.id AS asset_id, a.code, a.name, to_char(x.issued_on, 'YYYY-MM-DD') AS issued_on,
            a.cost_paise::float8 AS cost_paise
       FROM asset_assignments x JOIN assets a ON a.id = x.asset_id
      WHERE x.employee_id = $1 AND x.returned_on IS NULL ORDER BY x.issued_on, a.code`,
    [employeeId],
  );
  return rows.map((r) => ({ ...r, cost_paise: r.cost_paise === null ? null : Number(r.cost_paise) }));
}
