import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { computeMonthlyTds, incomeTaxRulesFor, type TaxDeclarations } from '@hr/payroll-engine';
import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';
import { declarationsForPayRun } from './index';

/**
 * Proofs of tax declarations (issue 23): the employee attaches proofs per item in the proof window,
 * an administrator verifies (at the declared amount or less) or rejects with a reason, and from the
 * month the proof window closes the pay run reads the verified amounts only.
 */
let t: TestApp;
let dir: string;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let employeeId: string;
let managerId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const LAKH = 100_000_00;
const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);

/** The proof window: 5 to 20 January 2027, so January's pay run is the first on verified figures. */
const WINDOW = {
  opens_on: '2026-04-01',
  closes_on: '2027-01-15',
  proof_opens_on: '2027-01-05',
  proof_closes_on: '2027-01-20',
};
const declaration = {
  financial_year: '2026-27',
  regime: 'old',
  section_80c: [{ label: 'PPF', amount_paise: 1_50_000_00 }],
  lta_paise: 20_000_00,
  other_income_paise: 10_000_00,
};

function upload(s: Session, employee_id: string, name = 'proof.pdf', data = PDF) {
  const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${employee_id}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nTax proof\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

type Item = {
  id: string;
  label: string;
  kind: string;
  proof_status: string;
  verified_paise: number | null;
  review_reason: string | null;
  reviewed_by_name: string | null;
  reviewed_at: string | null;
  proofs: { id: string; file_name: string }[];
};
const itemsOf = async (s: Session): Promise<Item[]> =>
  (await call(s, 'GET', '/api/tax/my/declaration?financial_year=2026-27')).json().data.items;

async function signInAll() {
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-tax-proofs-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await signInAll();
  employeeId = employee.userResponse.employee_id as string;
  managerId = manager.userResponse.employee_id as string;
  expect((await call(admin, 'PUT', '/api/tax/windows/2026-27', WINDOW)).statusCode).toBe(200);
  for (const s of [employee, manager]) {
    expect((await call(s, 'PUT', '/api/tax/my/declaration', declaration)).statusCode).toBe(200);
    const sub = await call(s, 'POST', '/api/tax/my/declaration/submit', { financial_year: '2026-27' });
    expect(sub.statusCode, sub.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('proofs', () => {
  it('refuses proofs outside the proof window, with the dates in words', async () => {
    const doc = await upload(employee, employeeId);
    expect(doc.statusCode, doc.body).toBe(201);
    const [ppf] = await itemsOf(employee);
    const early = await call(employee, 'POST', `/api/tax/my/declaration/items/${ppf!.id}/proofs`, {
      document_id: doc.json().data.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Proofs for 2026-27 are taken from 5 Jan 2027 to 20 Jan 2027');
    const mine = (await call(employee, 'GET', '/api/tax/my/declaration?financial_year=2026-27')).json().data;
    expect(mine.abilities.send_proofs).toBe(false);
    expect(mine.proof_window_message).toBe('Proofs for 2026-27 are taken from 5 Jan 2027 to 20 Jan 2027');
  });

  it('takes a proof per item in the window; another employee’s item or file is 404', async () => {
    t.clock.set(new Date('2027-01-10T06:00:00Z'));
    await signInAll();
    const items = await itemsOf(employee);
    const ppf = items.find((i) => i.kind === '80c')!;
    const other = items.find((i) => i.kind === 'other_income')!;
    const doc = (await upload(employee, employeeId, 'ppf.pdf')).json().data.id as string;
    const theirs = (await upload(manager, managerId, 'theirs.pdf')).json().data.id as string;

    // The manager's document on the employee's item, and the manager on the employee's item: 404.
    const url = `/api/tax/my/declaration/items/${ppf.id}/proofs`;
    expect((await call(employee, 'POST', url, { document_id: theirs })).statusCode).toBe(404);
    expect((await call(manager, 'POST', url, { document_id: theirs })).statusCode).toBe(404);
    expect((await call(globex, 'POST', url, { document_id: doc })).statusCode).toBe(404);
    // Not a claim: nothing to prove.
    const notClaim = await call(employee, 'POST', `/api/tax/my/declaration/items/${other.id}/proofs`, {
      document_id: doc,
    });
    expect(notClaim.statusCode).toBe(409);
    expect(notClaim.json().message).toBe('Other income is not a claim, so it needs no proof');
    // Malformed: an unknown field, a non-id.
    expect((await call(employee, 'POST', url, { document_id: doc, extra: 1 })).statusCode).toBe(400);
    expect((await call(employee, 'POST', url, { document_id: 'x' })).statusCode).toBe(400);

    // Sent twice (a retry): one proof.
    const [a, b] = await Promise.all([
      call(employee, 'POST', url, { document_id: doc }),
      call(employee, 'POST', url, { document_id: doc }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const sent = (await itemsOf(employee)).find((i) => i.id === ppf.id)!;
    expect(sent.proof_status).toBe('pending');
    expect(sent.proofs.map((p) => p.file_name)).toEqual(['ppf.pdf']);
    const proofId = sent.proofs[0]!.id;

    // The file: the employee's own and administrators; not another employee, not another company.
    expect((await call(employee, 'GET', `/api/tax/my/proofs/${proofId}/file`)).statusCode).toBe(200);
    expect((await call(manager, 'GET', `/api/tax/my/proofs/${proofId}/file`)).statusCode).toBe(404);
    const adminFile = await call(admin, 'GET', `/api/tax/proofs/${proofId}/file`);
    expect(adminFile.statusCode).toBe(200);
    expect(adminFile.rawPayload.equals(PDF)).toBe(true);
    expect((await call(globex, 'GET', `/api/tax/proofs/${proofId}/file`)).statusCode).toBe(404);
    expect((await call(manager, 'GET', `/api/tax/proofs/${proofId}/file`)).statusCode).toBe(403);
    expect((await call(employee, 'GET', `/api/tax/proofs/${proofId}/file`)).statusCode).toBe(403);

    // A proof cannot be deleted from the employee's documents while it proves the item.
    const del = await call(employee, 'DELETE', `/api/employee/document/${doc}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/a proof on your tax declaration for 2026-27/);

    // The LTA proof as well, for the rejection below.
    const lta = items.find((i) => i.kind === 'lta')!;
    const tickets = (await upload(employee, employeeId, 'tickets.pdf')).json().data.id as string;
    const sentLta = await call(employee, 'POST', `/api/tax/my/declaration/items/${lta.id}/proofs`, {
      document_id: tickets,
    });
    expect(sentLta.statusCode, sentLta.body).toBe(200);

    // Saving the declaration again while both windows are open keeps the unchanged items' proofs.
    expect((await call(employee, 'PUT', '/api/tax/my/declaration', declaration)).statusCode).toBe(200);
    const after = await itemsOf(employee);
    expect(after.map((i) => [i.id, i.proofs.length])).toEqual(
      items.map((i) => [i.id, i.kind === 'other_income' ? 0 : 1]),
    );
  });

  it('an administrator verifies (at most the declared amount) or rejects with a reason, once', async () => {
    const items = await itemsOf(employee);
    const ppf = items.find((i) => i.kind === '80c')!;
    const lta = items.find((i) => i.kind === 'lta')!;
    const review = (s: Session, id: string, body: object) =>
      call(s, 'POST', `/api/tax/items/${id}/review`, body);

    // Permission: the employee and the manager may not; another company's administrator finds nothing.
    expect((await review(employee, ppf.id, { decision: 'verify' })).statusCode).toBe(403);
    expect((await review(manager, ppf.id, { decision: 'verify' })).statusCode).toBe(403);
    expect((await review(globex, ppf.id, { decision: 'verify' })).statusCode).toBe(404);

    const noReason = await review(admin, lta.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'Say why the proof is rejected' }]);
    const blank = await review(admin, lta.id, { decision: 'reject', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    const tooMuch = await review(admin, ppf.id, { decision: 'verify', verified_paise: 1_50_000_01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('The verified amount can be at most the ₹1,50,000 declared');

    // The same verification twice at once: one decision, the other told it is decided.
    const [a, b] = await Promise.all([
      review(admin, ppf.id, { decision: 'verify', verified_paise: 1 * LAKH }),
      review(admin, ppf.id, { decision: 'verify', verified_paise: 1 * LAKH }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe('The proof of PPF is verified already');
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tax_declaration_items WHERE id = $1 AND proof_status = 'verified'
          AND reviewed_by = $2 AND reviewed_at IS NOT NULL AND verified_paise = $3`,
      [ppf.id, admin.userResponse.id, 1 * LAKH],
    );
    expect(rows[0]!.n).toBe(1);

    const rejected = await review(admin, lta.id, {
      decision: 'reject',
      reason: 'The tickets are not in your name',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // The employee sees each item's status and the reason.
    const seen = await itemsOf(employee);
    const p = seen.find((i) => i.id === ppf.id)!;
    expect(p).toMatchObject({ proof_status: 'verified', verified_paise: 1 * LAKH, review_reason: null });
    expect(p.reviewed_by_name).toBeTruthy();
    expect(seen.find((i) => i.id === lta.id)).toMatchObject({
      proof_status: 'rejected',
      verified_paise: null,
      review_reason: 'The tickets are not in your name',
    });
    // A verified proof is settled: no more files on it.
    const more = (await upload(employee, employeeId)).json().data.id as string;
    const again = await call(employee, 'POST', `/api/tax/my/declaration/items/${ppf.id}/proofs`, {
      document_id: more,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The proof of PPF is verified already');
  });

  it('the pay run reads declared figures before the proof window closes, verified ones after', async () => {
    const companyId = await t.companyId('Acme Corp');
    const read = (month: string) =>
      t.db.tenant(companyId, (tx) => declarationsForPayRun(tx, '2026-27', month, [employeeId]));
    const december = (await read('2026-12')).get(employeeId)!;
    const january = (await read('2027-01')).get(employeeId)!;
    expect(december.figures).toBe('declared');
    expect(december.declarations).toMatchObject({
      section80CPaise: 1_50_000_00,
      ltaExemptPaise: 20_000_00,
      otherIncomePaise: 10_000_00,
    });
    // January: the window closed on the 20th. PPF as verified (₹1,00,000 of ₹1,50,000), LTA
    // rejected (nil), other income is not a claim and stands as declared.
    expect(january.figures).toBe('verified proofs');
    expect(january.declarations).toMatchObject({
      section80CPaise: 1 * LAKH,
      ltaExemptPaise: 0,
      otherIncomePaise: 10_000_00,
      claimsFrom: 'verified proofs',
    });

    // Golden: January's TDS on ₹1,00,000 a month (no PF, no PT), nothing deducted so far, the old
    // regime, FY 2026-27. The year: ₹12,00,000 salary + ₹10,000 other income = ₹12,10,000; less the
    // standard deduction ₹50,000.
    //   declared: − LTA ₹20,000 − 80C ₹1,50,000 → taxable ₹9,90,000; tax ₹12,500 + 20% × ₹4,90,000
    //     = ₹1,10,500; + 4% cess ₹4,420 = ₹1,14,920; over January to March: ₹38,306.67 → ₹38,307.
    //   verified: − 80C ₹1,00,000 → taxable ₹10,60,000; tax ₹1,12,500 + 30% × ₹60,000 = ₹1,30,500;
    //     + 4% cess ₹5,220 = ₹1,35,720; over three months: ₹45,240.
    // So January deducts ₹6,933 more on the verified figures than it would have on the declared ones.
    const month = { grossPaise: 1 * LAKH };
    const tds = (declarations: TaxDeclarations) =>
      computeMonthlyTds(
        {
          month: '2027-01',
          regime: 'old',
          ageBand: 'below60',
          paidSoFar: { grossPaise: 9 * LAKH },
          thisMonth: month,
          regularMonthly: month,
          tdsDeductedSoFarPaise: 0,
          declarations,
        },
        incomeTaxRulesFor('2027-01'),
      ).tdsPaise;
    expect(tds(december.declarations)).toBe(38_307_00);
    expect(tds(january.declarations)).toBe(45_240_00);
  });
});
