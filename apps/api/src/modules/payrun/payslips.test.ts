import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import { createFieldCrypto } from '../../lib/field-crypto';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';
import { reviewedNovember } from './payslips.test-setup';
import { formatRupees } from './pdf/format';
import { payslipPassword } from './pdf/password';
import { pdfToolsPresent, qpdfCheck, textOf } from './pdf/test-tools';

/**
 * Payslip PDFs of a confirmed run (issue 22): generation on the job runner's code path, the files
 * stored once per payslip, the mails, the downloads of the administrator and the employee, and a
 * protected file when the company wants one.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let dir: string;
let runId = '';
let companyId = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'payslips-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin, manager, employee, globex } = await demoSessions(t));
  companyId = await t.companyId('Acme Corp');
  runId = await reviewedNovember(t, admin);
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const idOf = async (email: string) =>
  (await t.db.query<{ id: string }>('SELECT employee_id AS id FROM users WHERE email = $1', [email])).rows[0]!
    .id;
/** Every stored file of Acme under FILES_DIR. */
const filesOnDisk = () => {
  try {
    return readdirSync(path.join(dir, companyId));
  } catch {
    return [];
  }
};
const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const payslipMails = () =>
  count(`SELECT count(*)::int AS n FROM mail_outbox WHERE subject = 'Your payslip for Nov 2026'`);
