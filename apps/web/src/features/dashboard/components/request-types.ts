/** Request types in words, and where each one is looked at (the employee's page, the queues). */
export const REQUEST_TYPE_LABEL: Record<string, string> = {
  leave: 'Leave',
  regularisation: 'Regularisation',
  expense: 'Reimbursement',
  leave_encashment: 'Leave encashment',
  profile_change: 'Profile change',
};
export const requestTypeLabel = (t: string) => REQUEST_TYPE_LABEL[t] ?? t;

/** Where the requester follows their own request of a type. */
export const MY_REQUEST_PAGE: Record<string, string> = {
  leave: '/user/leaves',
  regularisation: '/user/attendance',
  expense: '/user/salary/expenses',
  leave_encashment: '/user/leaves',
  profile_change: '/user/profile',
};

/** The company-wide queue of a type (admin section). */
export const ADMIN_QUEUE: Record<string, string> = {
  leave: '/admin/requests/leave',
  regularisation: '/admin/requests/regularization',
  expense: '/admin/requests/reimbursements',
  leave_encashment: '/admin/requests/leave?tab=encashment',
  profile_change: '/admin/requests/profile-change',
};

/** My queue of a type (team section). */
export const TEAM_QUEUE: Record<string, string> = {
  leave: '/team/requests/leaves',
  regularisation: '/team/requests/regularization',
  expense: '/team/requests/reimbursements',
  leave_encashment: '/team/requests/leaves?tab=encashment',
  profile_change: '/team/requests/profile-update',
};

export const daysLabel = (n: number) => (n <= 0 ? 'today' : n === 1 ? '1 day' : `${n} days`);
