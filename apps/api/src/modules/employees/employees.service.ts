import type {
  AddressInput,
  EmployeeCreate,
  EmployeeProfile,
  EmployeeRecordsListQuery,
  EmployeeStatusUpdate,
  EmployeeUpdate,
  SelfProfileUpdate,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type FieldCrypto, lastFour, masked } from '../../lib/field-crypto';
import type { MailMessage } from '../../lib/mail';
import type { Actor } from '../../plugins/auth';
import { canGrantRole, holdsAll } from '../access';
import type { AuditEvent, AuditService } from '../audit';
import { companyToday } from '../org';
import { employeeAbilities } from './employees.policy';
import * as repo from './employees.repo';
import * as rec from './records.repo';

const scopeOf = (actor: Actor): repo.ScopeFilter => ({ scope: actor.scope, employeeId: actor.employeeId });
const COMPANY: (actor: Actor) => repo.ScopeFilter = () => ({ scope: 'company', employeeId: null });

/**
 * A password hash no password verifies against (not argon2 at all): new sign-ins stay unusable until
 * their owner sets a password through the invitation (reset) link.
 */
export const UNUSABLE_PASSWORD = '!invited:set-password-through-the-emailed-link';

export type EmployeeAuditAction =
  | 'employee.created'
  | 'employee.updated'
  | 'employee.deleted'
  | 'employee.deactivated'
  | 'employee.status_changed'
  | 'employee.profile_updated'
  | 'employee.sensitive_revealed'
  | 'employee.imported'
  | `employee.${'experience' | 'education' | 'family'}_${'added' | 'updated' | 'removed'}`;

/** Fields stored encrypted, with the input name and the columns holding ciphertext and last four. */
const SENSITIVE = [
  { field: 'pan', enc: 'pan_enc', last4: 'pan_last4' },
  { field: 'aadhaar', enc: 'aadhaar_enc', last4: 'aadhaar_last4' },
  { field: 'bank_account', enc: 'bank_account_enc', last4: 'bank_account_last4' },
] as const;

/** Input fields that map 1:1 onto columns. */
const PLAIN_FIELDS = rec.WRITABLE_COLUMNS.filter((c) => !c.endsWith('_enc') && !c.endsWith('_last4'));

type Deps = {
  db: Db;
  crypto: FieldCrypto;
  audit: AuditService;
  clock?: Clock;
  /** Sends the new sign-in a set-password link (the auth service's forgot-password flow). */
  invite?: (email: string) => Promise<void>;
  /** Queues a mail through the outbox (lib/mail.ts). */
  mail?: (message: MailMessage) => Promise<void>;
  /**
   * After the commit of a sign-in's role change: this process drops what it trusted of that user's
   * sessions at once (other processes learn through migration 0112's notification).
   */
  roleChanged?: (userId: string) => void;
};

const conflict = (path: string, message: string) =>
  new AppError('CONFLICT', message, { errors: [{ path, message }] });
const badField = (path: string, message: string) =>
  new AppError('VALIDATION', `Validation failed: ${path}`, { errors: [{ path, message }] });
/** 403 naming the field: the change would give or take what the caller does not hold. */
const beyondOwn = (path: string, message: string) =>
  new AppError('FORBIDDEN', message, { errors: [{ path, message }] });

function isUniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  return /email/.test(where) ? 'email' : /code/.test(where) ? 'employee_code' : 'record';
}

