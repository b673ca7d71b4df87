import type { TdsChallanBody } from '@hr/contract';
import type { Queryable } from '../../db/client';
import type { Challan } from './form24q';

export type ChallanRow = Challan & { financial_year: string; quarter: number };

const COLUMNS = `id, financial_year, quarter, months, bsr_code, to_char(deposited_on, 'YYYY-MM-DD') AS deposited_on,
  serial_no, tds_paise::float8 AS tds_paise, surcharge_paise::float8 AS surcharge_paise,
  cess_paise::float8 AS cess_paise, interest_paise::float8 AS interest_paise, fee_paise::float8 AS fee_paise`;

/** The quarter's challans, by deposit date and serial number. Caller's tenant transaction. */
export async function challansOf(tx: Queryable, fy: string, quarter: number): Promise<ChallanRow[]> {
  const { rows } = await tx.query<ChallanRow>(
    `SELECT ${COLUMNS} FROM tds_challans WHERE financial_year = $1 AND quarter = $2
      ORDER BY deposited_on, serial_no, id`,
    [fy, quarter],
  );
  return rows;
}

export async function challanById(tx: Queryable, id: string): Promise<ChallanRow | null> {
  const { rows } = await tx.query<ChallanRow>(`SELECT ${COLUMNS} FROM tds_challans WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function challanByCin(
  tx: Queryable,
  b: Pick<TdsChallanBody, 'bsr_code' | 'deposited_on' | 'serial_no'>,
): Promise<ChallanRow | null> {
  const { rows } = await tx.query<ChallanRow>(
    `SELECT ${COLUMNS} FROM tds_challans WHERE bsr_code = $1 AND deposited_on = $2::date AND serial_no = $3`,
    [b.bsr_code, b.deposited_on, b.serial_no],
  );
  return rows[0] ?? null;
}

const values = (b: TdsChallanBody) => [
  b.financial_year,
  b.quarter,
  [...b.months].sort(),
  b.bsr_code,
  b.deposited_on,
  b.serial_no,
  b.tds_paise,
  b.surcharge_paise,
  b.cess_paise,
  b.interest_paise,
  b.fee_paise,
];

/**
 * Inserts the challan unless one with the same CIN (BSR code, date, serial number) exists: then
 * nothing is written and null comes back (the same challan posted twice is one row).
 */
export async function insertChallan(
  tx: Queryable,
  companyId: string,
  userId: string,
  b: TdsChallanBody,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO tds_challans (company_id, created_by, financial_year, quarter, months, bsr_code, deposited_on,
       serial_no, tds_paise, surcharge_paise, cess_paise, interest_paise, fee_paise)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (company_id, bsr_code, deposited_on, serial_no) DO NOTHING RETURNING id`,
    [companyId, userId, ...values(b)],
  );
  return rows[0]?.id ?? null;
}

export async function updateChallan(tx: Queryable, id: string, b: TdsChallanBody): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE tds_challans SET financial_year = $2, quarter = $3, months = $4, bsr_code = $5, deposited_on = $6,
       serial_no = $7, tds_paise = $8, surcharge_paise = $9, cess_paise = $10, interest_paise = $11,
       fee_paise = $12, updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, ...values(b)],
  );
  return rows.length > 0;
}

export async function deleteChallan(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM tds_challans WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
