/** What other modules may use of the expenses module (they import this file, never its others). */

import { isRealDate } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isApproverOfAny } from '../approvals';
import { approvedUnpaid, markPaidThroughPayroll, type PayoutLine } from './expenses.repo';

export {
  type ClaimGroup,
  type ClaimReportFilter,
  type ClaimReportRow,
  claimGroups,
  claimRowsBatch,
  type PayoutLine,
} from './expenses.repo';
export { ADMIN_LEVEL_ABOVE_PAISE, EXPENSE_TYPE } from './expenses.service';

/**
 * True when the document is the receipt of a claim whose approval request has the employee as an
 * approver at any level (or as today's delegate of one): they open the receipt to decide, even
 * when the claimant is outside their team scope. Runs in the caller's tenant transaction.
 */
export async function receiptReadableByApprover(
  tx: Queryable,
  documentId: string,
  employeeId: string,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM expenses WHERE receipt_document_id = $1 AND deleted_at IS NULL',
    [documentId],
  );
  return isApproverOfAny(
    tx,
    'expense',
    rows.map((r) => r.id),
    employeeId,
  );
}

/** Claim statuses that rely on their receipt: submitted (pending), approved, paid. */
const RELYING = ['pending', 'approved', 'paid'];
const STATUS_WORD: Record<string, string> = { pending: 'submitted', approved: 'approved', paid: 'paid' };

/**
 * Of these documents, the ones that are the receipt of a claim still standing (submitted, approved
 * or paid, not deleted), each with words for why it is kept ("the receipt of an approved claim").
 * A draft's or a rejected or withdrawn claim's receipt may go. Runs in the caller's tenant
 * transaction; the files module asks before it deletes a document.
 */
export async function receiptsInUse(tx: Queryable, documentIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (documentIds.length === 0) return out;
  const { rows } = await tx.query<{ document_id: string; status: string }>(
    `SELECT DISTINCT ON (receipt_document_id) receipt_document_id AS document_id, status
       FROM expenses
      WHERE receipt_document_id = ANY($1::uuid[]) AND deleted_at IS NULL AND status = ANY($2::text[])
      ORDER BY receipt_document_id, created_at DESC`,
    [documentIds, RELYING],
  );
  for (const r of rows) {
    const word = STATUS_WORD[r.status] ?? r.status;
    out.set(r.document_id, `the receipt of ${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word} claim`);
  }
  return out;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function monthEnd(month: string): string {
  if (!MONTH.test(month)) throw new AppError('VALIDATION', 'Month: use YYYY-MM');
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/**
 * The pay run of `month` ('YYYY-MM') reads these: approved claims not yet paid whose expense date
 * is on or before the month's last day, one one-time payout line each (employee, amount in paise,
 * claim, category). Runs in the caller's tenant transaction (db.tenant of the pay run's company),
 * so only that company's claims are seen.
 */
export async function reimbursementPayoutLines(tx: Queryable, month: string): Promise<PayoutLine[]> {
  return approvedUnpaid(tx, monthEnd(month));
}

/**
 * The pay run `payRunReference` paid these claims on `paidOn`: each approved one becomes paid
 * through payroll with that reference (in the caller's transaction, so it commits with the run).
 * A retry changes nothing; returns the claims this call marked. A claim that is not approved any
 * more (withdrawn, or paid outside payroll meanwhile) is left alone and not returned.
 */
export async function markReimbursementsPaidByPayroll(
  tx: Queryable,
  input: { claimIds: string[]; payRunReference: string; paidOn: string; byUserId?: string | null },
): Promise<string[]> {
  const reference = input.payRunReference.trim();
  if (!reference || reference.length > 100) {
    throw new AppError('VALIDATION', 'Pay run reference: 1 to 100 characters');
  }
  if (!isRealDate(input.paidOn)) throw new AppError('VALIDATION', 'Paid on: use a real date as YYYY-MM-DD');
  return markPaidThroughPayroll(tx, [...new Set(input.claimIds)], {
    reference,
    paidOn: input.paidOn,
    by: input.byUserId ?? null,
  });
}

/**
 * The employee's approved claims not yet paid (full and final settlement, issue 23): one line each.
 * Caller's tenant transaction.
 */
export async function openReimbursementsOf(tx: Queryable, employeeId: string): Promise<PayoutLine[]> {
  return (await approvedUnpaid(tx, '2199-12-31')).filter((l) => l.employee_id === employeeId);
}
