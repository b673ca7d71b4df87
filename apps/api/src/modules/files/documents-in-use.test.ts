import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type Session, type TestApp } from '../../test/helper';
import { markReimbursementsPaidByPayroll } from '../expenses';

// Issue 21: a document a standing request relies on is kept. The receipt of a submitted, approved
// or paid claim and the document of a pending or approved leave request cannot be deleted, by the
// claimant or by an administrator; a draft's, or a rejected or withdrawn request's, document may go.

let t: TestApp;
let dir: string;
let admin: Session;
let manager: Session;
let employee: Session;
let acme: string;
let today: string;
let food: string;
let leaveTypeId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, payload });
const day = (n: number) => new Date(Date.now() + 5.5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function uploadDocument(s: Session, title: string): Promise<string> {
  const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${s.userResponse.employee_id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const removeDocument = (s: Session, id: string) => call('DELETE', `/api/employee/document/${id}`, s);
const canDelete = async (id: string) => {
  const list = await call('GET', `/api/employee/${employee.userResponse.employee_id}/documents`, employee);
  return list.json().data.find((d: { id: string }) => d.id === id).abilities.delete as boolean;
};

let bill = 0;
async function claim(receipt: string, submit = true): Promise<string> {
  const res = await call('POST', '/api/expenses/addexpense', employee, {
    category_id: food,
    expense_date: today,
    amount_paise: 25_000,
    merchant: 'Cafe',
    bill_number: `IU-${++bill}`,
    receipt_file_id: receipt,
    submit,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.status).toBe(submit ? 'pending' : 'draft');
  return res.json().data.id;
}

async function leave(from: number, documentId: string): Promise<string> {
  const res = await call('POST', '/api/leave', employee, {
    leave_type_id: leaveTypeId,
    from_date: day(from),
    to_date: day(from),
    reason: 'Fever',
    document_id: documentId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-docs-in-use-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  acme = await t.companyId('Acme Corp');
  [admin, manager, employee] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
  ]);
  const dropdowns = (await call('GET', '/api/expenses/dropdowns', employee)).json().data;
  today = dropdowns.today;
  food = dropdowns.categories.find((c: { code: string }) => c.code === 'food').id;
  // No weekly-offs, so any day can be asked for; a leave type with a balance to take.
  await t.db.tenant(acme, (tx) =>
    tx.query(
      `UPDATE weekly_off_policies SET days = $1::jsonb
        WHERE id = (SELECT weekly_off_policy_id FROM master_policies WHERE is_default)`,
      [JSON.stringify(Array.from({ length: 7 }, () => ['none', 'none', 'none', 'none', 'none']))],
    ),
  );
  const type = await call('POST', '/api/leave/types', admin, {
    name: 'Sick leave',
    code: 'SL',
    paid: true,
    notice_days: 0,
  });
  leaveTypeId = type.json().data.id;
  await call('POST', '/api/leave/policies', admin, {
    name: 'Standard',
    is_base: true,
    leave_type_ids: [leaveTypeId],
  });
  const opening = await call(
    'PUT',
    `/api/employee/${employee.userResponse.employee_id}/leave-balance`,
    admin,
    {
      leave_type_id: leaveTypeId,
      kind: 'opening',
      amount: 10,
      reason: 'Opening balance',
    },
  );
  expect(opening.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the receipt of a claim', () => {
  it('of a submitted, then approved, then paid claim cannot be deleted (409 in words), by the claimant or an admin', async () => {
    const receipt = await uploadDocument(employee, 'Lunch receipt');
    const id = await claim(receipt);
    const submitted = await removeDocument(employee, receipt);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'This document is the receipt of a submitted claim, so it cannot be deleted while that request stands',
    });
    expect(await canDelete(receipt)).toBe(false);

    expect((await call('PUT', `/api/requests/reimbursements/${id}/approve`, manager, {})).statusCode).toBe(
      200,
    );
    for (const s of [employee, admin]) {
      const res = await removeDocument(s, receipt);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/receipt of an approved claim/);
    }

    await t.db.tenant(acme, (tx) =>
      markReimbursementsPaidByPayroll(tx, { claimIds: [id], payRunReference: 'PR-1', paidOn: today }),
    );
    expect((await removeDocument(admin, receipt)).json().message).toMatch(/receipt of a paid claim/);
    // Still there, and still downloadable.
    const download = await call('GET', `/api/employee/document/${receipt}/download`, employee);
    expect(download.statusCode).toBe(200);
  });

  it('of a draft, or a rejected or withdrawn claim, may be deleted', async () => {
    const draftReceipt = await uploadDocument(employee, 'Draft receipt');
    await claim(draftReceipt, false);
    expect(await canDelete(draftReceipt)).toBe(true);
    expect((await removeDocument(employee, draftReceipt)).statusCode).toBe(200);

    const rejectedReceipt = await uploadDocument(employee, 'Rejected receipt');
    const rejected = await claim(rejectedReceipt);
    const reject = await call('PUT', `/api/requests/reimbursements/${rejected}/reject`, manager, {
      comment: 'Personal',
    });
    expect(reject.statusCode).toBe(200);
    expect((await removeDocument(employee, rejectedReceipt)).statusCode).toBe(200);

    const withdrawnReceipt = await uploadDocument(employee, 'Withdrawn receipt');
    const withdrawn = await claim(withdrawnReceipt);
    expect(
      (await call('DELETE', `/api/expenses/removeexpense?expense_id=${withdrawn}`, employee)).statusCode,
    ).toBe(200);
    expect((await removeDocument(employee, withdrawnReceipt)).statusCode).toBe(200);
  });
});

describe('the document of a leave request', () => {
  it('of a pending, then approved, request cannot be deleted; once cancelled it may', async () => {
    const doc = await uploadDocument(employee, 'Medical certificate');
    const id = await leave(3, doc);
    const pending = await removeDocument(employee, doc);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(
      'This document is attached to a pending leave request, so it cannot be deleted while that request stands',
    );
    expect(await canDelete(doc)).toBe(false);

    expect((await call('PUT', `/api/requests/leaves/${id}/approve`, manager, {})).statusCode).toBe(200);
    const approved = await removeDocument(admin, doc);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toMatch(/attached to an approved leave request/);

    // Cancelled (approved leave taken back): the request no longer relies on it.
    expect((await call('DELETE', `/api/leave/leave-record/${id}`, employee)).json().data.status).toBe(
      'cancelled',
    );
    expect(await canDelete(doc)).toBe(true);
    expect((await removeDocument(employee, doc)).statusCode).toBe(200);
  });

  it('of a withdrawn request may be deleted', async () => {
    const doc = await uploadDocument(employee, 'Certificate');
    const id = await leave(5, doc);
    expect((await call('DELETE', `/api/leave/leave-record/${id}`, employee)).json().data.status).toBe(
      'withdrawn',
    );
    expect((await removeDocument(employee, doc)).statusCode).toBe(200);
  });
});
