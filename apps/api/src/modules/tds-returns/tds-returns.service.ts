import type { TdsChallan, TdsChallanBody, TdsQuarterQuery, TdsReturn } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { FieldCrypto } from '../../lib/field-crypto';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../../plugins/auth';
import type { AuditService } from '../audit';
import { companyToday } from '../org';
import { confirmedRunMonths, confirmedTdsSlips, confirmedTdsYear, readPayrunSettings } from '../payrun';
import {
  allocate,
  buildRecords,
  type Quarter,
  quarterMonths,
  type ReturnInput,
  validateReturn,
  writeFile,
} from './form24q';
import * as repo from './tds-returns.repo';
import { yearSalaryOf } from './year-salary';

const DUPLICATE = 'A challan with this BSR code, date and serial number is already entered';

/** Form 24Q (issue 23): challans, the return's check and its file, for payroll administrators. */
export function createTdsReturnsService(deps: {
  db: Db;
  clock: Clock;
  crypto: FieldCrypto;
  audit: AuditService;
}) {
  const { db, clock, crypto, audit } = deps;

  /** Everything the return is made of, read in one tenant transaction. */
  async function inputOf(tx: Queryable, fy: string, quarter: Quarter) {
    const months = quarterMonths(fy, quarter);
    const [settings, { rows: co }, challans, slips, confirmed, { today }] = await Promise.all([
      readPayrunSettings(tx),
      tx.query<{ name: string }>('SELECT hr_company_name() AS name'),
      repo.challansOf(tx, fy, quarter),
      confirmedTdsSlips(tx, crypto, months[0]!, months[2]!),
      confirmedRunMonths(tx, months[0]!, months[2]!),
      companyToday(tx, clock.now()),
    ]);
    const start = Number(fy.slice(0, 4));
    const year =
      quarter === 4
        ? (await confirmedTdsYear(tx, crypto, `${start}-04`, `${start + 1}-03`)).map((s) =>
            yearSalaryOf(s, fy),
          )
        : null;
    const input: ReturnInput = {
      financial_year: fy,
      quarter,
      deductor: {
        tan: settings.tan,
        pan: settings.pan,
        name: settings.legal_name ?? co[0]?.name ?? '',
        address: [settings.address_line1, settings.address_line2].filter((l): l is string => !!l),
        city: settings.city,
        state: settings.state,
        postal_code: settings.postal_code,
      },
      slips,
      challans,
      year,
      today,
    };
    return { input, confirmed, challans };
  }

  function view(input: ReturnInput, confirmed: string[], rows: repo.ChallanRow[]): TdsReturn {
    const allocated = allocate(input.slips, input.challans);
    const errors = validateReturn(input);
    const challanOf = (c: repo.ChallanRow): TdsChallan => ({
      ...c,
      total_paise: c.tds_paise + c.surcharge_paise + c.cess_paise + c.interest_paise + c.fee_paise,
      covers_paise: allocated.filter((r) => r.challan_id === c.id).reduce((a, r) => a + r.tds_paise, 0),
    });
    const months = quarterMonths(input.financial_year, input.quarter).map((m) => {
      const mine = input.slips.filter((s) => s.month === m);
      return {
        month: m,
        confirmed: confirmed.includes(m),
        employees: new Set(mine.filter((s) => s.tds_paise > 0).map((s) => s.employee_id)).size,
        tds_paise: mine.reduce((a, s) => a + s.tds_paise, 0),
        challan_paise: allocated
          .filter((r) => r.month === m && r.challan_id)
          .reduce((a, r) => a + r.tds_paise, 0),
      };
    });
    return {
      financial_year: input.financial_year,
      quarter: input.quarter,
      tan: input.deductor.tan,
      months,
      challans: rows.map(challanOf),
      deductee_rows: allocated.length,
      tds_paise: allocated.reduce((a, r) => a + r.tds_paise, 0),
      salary_records: input.year ? input.year.length : null,
      errors,
      ready: errors.length === 0 && allocated.length > 0,
    };
  }

  async function summary(actor: Actor, q: TdsQuarterQuery): Promise<TdsReturn> {
    return db.tenant(actor.companyId, async (tx) => {
      const { input, confirmed, challans } = await inputOf(tx, q.financial_year, q.quarter as Quarter);
      return view(input, confirmed, challans);
    });
  }

  async function challanView(tx: Queryable, id: string): Promise<TdsChallan> {
    const row = await repo.challanById(tx, id);
    if (!row) throw notFound('Challan');
    const { input, confirmed, challans } = await inputOf(tx, row.financial_year, row.quarter as Quarter);
    const found = view(input, confirmed, challans).challans.find((c) => c.id === id);
    if (!found) throw notFound('Challan');
    return found;
  }

  async function assertNotFuture(tx: Queryable, b: TdsChallanBody) {
    const { today } = await companyToday(tx, clock.now());
    if (b.deposited_on > today) {
      throw new AppError('VALIDATION', 'The deposit date is after today', {
        errors: [
          {
            path: 'deposited_on',
            message: 'A challan is entered once it is paid: the date cannot be after today',
          },
        ],
      });
    }
  }

  const same = (a: repo.ChallanRow, b: TdsChallanBody) =>
    a.financial_year === b.financial_year &&
    a.quarter === b.quarter &&
    [...a.months].sort().join() === [...b.months].sort().join() &&
    a.tds_paise === b.tds_paise &&
    a.surcharge_paise === b.surcharge_paise &&
    a.cess_paise === b.cess_paise &&
    a.interest_paise === b.interest_paise &&
    a.fee_paise === b.fee_paise;

  const duplicate = () =>
    new AppError('CONFLICT', DUPLICATE, { errors: [{ path: 'serial_no', message: DUPLICATE }] });

  /**
   * Enters a challan. The same challan sent again (a retry, two clicks at once) is the one row
   * already there; a different challan with the same CIN is refused in words.
   */
  async function create(actor: Actor, b: TdsChallanBody): Promise<{ challan: TdsChallan; created: boolean }> {
    return db.tenant(actor.companyId, async (tx) => {
      await assertNotFuture(tx, b);
      const id = await repo.insertChallan(tx, actor.companyId, actor.userId, b);
      if (id) {
        await audit.record(tx, {
          actor,
          action: 'tds_challan.created',
          entity: 'tds_challans',
          entity_id: id,
          changes: b,
        });
        return { challan: await challanView(tx, id), created: true };
      }
      const existing = await repo.challanByCin(tx, b);
      if (!existing || !same(existing, b)) throw duplicate();
      return { challan: await challanView(tx, existing.id), created: false };
    });
  }

  async function update(actor: Actor, id: string, b: TdsChallanBody): Promise<TdsChallan> {
    try {
      return await db.tenant(actor.companyId, async (tx) => {
        await assertNotFuture(tx, b);
        if (!(await repo.updateChallan(tx, id, b))) throw notFound('Challan');
        await audit.record(tx, {
          actor,
          action: 'tds_challan.updated',
          entity: 'tds_challans',
          entity_id: id,
          changes: b,
        });
        return challanView(tx, id);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  }

  async function remove(actor: Actor, id: string): Promise<void> {
    await db.tenant(actor.companyId, async (tx) => {
      if (!(await repo.deleteChallan(tx, id))) throw notFound('Challan');
      await audit.record(tx, { actor, action: 'tds_challan.deleted', entity: 'tds_challans', entity_id: id });
    });
  }

  /** The return's text file, only when the check finds nothing. */
  async function file(actor: Actor, q: TdsQuarterQuery): Promise<{ file_name: string; body: string }> {
    return db.tenant(actor.companyId, async (tx) => {
      const { input, confirmed, challans } = await inputOf(tx, q.financial_year, q.quarter as Quarter);
      const v = view(input, confirmed, challans);
      if (v.errors.length > 0) {
        throw new AppError(
          'CONFLICT',
          `The return has ${v.errors.length} ${v.errors.length === 1 ? 'problem' : 'problems'} to put right before the file can be made: see the list`,
        );
      }
      if (!v.ready) {
        throw new AppError(
          'CONFLICT',
          'No TDS was deducted in this quarter’s confirmed pay runs: there is nothing to file',
        );
      }
      const body = writeFile(buildRecords(input));
      const tan = (input.deductor.tan ?? 'TAN').toUpperCase();
      return { file_name: `${tan}_24Q_Q${q.quarter}_${q.financial_year}.txt`, body };
    });
  }

  return { summary, create, update, remove, file };
}
export type TdsReturnsService = ReturnType<typeof createTdsReturnsService>;