export function createEmployeesService(deps: Deps) {
  const { db, crypto, audit } = deps;
  const clock = deps.clock ?? systemClock;
  const record = (tx: Queryable, e: Omit<AuditEvent, 'action'> & { action: EmployeeAuditAction }) =>
    // The audit module's action union lists its own actions; ours are added here (see the report).
    audit.record(tx, e as unknown as AuditEvent);

  /** Column values from input: plain fields as given, sensitive ones encrypted plus last four. */
  function toValues(input: Record<string, unknown>): rec.EmployeeValues {
    const v: rec.EmployeeValues = {};
    for (const c of PLAIN_FIELDS) {
      if (input[c] !== undefined) v[c] = input[c] === '' ? null : input[c];
    }
    if (v.last_name === null) v.last_name = '';
    for (const s of SENSITIVE) {
      const value = input[s.field];
      if (value === undefined) continue;
      v[s.enc] = value ? crypto.encrypt(String(value)) : null;
      v[s.last4] = value ? lastFour(String(value)) : null;
    }
    return v;
  }

  /** Before/after of the changed fields; sensitive ones masked. */
  function diff(before: rec.EmployeeRow, values: rec.EmployeeValues) {
    const b: Record<string, unknown> = {};
    const a: Record<string, unknown> = {};
    for (const c of PLAIN_FIELDS) {
      if (values[c] === undefined) continue;
      const old = (before as unknown as Record<string, unknown>)[c] ?? null;
      if (String(old) === String(values[c] ?? null)) continue;
      b[c] = old;
      a[c] = values[c] ?? null;
    }
    for (const s of SENSITIVE) {
      if (values[s.enc] === undefined) continue;
      const oldLast = before[s.last4];
      const newLast = (values[s.last4] as string | null) ?? null;
      const oldPlain = before[s.enc] ? crypto.decrypt(before[s.enc]!) : null;
      const newPlain = values[s.enc] ? crypto.decrypt(values[s.enc] as string) : null;
      if (oldPlain === newPlain) continue;
      b[s.field] = masked(oldLast);
      a[s.field] = masked(newLast);
    }
    return { before: b, after: a };
  }

  function present(
    row: rec.EmployeeRow,
    addresses: EmployeeProfile['addresses'],
    actor: Actor,
    reveal: boolean,
  ) {
    const show = (enc: string | null, last4: string | null) =>
      reveal ? (enc ? crypto.decrypt(enc) : null) : masked(last4);
    const {
      pan_enc,
      pan_last4,
      aadhaar_enc,
      aadhaar_last4,
      bank_account_enc,
      bank_account_last4,
      user_id: _u,
      ...rest
    } = row;
    return {
      ...rest,
      pan: show(pan_enc, pan_last4),
      aadhaar: show(aadhaar_enc, aadhaar_last4),
      bank_account: show(bank_account_enc, bank_account_last4),
      addresses,
      revealed: reveal,
      can_reveal: actor.permissions.includes('employee_list.edit') && actor.scope === 'company',
      abilities: employeeAbilities(actor, row.id),
    } satisfies EmployeeProfile;
  }

  async function checkLinks(tx: Queryable, employeeId: string | null, input: EmployeeUpdate) {
    if (input.division_unit_id && !(await rec.unitExists(tx, input.division_unit_id))) {
      throw badField('division_unit_id', 'No such division unit');
    }
    if (input.manager_id) {
      if (input.manager_id === employeeId)
        throw badField('manager_id', 'An employee cannot report to themselves');
      if (!(await rec.employeeExists(tx, input.manager_id))) throw badField('manager_id', 'No such employee');
      if (employeeId && (await rec.wouldCycle(tx, employeeId, input.manager_id))) {
        throw badField(
          'manager_id',
          'This manager reports to the employee: a reporting cycle is not allowed',
        );
      }
    }
  }

  /** A birth date in the past (after 1900) and a joining date after it, in the company's calendar. */
  async function checkDates(tx: Queryable, dob: string | null | undefined, doj: string | null | undefined) {
    if (!dob) return;
    const { today } = await companyToday(tx, clock.now());
    if (dob > today) throw badField('date_of_birth', 'The date of birth cannot be in the future');
    if (dob < '1900-01-01') throw badField('date_of_birth', 'The date of birth cannot be before 1900');
    if (doj && doj <= dob) {
      throw badField('date_of_joining', 'The date of joining must be after the date of birth');
    }
  }

  /**
   * The role a sign-in may be given by this caller: it must exist, and unless it is the default
   * Employee role of a new record, the caller needs role management and every permission in it.
   */
  async function grantableRole(tx: Queryable, actor: Actor, roleId: string, isDefaultAllowed: boolean) {
    const role = await rec.findRole(tx, roleId);
    if (!role) throw badField('role_id', 'No such role');
    if (isDefaultAllowed && role.id === (await rec.roleIdByName(tx, 'Employee'))) return role.id;
    if (!canGrantRole(actor.permissions, role.permissions)) {
      throw beyondOwn(
        'role_id',
        `You cannot give the role "${role.name}": it needs role management and permissions you hold`,
      );
    }
    return role.id;
  }

  /** Another person's sign-in (email, role) is changed only by someone holding all they hold. */
  async function checkTargetWithin(tx: Queryable, actor: Actor, employeeId: string, field: string) {
    if (employeeId === actor.employeeId) return;
    if (!holdsAll(actor.permissions, await rec.signInPermissions(tx, employeeId))) {
      throw beyondOwn(field, 'This person holds permissions you do not: you cannot change their sign-in');
    }
  }

  async function saveAddresses(tx: Queryable, companyId: string, employeeId: string, list?: AddressInput[]) {
    if (!list) return;
    const kinds = new Set(list.map((a) => a.kind));
    if (kinds.size !== list.length) throw badField('addresses', 'One address of each kind at most');
    for (const a of list) await rec.upsertAddress(tx, companyId, employeeId, a);
  }

  /** The record an admin may change: company scope only; anyone else gets 404 for others' ids. */
  async function adminTarget(tx: Queryable, actor: Actor, id: string) {
    if (actor.scope !== 'company') throw notFound('Employee');
    const row = await rec.findRecord(tx, id, COMPANY(actor));
    if (!row) throw notFound('Employee');
    return row;
  }

  /** May the actor change this employee's experience/education/family? 404 if not visible at all. */
  async function childWriteCheck(tx: Queryable, actor: Actor, employeeId: string) {
    const self = employeeId === actor.employeeId && actor.permissions.includes('employee_profile.edit');
    const admin = actor.scope === 'company' && actor.permissions.includes('employee_list.edit');
    const row = await rec.findRecord(tx, employeeId, scopeOf(actor));
    if (!row) throw notFound('Employee');
    if (!self && !admin) throw forbidden();
  }

  async function profileOf(tx: Queryable, actor: Actor, id: string, reveal: boolean) {
    const row = await rec.findRecord(tx, id, scopeOf(actor));
    if (!row) throw notFound('Employee');
    const addresses = await rec.listAddresses(tx, id);
    return present(row, addresses, actor, reveal);
  }

  return {
    async list(actor: Actor, q: EmployeeRecordsListQuery) {
      const page = await db.tenantRead(actor.companyId, (tx) => repo.listEmployees(tx, q, scopeOf(actor)));
      return { ...page, rows: page.rows.map((r) => ({ ...r, abilities: employeeAbilities(actor, r.id) })) };
    },

    /** Out of scope and another company's record look the same as a missing one: 404. */
    async get(actor: Actor, id: string) {
      const row = await db.tenantRead(actor.companyId, (tx) => repo.getEmployee(tx, id, scopeOf(actor)));
      if (!row) throw notFound('Employee');
      return { ...row, abilities: employeeAbilities(actor, row.id) };
    },

    /** Everything for the employee page; PAN, Aadhaar and bank account masked unless revealed. */
    profile(actor: Actor, id: string, wantReveal: boolean) {
      const reveal =
        wantReveal && actor.scope === 'company' && actor.permissions.includes('employee_list.edit');
      if (wantReveal && !reveal) throw forbidden();
      return db.tenant(actor.companyId, async (tx) => {
        const p = await profileOf(tx, actor, id, reveal);
        if (reveal) {
          await record(tx, {
            actor,
            action: 'employee.sensitive_revealed',
            entity: 'employee',
            entity_id: id,
            changes: { fields: SENSITIVE.map((s) => s.field) },
          });
        }
        return p;
      });
    },

    async create(actor: Actor, input: EmployeeCreate) {
      const result = await db
        .tenant(actor.companyId, async (tx) => {
          await checkLinks(tx, null, input);
          await checkDates(tx, input.date_of_birth, input.date_of_joining);
          let roleId = input.role_id ? await grantableRole(tx, actor, input.role_id, true) : null;
          roleId ??= await rec.roleIdByName(tx, 'Employee');
          if (!roleId) throw badField('role_id', 'The company has no Employee role: choose a role');
          let code = input.employee_code;
          if (!code) {
            const prefix = await rec.codePrefix(tx);
            const n = await rec.allocateCodeNumbers(tx, actor.companyId, prefix, 1);
            code = `${prefix}${String(n).padStart(4, '0')}`;
          }
          const email = input.email.toLowerCase();
          const clash = await rec.findByCodesOrEmails(tx, [code], [email]);
          if (clash.some((c) => c.employee_code === code)) {
            throw conflict('employee_code', `Employee code ${code} is already used`);
          }
          if (clash.length > 0 || (await rec.emailsInUse(tx, [email])).size > 0) {
            throw conflict('email', `The email ${email} is already used`);
          }
          const status = input.status ?? 'active';
          const values = { ...toValues(input), employee_code: code, email, status };
          const id = await rec.insertEmployee(tx, actor.companyId, {
            ...values,
            first_name: input.first_name,
            date_of_joining: input.date_of_joining,
          });
          await saveAddresses(tx, actor.companyId, id, input.addresses);
          await rec.insertUser(tx, {
            companyId: actor.companyId,
            email,
            passwordHash: UNUSABLE_PASSWORD,
            roleId,
            employeeId: id,
            active: status === 'active',
          });
          const created = await rec.findRecord(tx, id, COMPANY(actor));
          await record(tx, {
            actor,
            action: 'employee.created',
            entity: 'employee',
            entity_id: id,
            changes: { after: diff({} as rec.EmployeeRow, values).after },
          });
          return {
            id,
            email,
            status,
            profile: present(created!, await rec.listAddresses(tx, id), actor, false),
          };
        })
        .catch((err) => {
          const field = isUniqueViolation(err);
          if (field) throw conflict(field, `That ${field.replace('_', ' ')} is already used`);
          throw err;
        });
      let invited = false;
      if (deps.invite && result.status === 'active') {
        await deps.invite(result.email).then(
          () => {
            invited = true;
          },
          () => undefined,
        );
      }
      return { ...result.profile, invited };
    },

    async update(actor: Actor, id: string, input: EmployeeUpdate) {
      let emailChanged: { from: string; to: string; name: string } | null = null;
      let roleChangedUser: string | null = null;
      const profile = await db
        .tenant(actor.companyId, async (tx) => {
          const before = await adminTarget(tx, actor, id);
          await checkLinks(tx, id, input);
          await checkDates(
            tx,
            input.date_of_birth === undefined ? before.date_of_birth : input.date_of_birth,
            input.date_of_joining ?? before.date_of_joining,
          );
          const values = toValues(input);
          if (values.email !== undefined) {
            const email = String(values.email).toLowerCase();
            values.email = email;
            if (email !== before.email.toLowerCase()) {
              // The sign-in email is where password resets go: changing it is taking the account.
              await checkTargetWithin(tx, actor, id, 'email');
              const clash = await rec.findByCodesOrEmails(tx, [], [email]);
              if (clash.some((c) => c.id !== id) || (await rec.emailsInUse(tx, [email])).size > 0) {
                throw conflict('email', `The email ${email} is already used`);
              }
              // Migration 0020 ends the sign-in's sessions when its email changes.
              await rec.setSignInEmail(tx, id, email);
              emailChanged = { from: before.email, to: email, name: before.first_name };
            }
          }
          let roleChange: { before: string | null; after: string } | null = null;
          if (input.role_id !== undefined && input.role_id !== before.role_id) {
            if (!before.user_id) throw badField('role_id', 'This employee has no sign-in to give a role');
            const roleId = await grantableRole(tx, actor, input.role_id, false);
            await checkTargetWithin(tx, actor, id, 'role_id');
            await rec.setSignInRole(tx, id, roleId);
            roleChange = { before: before.role_id, after: roleId };
            roleChangedUser = before.user_id;
          }
          if (values.employee_code !== undefined && values.employee_code !== before.employee_code) {
            const clash = await rec.findByCodesOrEmails(tx, [String(values.employee_code)], []);
            if (clash.some((c) => c.id !== id)) {
              throw conflict('employee_code', `Employee code ${values.employee_code} is already used`);
            }
          }
          const changes = diff(before, values);
          await rec.updateEmployee(tx, id, values);
          await saveAddresses(tx, actor.companyId, id, input.addresses);
          if (input.addresses) changes.after.addresses = input.addresses.map((a) => a.kind);
          if (roleChange) {
            changes.before.role_id = roleChange.before;
            changes.after.role_id = roleChange.after;
          }
          await record(tx, { actor, action: 'employee.updated', entity: 'employee', entity_id: id, changes });
          return profileOf(tx, actor, id, false);
        })
        .catch((err) => {
          const field = isUniqueViolation(err);
          if (field) throw conflict(field, `That ${field.replace('_', ' ')} is already used`);
          throw err;
        });
      if (roleChangedUser) deps.roleChanged?.(roleChangedUser);
      // After the commit: the old address learns of the change (if it was not its owner's doing,
      // this is their warning). Through the outbox, so a mail server that is down loses nothing.
      const changed = emailChanged as { from: string; to: string; name: string } | null;
      if (changed && deps.mail) {
        await deps
          .mail({
            to: changed.from,
            subject: 'Your sign-in email was changed',
            text: `Hello ${changed.name},\n\nThe email you sign in to HR with was changed from ${changed.from} to ${changed.to} by an administrator. You have been signed out everywhere.\n\nIf you did not expect this, contact your HR team at once.`,
          })
          .catch(() => undefined);
      }
      return profile;
    },

    /** An employee with history is deactivated (and their sign-in switched off), never destroyed. */
    remove(actor: Actor, id: string) {
      return db.tenant(actor.companyId, async (tx) => {
        const row = await adminTarget(tx, actor, id);
        if (id === actor.employeeId) throw new AppError('BAD_REQUEST', 'You cannot delete your own record');
        // Deleting (or deactivating) someone who holds more would lock an administrator out.
        await checkTargetWithin(tx, actor, id, 'id');
        if (await rec.hasHistory(tx, id, row.user_id)) {
          await rec.updateEmployee(tx, id, { status: 'inactive' });
          await rec.setSignInActive(tx, id, false);
          await record(tx, {
            actor,
            action: 'employee.deactivated',
            entity: 'employee',
            entity_id: id,
            changes: { before: { status: row.status }, after: { status: 'inactive' }, reason: 'has history' },
          });
          return { id, outcome: 'deactivated' as const };
        }
        await rec.deleteEmployee(tx, id);
        await record(tx, {
          actor,
          action: 'employee.deleted',
          entity: 'employee',
          entity_id: id,
          changes: { before: { employee_code: row.employee_code, name: row.employee_name } },
        });
        return { id, outcome: 'deleted' as const };
      });
    },

    setStatus(actor: Actor, id: string, body: EmployeeStatusUpdate) {
      return db.tenant(actor.companyId, async (tx) => {
        const row = await adminTarget(tx, actor, id);
        if (id === actor.employeeId && body.status !== 'active') {
          throw new AppError('BAD_REQUEST', 'You cannot deactivate your own record');
        }
        if (body.status !== 'active') await checkTargetWithin(tx, actor, id, 'status');
        const exit_date = body.status === 'exited' ? body.exit_date! : null;
        await rec.updateEmployee(tx, id, { status: body.status, exit_date });
        await rec.setSignInActive(tx, id, body.status === 'active');
        await record(tx, {
          actor,
          action: 'employee.status_changed',
          entity: 'employee',
          entity_id: id,
          changes: {
            before: { status: row.status, exit_date: row.exit_date },
            after: { status: body.status, exit_date },
          },
        });
        return profileOf(tx, actor, id, false);
      });
    },

    /** Self-service: the direct fields only (the schema refuses the rest). */
    updateOwnProfile(actor: Actor, input: SelfProfileUpdate) {
      const id = actor.employeeId;
      if (!id) throw notFound('Employee');
      return db.tenant(actor.companyId, async (tx) => {
        const before = await rec.findRecord(tx, id, { scope: 'self', employeeId: id });
        if (!before) throw notFound('Employee');
        const values = toValues({
          phone: input.phone,
          personal_email: input.personal_email,
          blood_group: input.blood_group,
          marital_status: input.marital_status,
        });
        const changes = diff(before, values);
        await rec.updateEmployee(tx, id, values);
        await saveAddresses(tx, actor.companyId, id, input.addresses);
        if (input.addresses) changes.after.addresses = input.addresses.map((a) => a.kind);
        await record(tx, {
          actor,
          action: 'employee.profile_updated',
          entity: 'employee',
          entity_id: id,
          changes,
        });
        return profileOf(tx, actor, id, false);
      });
    },

    dropdown(actor: Actor, q: string | undefined, limit: number) {
      return db.tenant(actor.companyId, (tx) => rec.dropdown(tx, scopeOf(actor), q, limit));
    },

    statistics(actor: Actor, id: string) {
      return db.tenant(actor.companyId, async (tx) => {
        const row = await rec.findRecord(tx, id, scopeOf(actor));
        if (!row) throw notFound('Employee');
        const { today } = await companyToday(tx, clock.now());
        const end = row.status === 'exited' && row.exit_date ? row.exit_date : today;
        return {
          employee_id: id,
          date_of_joining: row.date_of_joining,
          tenure: tenure(row.date_of_joining, end),
          leave_taken: null,
          attendance_rate: null,
          notes: {
            leave_taken: 'not tracked yet: leave comes with the leave module',
            attendance_rate: 'not tracked yet: attendance comes with the attendance module',
          },
        };
      });
    },

    listChildren(actor: Actor, kind: rec.ChildKind, employeeId: string) {
      return db.tenant(actor.companyId, async (tx) => {
        if (!(await rec.findRecord(tx, employeeId, scopeOf(actor)))) throw notFound('Employee');
        return rec.listChildren(tx, kind, employeeId);
      });
    },

    addChild(actor: Actor, kind: rec.ChildKind, input: { employee_id: string } & Record<string, unknown>) {
      const { employee_id, ...values } = input;
      return db.tenant(actor.companyId, async (tx) => {
        await childWriteCheck(tx, actor, employee_id);
        if (kind === 'family') await checkNominee(tx, employee_id, null, values.nominee_share);
        const row = await rec.insertChild(tx, kind, actor.companyId, employee_id, values);
        await record(tx, {
          actor,
          action: `employee.${kind}_added`,
          entity: `employee_${kind}`,
          entity_id: row.id,
          changes: { employee_id, after: values },
        });
        return row;
      });
    },

    updateChild(actor: Actor, kind: rec.ChildKind, id: string, values: Record<string, unknown>) {
      return db.tenant(actor.companyId, async (tx) => {
        const before = await rec.findChild(tx, kind, id);
        if (!before) throw notFound('Record');
        await childWriteCheck(tx, actor, before.employee_id);
        if (kind === 'family') await checkNominee(tx, before.employee_id, id, values.nominee_share);
        const row = await rec.updateChild(tx, kind, id, values);
        await record(tx, {
          actor,
          action: `employee.${kind}_updated`,
          entity: `employee_${kind}`,
          entity_id: id,
          changes: { employee_id: before.employee_id, before, after: row },
        });
        return row;
      });
    },

    removeChild(actor: Actor, kind: rec.ChildKind, id: string) {
      return db.tenant(actor.companyId, async (tx) => {
        const before = await rec.findChild(tx, kind, id);
        if (!before) throw notFound('Record');
        await childWriteCheck(tx, actor, before.employee_id);
        await rec.deleteChild(tx, kind, id);
        await record(tx, {
          actor,
          action: `employee.${kind}_removed`,
          entity: `employee_${kind}`,
          entity_id: id,
          changes: { employee_id: before.employee_id, before },
        });
      });
    },
  };

  async function checkNominee(tx: Queryable, employeeId: string, exceptId: string | null, share: unknown) {
    if (typeof share !== 'number' || share === 0) return;
    const others = await rec.nomineeTotal(tx, employeeId, exceptId);
    if (others + share > 100) {
      throw badField(
        'nominee_share',
        `Nominee shares would total ${others + share}%: at most 100% (${100 - others}% left)`,
      );
    }
  }
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;

/** Whole years, months and days from `from` to `to` (YYYY-MM-DD), plus the day count. */
export function tenure(from: string, to: string) {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  const totalDays = Math.max(0, Math.round((b.getTime() - a.getTime()) / 86_400_000));
  if (b < a) return { years: 0, months: 0, days: 0, total_days: 0 };
  let years = b.getUTCFullYear() - a.getUTCFullYear();
  let months = b.getUTCMonth() - a.getUTCMonth();
  let days = b.getUTCDate() - a.getUTCDate();
  if (days < 0) {
    months -= 1;
    days += new Date(Date.UTC(b.getUTCFullYear(), b.getUTCMonth(), 0)).getUTCDate();
  }
  if (months < 0) {
    years -= 1;
    months += 12;
  }
  return { years, months, days, total_days: totalDays };
}
