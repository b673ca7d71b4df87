import { createHash, randomUUID } from 'node:crypto';
import {
  EMPLOYEE_STATUSES,
  EMPLOYMENT_TYPES,
  EmployeeUploadRowSchema,
  GENDERS,
  UPLOAD_COLUMNS,
  UPLOAD_REQUIRED,
  type UploadResult,
  type UploadRowError,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type FieldCrypto, lastFour } from '../../lib/field-crypto';
import { buildSheetTemplate, checkRows, readSheetFile, type SheetSpec } from '../../lib/sheet-import';
import type { Actor } from '../../plugins/auth';
import type { AuditEvent, AuditService } from '../audit';
import { companyToday } from '../org';
import { UNUSABLE_PASSWORD } from './employees.service';
import * as rec from './records.repo';

export { XLSX_TYPE } from '../../lib/sheet-import';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const BATCH = 1000;

type Column = (typeof UPLOAD_COLUMNS)[number];

/**
 * The bulk upload on the sheet-import seam (ADR 0017): its template, guarded read and per-cell row
 * validation (the contract's EmployeeUploadRowSchema). Its import stays here: it creates employees
 * and sign-ins, sends invitations after the commit, can import only the valid rows, and its rows
 * carry PAN, Aadhaar and bank numbers that are stored encrypted, never as a stored preview.
 */
export const EMPLOYEE_UPLOAD_SPEC: SheetSpec = {
  sheetName: 'Employees',
  noun: 'employee rows',
  maxRows: 20_000,
  dates: 'date',
  columns: UPLOAD_COLUMNS.map((c) => ({
    key: c,
    header: c,
    required: (UPLOAD_REQUIRED as readonly string[]).includes(c),
    width: Math.max(14, c.length + 4),
  })),
};

// ---------- Template ----------

const EXAMPLE: Record<Column, string> = {
  employee_code: '',
  first_name: 'Anita',
  middle_name: '',
  last_name: 'Desai',
  email: 'anita.desai@example.com',
  personal_email: '',
  phone: '+91 98765 43210',
  gender: 'female',
  date_of_birth: '1994-08-21',
  date_of_joining: '2024-04-01',
  employment_type: 'full_time',
  designation: 'Analyst',
  status: 'active',
  exit_date: '',
  unit: '',
  manager_code: '',
  work_location: 'Bengaluru',
  pan: 'ABCDE1234F',
  aadhaar: '',
  uan: '',
  bank_name: '',
  bank_account: '',
  bank_ifsc: '',
};

/** The bulk-upload template: headers, one example row, and a sheet of allowed values. */
export async function buildTemplate(db: Db, actor: Actor): Promise<Buffer> {
  const { units, managers, example } = await db.tenant(actor.companyId, async (tx) => {
    const units = await tx.query<{ label: string }>(
      `SELECT d.name || ' / ' || u.name AS label FROM division_units u JOIN divisions d ON d.id = u.division_id
        ORDER BY d.name, u.name`,
    );
    const managers = await tx.query<{ employee_code: string; name: string }>(
      `SELECT employee_code, trim(first_name || ' ' || last_name) AS name FROM employees
        WHERE status = 'active' ORDER BY employee_code LIMIT 5000`,
    );
    const prefix = await rec.codePrefix(tx);
    const next = await rec.nextCodeNumber(tx, prefix);
    return {
      units: units.rows.map((r) => r.label),
      managers: managers.rows,
      example: { code: `${prefix}${String(next).padStart(4, '0')}` },
    };
  });
  const notes = [
    'Required: first_name, email, date_of_joining.',
    'Dates as YYYY-MM-DD. exit_date is required when status is exited.',
    'employee_code: left empty, one is generated from the company prefix.',
    'manager_code: an existing employee code, or a code of another row of this file.',
    'PAN: ABCDE1234F; Aadhaar and UAN: 12 digits; IFSC: ABCD0123456; account: 6-18 digits.',
    'A row whose employee_code already exists with the same email is skipped.',
  ];
  const height = Math.max(
    EMPLOYMENT_TYPES.length,
    GENDERS.length,
    units.length,
    managers.length,
    notes.length,
  );
  return buildSheetTemplate(EMPLOYEE_UPLOAD_SPEC, {
    rows: [
      {
        ...EXAMPLE,
        employee_code: example.code,
        unit: units[0] ?? '',
        manager_code: managers[0]?.employee_code ?? '',
      },
    ],
    sheets: [
      {
        name: 'Allowed values',
        columns: [
          { header: 'employment_type', key: 'employment_type', width: 18 },
          { header: 'gender', key: 'gender', width: 14 },
          { header: 'status', key: 'status', width: 12 },
          { header: 'unit (Division / Unit)', key: 'unit', width: 32 },
          { header: 'manager_code', key: 'manager_code', width: 16 },
          { header: 'manager name', key: 'manager_name', width: 28 },
          { header: 'notes', key: 'notes', width: 60 },
        ],
        rows: Array.from({ length: height }, (_, i) => ({
          employment_type: EMPLOYMENT_TYPES[i] ?? '',
          gender: GENDERS[i] ?? '',
          status: EMPLOYEE_STATUSES[i] ?? '',
          unit: units[i] ?? '',
          manager_code: managers[i]?.employee_code ?? '',
          manager_name: managers[i]?.name ?? '',
          notes: notes[i] ?? '',
        })),
      },
    ],
  });
}

