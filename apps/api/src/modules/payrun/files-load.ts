import type { PayRunSettings } from '@hr/contract';
import type { PayDays } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FieldCrypto } from '../../lib/field-crypto';
import { payrollSecretsOf } from '../employees';
import { readStatutorySettings } from '../payroll';
import type { FileInput } from './files';
import { readRun } from './run-state';
import type { PayslipEmployee, StoredLine } from './stored';

/**
 * What the file writers need of a confirmed run, read in the caller's tenant transaction: the
 * company's details, the run, and every confirmed payslip with the full PAN and the bank account it
 * is paid to (decrypted here, only for the file being made).
 */
export async function loadFileInput(
  tx: Queryable,
  runId: string,
  settings: PayRunSettings,
  crypto: FieldCrypto,
): Promise<FileInput> {
  const run = await readRun(tx, runId);
  if (run.status !== 'confirmed') {
    throw new AppError('CONFLICT', 'Files are made from a confirmed pay run: confirm this run first');
  }
  const statutory = await readStatutorySettings(tx);
  const { rows: co } = await tx.query<{ name: string }>('SELECT hr_company_name() AS name');
  const { rows } = await tx.query<{
    id: string;
    employee_id: string;
    employee: PayslipEmployee;
    lines: StoredLine[];
    days: PayDays;
    gross_paise: number;
    deductions_paise: number;
    net_paise: number;
    employer_paise: number;
    bank: {
      bank_name: string | null;
      ifsc: string | null;
      account_enc: string | null;
      holder_name: string | null;
    } | null;
  }>(
    `SELECT id, employee_id, employee, lines, days, gross_paise::float8 AS gross_paise,
            deductions_paise::float8 AS deductions_paise, net_paise::float8 AS net_paise,
            employer_paise::float8 AS employer_paise, bank
       FROM payslips WHERE run_id = $1 AND confirmed AND status = 'computed' ORDER BY employee->>'code'`,
    [runId],
  );
  const secrets = await payrollSecretsOf(
    tx,
    rows.map((r) => r.employee_id),
  );
  const address = [
    settings.address_line1,
    settings.address_line2,
    [settings.city, settings.state, settings.postal_code].filter(Boolean).join(', '),
  ].filter((l): l is string => !!l);
  return {
    company: {
      name: co[0]?.name ?? '',
      legal_name: settings.legal_name,
      address,
      pan: settings.pan,
      tan: settings.tan,
      epf_establishment_code: statutory.epf.establishment_code,
      esi_code: statutory.esi.esi_code,
      debit_account_number: settings.debit_account_number,
      debit_ifsc: settings.debit_ifsc,
      debit_bank_name: settings.debit_bank_name,
    },
    run: { id: run.id, month: run.month, pay_date: run.pay_date },
    slips: rows.map((r) => {
      const pan = secrets.get(r.employee_id)?.pan_enc;
      return {
        payslip_id: r.id,
        employee_id: r.employee_id,
        employee: r.employee,
        pan: pan ? crypto.decrypt(pan) : null,
        bank: r.bank?.account_enc
          ? {
              account_number: crypto.decrypt(r.bank.account_enc),
              ifsc: r.bank.ifsc,
              bank_name: r.bank.bank_name,
              holder_name: r.bank.holder_name,
            }
          : null,
        lines: r.lines,
        gross_paise: r.gross_paise,
        deductions_paise: r.deductions_paise,
        net_paise: r.net_paise,
        employer_paise: r.employer_paise,
        basis_days: r.days.basis,
        payable_days: r.days.payable,
        lop_days: r.days.lop,
        outside_employment_days: r.days.outsideEmployment,
      };
    }),
  };
}