const generated = async () => {
  const ok = await eventually(
    async () =>
      (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data.payslips_status === 'generated',
    120_000,
  );
  expect(ok).toBe(true);
  return (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data;
};

describe('generating payslip PDFs', () => {
  it('needs a confirmed run of the caller company, and the admin permission', async () => {
    const url = `/api/payrun/payslips/${runId}`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await callAs(t, employee, 'POST', url)).statusCode).toBe(403);
    expect((await callAs(t, manager, 'POST', url)).statusCode).toBe(403);
    expect((await callAs(t, globex, 'POST', url)).statusCode).toBe(404);
    const early = await callAs(t, admin, 'POST', url);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/confirm the Nov 2026 run first/);
    // Nothing was started or written.
    expect(await count('SELECT count(*)::int AS n FROM payslip_files')).toBe(0);
    expect((await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data.payslips_status).toBe('none');
  });

  it('refuses downloads before the PDFs exist, in words', async () => {
    expect((await callAs(t, admin, 'PUT', `/api/payrun/${runId}/confirm`)).statusCode).toBe(200);
    const priya = await idOf('employee@acme.test');
    const res = await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${priya}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/has not been generated yet/);
    const mine = (await callAs(t, employee, 'GET', '/api/payslips?page=1&records=10')).json().data[0];
    expect(mine.has_pdf).toBe(false);
    expect((await callAs(t, employee, 'GET', `/api/payslips/${mine.id}/pdf`)).statusCode).toBe(409);
  });

  it('writes one PDF per employee, records it, and mails each employee a link without figures', async () => {
    const mailsBefore = await payslipMails();
    const start = await callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`);
    expect(start.statusCode).toBe(202);
    expect(start.json().message).toMatch(/Generating the payslips of Nov 2026 for 60 employees/);
    expect(start.json().message).toMatch(/not password-protected/);
    expect(start.json().data.progress.employees).toBe(60);
    expect(['generating', 'generated']).toContain(start.json().data.payslips_status);

    const run = await generated();
    expect(run.progress).toMatchObject({ employees: 60, payslips: 60 });
    expect(await count('SELECT count(*)::int AS n FROM payslip_files WHERE run_id = $1', [runId])).toBe(60);
    expect(
      await count('SELECT count(DISTINCT file_key)::int AS n FROM payslip_files WHERE run_id = $1', [runId]),
    ).toBe(60);
    expect(filesOnDisk()).toHaveLength(60);
    expect(
      await count('SELECT count(*)::int AS n FROM payslip_files WHERE run_id = $1 AND password_protected', [
        runId,
      ]),
    ).toBe(0);

    // One mail per employee who has an address; a link, no amount and no PAN.
    const withMail = await count(
      `SELECT count(*)::int AS n FROM payslips p JOIN employees e ON e.id = p.employee_id
        WHERE p.run_id = $1 AND e.email IS NOT NULL AND e.email <> ''`,
      [runId],
    );
    expect(withMail).toBeGreaterThan(0);
    expect((await payslipMails()) - mailsBefore).toBe(withMail);
    const { rows } = await t.db.query<{ recipient: string; text_body: string }>(
      `SELECT recipient, text_body FROM mail_outbox WHERE subject = 'Your payslip for Nov 2026'`,
    );
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(rows.length);
    const priyaMail = rows.find((r) => r.recipient === 'employee@acme.test')!;
    expect(priyaMail.text_body).toContain('http://hr.test/user/documents/payslips');
    for (const r of rows) {
      expect(r.text_body).not.toMatch(/₹|Rs\.?\s*\d|[A-Z]{5}\d{4}[A-Z]/);
    }
  });

  it.skipIf(!pdfToolsPresent)(
    'gives the administrator and the employee the same PDF, read back with pdftotext',
    async () => {
      const priya = await idOf('employee@acme.test');
      const res = await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${priya}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="payslip-2026-11.pdf"');
      expect(res.headers['cache-control']).toBe('no-store');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      const slip = (await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${priya}`)).json().data;
      expect(slip.has_pdf).toBe(true);
      expect(slip.pdf_password_hint).toBeNull();
      const text = textOf(pdf);
      expect(text).toContain('Priya Sharma');
      expect(text).toContain('ACM0003');
      expect(text).toContain(formatRupees(slip.net_paise));
      expect(slip.net_in_words).toMatch(/^Rupees .* Only$/);
      expect(text).toContain(slip.net_in_words);
      expect(text).toContain(slip.employee.pan_masked);
      expect(text).toContain('Nov');

      const mine = (await callAs(t, employee, 'GET', '/api/payslips?page=1&records=10')).json().data[0];
      expect(mine.has_pdf).toBe(true);
      const own = await callAs(t, employee, 'GET', `/api/payslips/${mine.id}/pdf`);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['content-disposition']).toBe('attachment; filename="payslip-2026-11.pdf"');
      expect(Buffer.compare(own.rawPayload, pdf)).toBe(0);

      // Someone else's payslip through the employee's route: 404 (the manager, another company).
      expect((await callAs(t, manager, 'GET', `/api/payslips/${mine.id}/pdf`)).statusCode).toBe(404);
      expect((await callAs(t, globex, 'GET', `/api/payslips/${mine.id}/pdf`)).statusCode).toBe(404);
      // The admin route: anonymous 401, employee and manager 403, another company 404.
      const adminUrl = `/api/payrun/${runId}/payslips/${priya}/pdf`;
      expect((await t.app.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(401);
      expect((await callAs(t, employee, 'GET', adminUrl)).statusCode).toBe(403);
      expect((await callAs(t, manager, 'GET', adminUrl)).statusCode).toBe(403);
      expect((await callAs(t, globex, 'GET', adminUrl)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/payslips/${mine.id}/pdf` })).statusCode).toBe(
        401,
      );
    },
  );

  it('makes nothing again when asked twice', async () => {
    const mails = await payslipMails();
    const keys = await t.db.query<{ file_key: string; generated_at: string }>(
      'SELECT file_key, generated_at::text FROM payslip_files WHERE run_id = $1 ORDER BY payslip_id',
      [runId],
    );
    const [a, b] = await Promise.all([
      callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`),
      callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().message).toMatch(/already generated for all 60 employees; nothing was made again/);
    await new Promise((r) => setTimeout(r, 300));
    const after = await t.db.query<{ file_key: string; generated_at: string }>(
      'SELECT file_key, generated_at::text FROM payslip_files WHERE run_id = $1 ORDER BY payslip_id',
      [runId],
    );
    expect(after.rows).toEqual(keys.rows);
    expect(filesOnDisk()).toHaveLength(60);
    expect(await payslipMails()).toBe(mails);
  });
});

