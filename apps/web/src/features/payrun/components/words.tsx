import type { AnomalyKind, PayRun } from '@hr/contract';
import { Text } from '@mantine/core';
import { formatMonth, formatPaise } from '../../../lib/format';

export const ANOMALY_LABELS: Record<AnomalyKind, string> = {
  net_change: 'Net pay changed',
  zero_or_negative_net: 'Zero or negative net',
  missing_bank_account: 'No bank account',
  missing_uan: 'No UAN',
  exited_paid: 'Paid after exit',
  joined_not_paid: 'Joined, not paid',
  bank_account_changed: 'Bank account changed',
  tds_shortfall: 'TDS shortfall',
  no_salary: 'No salary',
  compute_failed: 'Compute failed',
};

/** '2026-11' as "Nov 2026". */
export const monthLabel = (month: string) => formatMonth(month, 'short');

/** Where a run is, in words. */
export function runStatusText(run: PayRun): string {
  switch (run.status) {
    case 'draft':
      return run.attendance_status === 'confirmed' ? 'Attendance confirmed' : 'Draft';
    case 'computing':
      return 'Computing';
    case 'computed':
      return 'Computed, in review';
    case 'confirmed':
      return run.payslips_status === 'generated' ? 'Confirmed, payslips made' : 'Confirmed';
  }
}

/** A signed difference in rupees ("+₹1,200.00", "−₹500.00"); a dash when there is nothing to compare. */
export function Difference({ paise }: { paise: number | null }) {
  if (paise === null) return <span>—</span>;
  if (paise === 0) return <span>No change</span>;
  return (
    <Text component="span" size="inherit" c={paise > 0 ? 'teal.9' : 'red.9'}>
      {paise > 0 ? '+' : '−'}
      {formatPaise(Math.abs(paise))}
    </Text>
  );
}

/**
 * A table's own scrolling box for narrow screens: a focusable region, so that the keyboard can
 * scroll it too (as the data-table kit does).
 */
export function ScrollBox({
  label,
  maxHeight,
  children,
}: {
  label: string;
  maxHeight?: number;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users.
      tabIndex={0}
      style={{ overflow: 'auto', maxWidth: '100%', maxHeight, position: 'relative' }}
    >
      {children}
    </section>
  );
}
