import type { EmployeeDashboard } from '@hr/contract';

/** "A", "A or B", "A, B or C". */
const orList = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/**
 * Who decides one of my pending requests next, with the level when there are several and today's
 * delegates of those approvers: "Asha Rao (level 2 of 2), or Ravi Kumar standing in".
 */
export function nextApproverLine(r: EmployeeDashboard['my_pending'][number]): string {
  const who = r.next_approvers.length ? r.next_approvers.join(', ') : 'not assigned';
  const level = r.level_count > 1 ? `${who} (level ${r.level} of ${r.level_count})` : who;
  return r.standing_in.length ? `${level}, or ${orList(r.standing_in)} standing in` : level;
}