describe('password-protected payslips', () => {
  it.skipIf(!pdfToolsPresent)(
    'protects the PDFs made while the setting is on, and says how they open',
    async () => {
      const put = await callAs(t, admin, 'PUT', '/api/payrun/settings', { payslip_password: true });
      expect(put.statusCode).toBe(200);
      // Three payslips lose their file (as if never made): only they are made again, protected.
      const priya = await idOf('employee@acme.test');
      const { rows: gone } = await t.db.query<{ payslip_id: string; file_key: string }>(
        `DELETE FROM payslip_files WHERE payslip_id IN (
         SELECT id FROM payslips WHERE run_id = $1 ORDER BY employee_id = $2 DESC, id LIMIT 3)
       RETURNING payslip_id, file_key`,
        [runId, priya],
      );
      expect(gone).toHaveLength(3);
      for (const g of gone) rmSync(path.join(dir, ...g.file_key.split('/')));
      const mails = await payslipMails();

      const start = await callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`);
      expect(start.statusCode).toBe(202);
      expect(start.json().message).toMatch(/remaining 3 of 60 payslips/);
      expect(start.json().message).toMatch(
        /first four letters of their PAN in capitals followed by their year of birth/,
      );
      const run = await generated();
      expect(run.progress.payslips).toBe(60);
      expect(filesOnDisk()).toHaveLength(60);
      expect(
        await count('SELECT count(*)::int AS n FROM payslip_files WHERE run_id = $1 AND password_protected', [
          runId,
        ]),
      ).toBe(3);
      expect((await payslipMails()) - mails).toBe(3);

      const pdf = (await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${priya}/pdf`)).rawPayload;
      const dirTmp = mkdtempSync(path.join(tmpdir(), 'payslip-pw-'));
      try {
        const file = path.join(dirTmp, 'p.pdf');
        writeFileSync(file, pdf);
        // qpdf: exit 0 when the file needs a password to open.
        expect(spawnSync('qpdf', ['--requires-password', file]).status).toBe(0);
      } finally {
        rmSync(dirTmp, { recursive: true, force: true });
      }
      // Her password follows the rule: the first four letters of her PAN and her year of birth.
      const { rows: who } = await t.db.query<{ dob: string | null }>(
        `SELECT to_char(date_of_birth, 'YYYY') AS dob FROM employees WHERE id = $1`,
        [priya],
      );
      const slip = (await callAs(t, employee, 'GET', '/api/payslips?page=1&records=1')).json().data[0];
      const view = (await callAs(t, employee, 'GET', `/api/payslips/${slip.id}`)).json().data;
      expect(view.pdf_password_hint).toMatch(/^(The first four letters of your PAN|Your employee code)/);
      const { rows: enc } = await t.db.query<{ pan_enc: string | null }>(
        'SELECT pan_enc FROM employees WHERE id = $1',
        [priya],
      );
      const pan = enc[0]!.pan_enc ? createFieldCrypto(t.config.dataKey).decrypt(enc[0]!.pan_enc) : null;
      const password = payslipPassword({
        pan,
        dateOfBirth: who[0]!.dob ? `${who[0]!.dob}-01-01` : null,
        employeeCode: 'ACM0003',
      });
      expect(qpdfCheck(pdf, password).status).toBe(0);
      expect(textOf(pdf, password)).toContain('Priya Sharma');
    },
  );
});