// ---------- Validation and import ----------

type Prepared = {
  row: number;
  id: string;
  code: string | null;
  email: string;
  v: Partial<Record<Column, string>>;
  unitId: string | null;
  managerCode: string | null;
};

export type UploadOutcome = UploadResult & { stored: boolean };

export function createUploader(deps: {
  db: Db;
  crypto: FieldCrypto;
  audit: AuditService;
  clock?: Clock;
  /** The invitation single create sends (a set-password link), once per imported active sign-in. */
  invite?: (email: string) => Promise<void>;
}) {
  const { db, crypto } = deps;
  const clock = deps.clock ?? systemClock;

  return async function importEmployees(
    actor: Actor,
    file: { name: string; data: Buffer },
    mode: 'all_or_nothing' | 'valid_only',
  ): Promise<UploadOutcome> {
    // The seam's guarded read: kind by content, the .xlsx guard before exceljs inflates anything
    // (a zip bomb would exhaust the heap), header mapping, at most 20,000 rows.
    const rows = await readSheetFile(file, EMPLOYEE_UPLOAD_SPEC);
    const importKey = createHash('sha256').update(file.data).digest('hex').slice(0, 16);

    const outcome = await db.tenant(
      actor.companyId,
      async (tx): Promise<UploadOutcome & { invite: string[] }> => {
        const { today } = await companyToday(tx, clock.now());
        const errors: UploadRowError[] = [];
        const bad = new Set<number>();
        const fail = (row: number, field: string, message: string) => {
          errors.push({ row, field, message });
          bad.add(row);
        };

        // 1. Each row on its own: each cell against the contract's row schema, then what needs two
        // cells (dates against each other and today, an exit date for an exited status).
        const prepared: Prepared[] = [];
        const units = await unitsByLabel(tx);
        const checked = checkRows(rows, EmployeeUploadRowSchema);
        for (const e of checked.errors) fail(e.row, e.column, e.message);
        for (const r of checked.rows) {
          const ok = r.value;
          // A cell that failed keeps its text (for the duplicate and manager checks of the file).
          const v: Partial<Record<Column, string>> = { ...r.raw };
          for (const [k, x] of Object.entries(ok)) if (x !== undefined) v[k as Column] = x;
          if (ok.date_of_birth) {
            if (ok.date_of_birth > today)
              fail(r.row, 'date_of_birth', 'The date of birth cannot be in the future');
            else if (ok.date_of_joining && ok.date_of_joining <= ok.date_of_birth) {
              fail(r.row, 'date_of_joining', 'The date of joining must be after the date of birth');
            }
          }
          if (v.status === 'exited' && !v.exit_date)
            fail(r.row, 'exit_date', 'Required when status is exited');
          let unitId: string | null = null;
          if (v.unit) {
            unitId = units.get(normaliseUnit(v.unit)) ?? null;
            if (!unitId) fail(r.row, 'unit', `Unknown unit "${v.unit}": use "Division / Unit" as listed`);
          }
          prepared.push({
            row: r.row,
            id: randomUUID(),
            code: v.employee_code || null,
            email: v.email ?? '',
            v,
            unitId,
            managerCode: v.manager_code || null,
          });
        }

        // 2. Duplicates inside the file.
        const firstByCode = new Map<string, number>();
        const firstByEmail = new Map<string, number>();
        for (const p of prepared) {
          if (p.code) {
            const seen = firstByCode.get(p.code.toLowerCase());
            if (seen) fail(p.row, 'employee_code', `Duplicate of row ${seen}`);
            else firstByCode.set(p.code.toLowerCase(), p.row);
          }
          if (p.email) {
            const seen = firstByEmail.get(p.email);
            if (seen) fail(p.row, 'email', `Duplicate of row ${seen}`);
            else firstByEmail.set(p.email, p.row);
          }
        }

        // 3. Against the company's employees and every sign-in.
        const codes = prepared.flatMap((p) => (p.code ? [p.code] : []));
        const managerCodes = prepared.flatMap((p) => (p.managerCode ? [p.managerCode] : []));
        const emails = prepared.flatMap((p) => (p.email ? [p.email] : []));
        const existing = await rec.findByCodesOrEmails(tx, [...new Set([...codes, ...managerCodes])], emails);
        const byCode = new Map(existing.map((e) => [e.employee_code.toLowerCase(), e]));
        const byEmail = new Map(existing.map((e) => [e.email, e]));
        const signIns = await rec.emailsInUse(tx, emails);
        const skipped = new Set<number>();
        for (const p of prepared) {
          if (bad.has(p.row)) continue;
          const sameCode = p.code ? byCode.get(p.code.toLowerCase()) : undefined;
          const sameEmail = byEmail.get(p.email);
          if (sameCode && sameCode.email === p.email) skipped.add(p.row);
          else if (!p.code && sameEmail) skipped.add(p.row);
          else if (sameCode) fail(p.row, 'employee_code', `${p.code} is already used by another employee`);
          else if (sameEmail) fail(p.row, 'email', `${p.email} is already used by another employee`);
          else if (signIns.has(p.email))
            fail(p.row, 'email', `${p.email} is already used by another sign-in`);
        }

        // 4. Managers: an existing employee, or another row of the file (which must itself import).
        const fileByCode = new Map(prepared.filter((p) => p.code).map((p) => [p.code!.toLowerCase(), p]));
        for (const p of prepared) {
          if (!p.managerCode || bad.has(p.row) || skipped.has(p.row)) continue;
          const key = p.managerCode.toLowerCase();
          if (p.code && key === p.code.toLowerCase())
            fail(p.row, 'manager_code', 'An employee cannot manage themselves');
          else if (!fileByCode.has(key) && !byCode.has(key)) {
            fail(p.row, 'manager_code', `Unknown employee code ${p.managerCode}`);
          }
        }
        // Importing only the good rows: rows whose manager row failed cannot import either (repeat
        // until stable). All or nothing reports only the rows to fix: their reports are fine then.
        for (let changed = mode === 'valid_only'; changed; ) {
          changed = false;
          for (const p of prepared) {
            if (!p.managerCode || bad.has(p.row) || skipped.has(p.row)) continue;
            const m = fileByCode.get(p.managerCode.toLowerCase());
            if (m && bad.has(m.row)) {
              fail(p.row, 'manager_code', `The manager's row ${m.row} has errors`);
              changed = true;
            }
          }
        }
        for (const p of prepared) {
          if (bad.has(p.row) || skipped.has(p.row)) continue;
          const seen = new Set<number>([p.row]);
          let cur: Prepared | undefined = p;
          while (cur?.managerCode) {
            const next = fileByCode.get(cur.managerCode.toLowerCase());
            if (!next || skipped.has(next.row)) break;
            if (seen.has(next.row)) {
              fail(p.row, 'manager_code', 'Reporting cycle between rows of the file');
              break;
            }
            seen.add(next.row);
            cur = next;
          }
        }

        errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
        const good = prepared.filter((p) => !bad.has(p.row) && !skipped.has(p.row));
        if (errors.length > 0 && mode === 'all_or_nothing') {
          return { created: 0, skipped: skipped.size, errors, stored: false, invite: [] };
        }

        // 5. Insert: codes for rows without one, then employees, sign-ins and manager links in batches.
        if (good.some((p) => !p.code)) {
          // One block of numbers from the company's counter (concurrent creates take others); a
          // number whose code a row of this file already names is skipped and one more is taken.
          const prefix = await rec.codePrefix(tx);
          const taken = new Set(prepared.flatMap((p) => (p.code ? [p.code.toLowerCase()] : [])));
          const need = good.filter((p) => !p.code);
          let next = await rec.allocateCodeNumbers(tx, actor.companyId, prefix, need.length);
          let left = need.length;
          for (const p of need) {
            for (;;) {
              if (left === 0) {
                next = await rec.allocateCodeNumbers(tx, actor.companyId, prefix, 1);
                left = 1;
              }
              const code = `${prefix}${String(next++).padStart(4, '0')}`;
              left--;
              if (!taken.has(code.toLowerCase())) {
                p.code = code;
                break;
              }
            }
          }
        }
        const roleId = await rec.roleIdByName(tx, 'Employee');
        if (!roleId && good.length > 0) throw new AppError('CONFLICT', 'The company has no Employee role');
        for (let i = 0; i < good.length; i += BATCH) {
          const chunk = good.slice(i, i + BATCH);
          await insertBatch(tx, actor.companyId, chunk, importKey);
          await tx.query(
            `INSERT INTO users (company_id, email, password_hash, role_id, employee_id, is_active)
           SELECT $1::uuid, e, $2::text, $3::uuid, id, active
             FROM unnest($4::text[], $5::uuid[], $6::boolean[]) AS t(e, id, active)`,
            [
              actor.companyId,
              UNUSABLE_PASSWORD,
              roleId,
              chunk.map((p) => p.email),
              chunk.map((p) => p.id),
              chunk.map((p) => (p.v.status ?? 'active') === 'active'),
            ],
          );
        }
        const links = good.flatMap((p) => {
          if (!p.managerCode) return [];
          const key = p.managerCode.toLowerCase();
          const inFile = fileByCode.get(key);
          const id = inFile && !skipped.has(inFile.row) ? inFile.id : byCode.get(key)?.id;
          return id ? [[p.id, id] as const] : [];
        });
        for (let i = 0; i < links.length; i += BATCH) {
          const chunk = links.slice(i, i + BATCH);
          await tx.query(
            `UPDATE employees e SET manager_id = t.m FROM unnest($1::uuid[], $2::uuid[]) AS t(id, m) WHERE e.id = t.id`,
            [chunk.map((l) => l[0]), chunk.map((l) => l[1])],
          );
        }
        await deps.audit.record(tx, {
          actor,
          action: 'employee.imported',
          entity: 'employee',
          entity_id: null,
          changes: {
            file: file.name,
            import_key: importKey,
            created: good.length,
            skipped: skipped.size,
            mode,
          },
        } as unknown as AuditEvent);
        const invite = good.filter((p) => (p.v.status ?? 'active') === 'active').map((p) => p.email);
        return { created: good.length, skipped: skipped.size, errors, stored: true, invite };
      },
    );
    // After the commit, as single create does: each new active sign-in gets its invitation (queued
    // in the mail outbox; skipped and failed rows get none). In the background, one at a time: a
    // few queries each, so 20,000 rows would otherwise hold the response for minutes. Anyone whose
    // invitation is lost to a stopping process still has "Forgot password".
    const { invite, ...result } = outcome;
    const send = deps.invite;
    if (send && invite.length > 0) {
      void (async () => {
        for (const email of invite) await send(email).catch(() => undefined);
      })();
    }
    return result;
  };

  async function insertBatch(tx: Queryable, companyId: string, chunk: Prepared[], importKey: string) {
    const col = (f: (p: Prepared) => string | null) => chunk.map(f);
    const opt = (c: Column) => col((p) => p.v[c] || null);
    const enc = (c: Column) => col((p) => (p.v[c] ? crypto.encrypt(p.v[c]!) : null));
    const last = (c: Column) => col((p) => (p.v[c] ? lastFour(p.v[c]!) : null));
    await tx.query(
      `INSERT INTO employees (id, company_id, employee_code, first_name, middle_name, last_name, email,
         personal_email, phone, gender, date_of_birth, date_of_joining, employment_type, designation,
         status, exit_date, division_unit_id, work_location, pan_enc, pan_last4, aadhaar_enc,
         aadhaar_last4, uan, bank_name, bank_account_enc, bank_account_last4, bank_ifsc, import_key)
       SELECT id, $1::uuid, code, fn, mn, coalesce(ln, ''), em, pem, ph, g, dob, doj,
         coalesce(et, 'full_time'), des, coalesce(st, 'active'), ex, unit, wl, pe, pl, ae, al, uan, bn, be,
         bl, ifsc, $2::text
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::text[], $12::date[], $13::date[], $14::text[], $15::text[], $16::text[],
         $17::date[], $18::uuid[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[],
         $24::text[], $25::text[], $26::text[], $27::text[], $28::text[])
         AS t(id, code, fn, mn, ln, em, pem, ph, g, dob, doj, et, des, st, ex, unit, wl, pe, pl, ae, al,
           uan, bn, be, bl, ifsc)`,
      [
        companyId,
        `upload:${importKey}`,
        col((p) => p.id),
        col((p) => p.code),
        opt('first_name'),
        opt('middle_name'),
        opt('last_name'),
        col((p) => p.email),
        opt('personal_email'),
        opt('phone'),
        opt('gender'),
        opt('date_of_birth'),
        opt('date_of_joining'),
        opt('employment_type'),
        opt('designation'),
        opt('status'),
        col((p) => ((p.v.status ?? 'active') === 'exited' ? p.v.exit_date || null : null)),
        col((p) => p.unitId),
        opt('work_location'),
        enc('pan'),
        last('pan'),
        enc('aadhaar'),
        last('aadhaar'),
        opt('uan'),
        opt('bank_name'),
        enc('bank_account'),
        last('bank_account'),
        opt('bank_ifsc'),
      ],
    );
  }
}

const normaliseUnit = (label: string) =>
  label
    .split('/')
    .map((s) => s.trim().toLowerCase())
    .join(' / ');

async function unitsByLabel(tx: Queryable): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ id: string; division: string; unit: string }>(
    `SELECT u.id, d.name AS division, u.name AS unit FROM division_units u JOIN divisions d ON d.id = u.division_id`,
  );
  return new Map(rows.map((r) => [normaliseUnit(`${r.division} / ${r.unit}`), r.id]));
}