describe('a payslip whose PDF is lost from disk', () => {
  it('answers 404 in words to the employee and the administrator, and logs it without personal data', async () => {
    await generated();
    const priya = await idOf('employee@acme.test');
    const { rows } = await t.db.query<{ payslip_id: string; file_key: string }>(
      `SELECT f.payslip_id, f.file_key FROM payslip_files f JOIN payslips p ON p.id = f.payslip_id
        WHERE p.run_id = $1 AND p.employee_id = $2`,
      [runId, priya],
    );
    rmSync(path.join(dir, ...rows[0]!.file_key.split('/')));
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const res = await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${priya}/pdf`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The payslip PDF for Nov 2026 is missing: generate the payslips again');
      const mine = (await callAs(t, employee, 'GET', '/api/payslips?page=1&records=10')).json().data[0];
      const own = await callAs(t, employee, 'GET', `/api/payslips/${mine.id}/pdf`);
      expect(own.statusCode).toBe(404);
      expect(own.json().message).toBe(
        'The payslip PDF for Nov 2026 is missing: ask your administrator to generate the payslips again',
      );
      const logged = warn.mock.calls.filter((c) => c[1] === 'payslip PDF missing from the file store');
      expect(logged).toHaveLength(2);
      for (const [obj] of logged) {
        // Ids to find the file by, nothing about the person or their pay.
        expect(obj).toEqual({ companyId, payslipId: rows[0]!.payslip_id, fileKey: rows[0]!.file_key });
      }
    } finally {
      warn.mockRestore();
    }
  });
});

describe('generating the payslips again', () => {
  it('makes every PDF again with the current settings, each new file replacing the old one', async () => {
    const put = await callAs(t, admin, 'PUT', '/api/payrun/settings', {
      payslip_password: true,
      legal_name: 'Acme Corporation Private Limited',
    });
    expect(put.statusCode).toBe(200);
    const before = await t.db.query<{ payslip_id: string; file_key: string }>(
      'SELECT payslip_id, file_key FROM payslip_files WHERE run_id = $1',
      [runId],
    );
    expect(before.rows).toHaveLength(60);
    const oldKeys = new Set(before.rows.map((r) => r.file_key));
    const mails = await payslipMails();

    // Two at once: one starts, the other is refused in words while it runs.
    const url = `/api/payrun/payslips/${runId}`;
    const [a, b] = await Promise.all([
      callAs(t, admin, 'POST', url, { regenerate: true }),
      callAs(t, admin, 'POST', url, { regenerate: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const [start, refused] = a.statusCode === 202 ? [a, b] : [b, a];
    expect(refused.json().message).toMatch(/The payslips of Nov 2026 are being generated now: wait until/);
    expect(start.json().message).toMatch(/Generating the payslips of Nov 2026 again for 60 employees/);
    expect(start.json().message).toMatch(/first four letters of their PAN/);
    // Progress counts the new files, from none, as the first generation did.
    expect(start.json().data.payslips_status).toBe('generating');
    expect(start.json().data.progress).toMatchObject({ employees: 60, payslips: 0 });

    // Meanwhile a payslip downloads every time: its old file until the new one is in, never none.
    const priya = await idOf('employee@acme.test');
    const { rows: other } = await t.db.query<{ employee_id: string }>(
      'SELECT employee_id FROM payslips WHERE run_id = $1 AND employee_id <> $2 ORDER BY id LIMIT 1',
      [runId, priya],
    );
    const otherUrl = `/api/payrun/${runId}/payslips/${other[0]!.employee_id}/pdf`;
    const answers: number[] = [];
    for (;;) {
      const status = (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data.payslips_status;
      answers.push((await callAs(t, admin, 'GET', otherUrl)).statusCode);
      if (status === 'generated') break;
    }
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    const run = await generated();
    expect(run.progress).toMatchObject({ employees: 60, payslips: 60 });

    const after = await t.db.query<{ file_key: string; protected: boolean; outdated: boolean }>(
      'SELECT file_key, password_protected AS protected, outdated FROM payslip_files WHERE run_id = $1',
      [runId],
    );
    expect(after.rows).toHaveLength(60);
    expect(after.rows.every((r) => r.protected && !r.outdated)).toBe(true);
    // New files under new keys, and the old ones gone: one file per payslip on disk.
    expect(after.rows.filter((r) => oldKeys.has(r.file_key))).toHaveLength(0);
    expect(filesOnDisk().sort()).toEqual(after.rows.map((r) => r.file_key.split('/')[1]!).sort());
    // Everyone was mailed with the first generation: no second mail.
    expect(await payslipMails()).toBe(mails);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payrun.payslips_generating'
          AND entity_id = $1 AND (changes->>'regenerate')::boolean`,
        [runId],
      ),
    ).toBe(1);

    // Her lost file is back, protected.
    const mine = (await callAs(t, employee, 'GET', '/api/payslips?page=1&records=10')).json().data[0];
    const own = await callAs(t, employee, 'GET', `/api/payslips/${mine.id}/pdf`);
    expect(own.statusCode).toBe(200);
    if (pdfToolsPresent) {
      const dirTmp = mkdtempSync(path.join(tmpdir(), 'payslip-again-'));
      try {
        const file = path.join(dirTmp, 'p.pdf');
        writeFileSync(file, own.rawPayload);
        expect(spawnSync('qpdf', ['--requires-password', file]).status).toBe(0);
      } finally {
        rmSync(dirTmp, { recursive: true, force: true });
      }
      // The company details as they are now.
      const { rows: who } = await t.db.query<{ pan_enc: string | null; dob: string | null }>(
        `SELECT pan_enc, to_char(date_of_birth, 'YYYY-MM-DD') AS dob FROM employees WHERE id = $1`,
        [priya],
      );
      const password = payslipPassword({
        pan: who[0]!.pan_enc ? createFieldCrypto(t.config.dataKey).decrypt(who[0]!.pan_enc) : null,
        dateOfBirth: who[0]!.dob,
        employeeCode: 'ACM0003',
      });
      expect(textOf(own.rawPayload, password)).toContain('Acme Corporation Private Limited');
    }
  });

  it('takes turns between two keys per payslip, so a third generation leaves one file each', async () => {
    const start = await callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`, { regenerate: true });
    expect(start.statusCode).toBe(202);
    await generated();
    const { rows } = await t.db.query<{ payslip_id: string; file_key: string }>(
      'SELECT payslip_id, file_key FROM payslip_files WHERE run_id = $1',
      [runId],
    );
    expect(rows.every((r) => r.file_key === `${companyId}/${r.payslip_id}`)).toBe(true);
    expect(filesOnDisk().sort()).toEqual(rows.map((r) => r.payslip_id).sort());
    // Without the flag nothing is made again, and the answer says how to.
    const plain = await callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().message).toMatch(/nothing was made again \(Generate again makes them/);
    expect(
      (await callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`, { regenerate: 'yes' })).statusCode,
    ).toBe(400);
  });
});

describe('a generation whose worker stopped', () => {
  it('is offered to resume after five minutes without a payslip made, and makes only the missing ones', async () => {
    await generated();
    // A worker stopped with 10 payslips left: their files were never made, the rest 10 minutes ago.
    const { rows: left } = await t.db.query<{ payslip_id: string; file_key: string }>(
      'SELECT payslip_id, file_key FROM payslip_files WHERE run_id = $1 ORDER BY payslip_id LIMIT 10',
      [runId],
    );
    for (const f of left) rmSync(path.join(dir, ...f.file_key.split('/')));
    await t.db.query('DELETE FROM payslip_files WHERE payslip_id = ANY($1::uuid[])', [
      left.map((f) => f.payslip_id),
    ]);
    await t.db.query(
      `UPDATE payslip_files SET generated_at = now() - interval '10 minutes' WHERE run_id = $1`,
      [runId],
    );
    const kept = await t.db.query<{ file_key: string }>(
      'SELECT file_key FROM payslip_files WHERE run_id = $1 ORDER BY payslip_id',
      [runId],
    );
    const stopped = async (minutesAgo: number) => {
      await t.db.query(
        `UPDATE pay_runs SET payslips_status = 'generating', updated_at = now() - make_interval(mins => $2)
          WHERE id = $1`,
        [runId, minutesAgo],
      );
      return (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data;
    };
    // Four minutes: still moving as far as anyone can tell; nothing is offered.
    let run = await stopped(4);
    expect(run.payslips_stalled_at).toBeNull();
    expect(run.abilities.generate_payslips).toBe(false);
    run = await stopped(10);
    expect(run.payslips_stalled_at).not.toBeNull();
    expect(Date.now() - Date.parse(run.payslips_stalled_at)).toBeGreaterThan(9 * 60_000);
    expect(run.abilities.generate_payslips).toBe(true);
    expect(run.progress.payslips).toBe(50);

    const resume = await callAs(t, admin, 'POST', `/api/payrun/payslips/${runId}`);
    expect(resume.statusCode, resume.body).toBe(202);
    expect(resume.json().message).toMatch(/^Generating the remaining 10 of 60 payslips of Nov 2026\./);
    const done = await generated();
    expect(done.payslips_stalled_at).toBeNull();
    expect(done.progress.payslips).toBe(60);
    // The 50 made before are untouched; the 10 missing are made once each.
    const after = await t.db.query<{ payslip_id: string; file_key: string }>(
      'SELECT payslip_id, file_key FROM payslip_files WHERE run_id = $1 ORDER BY payslip_id',
      [runId],
    );
    expect(after.rows).toHaveLength(60);
    const before = new Set(kept.rows.map((r) => r.file_key));
    expect(after.rows.filter((r) => before.has(r.file_key))).toHaveLength(50);
    expect(filesOnDisk()).toHaveLength(60);
  });
});
