import type { AreaNav } from '../../components/layouts/types';
import {
  AttendanceScreen,
  ExpensesScreen,
  LeaveScreen,
  LettersScreen,
  MyExitScreen,
  MyForm16Screen,
  NotificationsScreen,
  PayslipsScreen,
  ProfileScreen,
  TaxDeclarationScreen,
  UserDashboard,
} from './screens';
import type { ScreenDef } from './types';

/** Employee section (path user), spec section 2. */
export const USER_SCREENS: ScreenDef[] = [
  { path: '', title: 'Dashboard', permission: ['employee_dashboard.view'], Screen: UserDashboard },
  {
    path: 'attendance',
    title: 'Attendance',
    permission: ['employee_attendance.view'],
    Screen: AttendanceScreen,
  },
  { path: 'leaves', title: 'Leaves', permission: ['employee_leaves.view'], Screen: LeaveScreen },
  {
    path: 'notifications',
    title: 'Notifications',
    permission: ['employee_notifications.view'],
    Screen: NotificationsScreen,
  },
  {
    path: 'salary/expenses',
    title: 'Reimbursements',
    permission: ['employee_expense.view'],
    Screen: ExpensesScreen,
  },
  {
    path: 'salary/tax-declaration',
    title: 'Tax declaration',
    // The permission the employee's own payslips use (user/documents/payslips).
    permission: ['employee_profile.view'],
    Screen: TaxDeclarationScreen,
  },
  { path: 'profile', title: 'Profile', permission: ['employee_profile.view'], Screen: ProfileScreen },
  {
    path: 'documents/letter',
    title: 'Letters',
    permission: ['employee_profile.view'],
    Screen: LettersScreen,
  },
  {
    path: 'documents/payslips',
    title: 'Payslips',
    permission: ['employee_profile.view'],
    Screen: PayslipsScreen,
  },
  {
    path: 'documents/form16',
    title: 'Form 16',
    permission: ['employee_profile.view'],
    Screen: MyForm16Screen,
  },
  {
    path: 'exit',
    title: 'Resignation and settlement',
    permission: ['employee_profile.view'],
    Screen: MyExitScreen,
  },
];

export const USER_AREA: AreaNav = {
  key: 'user',
  label: 'Employee',
  base: '/user',
  permission: ['employee_dashboard.view'],
  menu: [
    {
      label: 'Dashboard',
      to: '/user',
      icon: 'dashboard',
      permission: ['employee_dashboard.view'],
      end: true,
    },
    {
      label: 'Attendance',
      to: '/user/attendance',
      icon: 'attendance',
      permission: ['employee_attendance.view'],
    },
    { label: 'Leaves', to: '/user/leaves', icon: 'leaves', permission: ['employee_leaves.view'] },
    {
      label: 'Notifications',
      to: '/user/notifications',
      icon: 'notifications',
      permission: ['employee_notifications.view'],
    },
    {
      label: 'Salary',
      icon: 'salary',
      children: [
        { label: 'Reimbursements', to: '/user/salary/expenses', permission: ['employee_expense.view'] },
        {
          label: 'Tax declaration',
          to: '/user/salary/tax-declaration',
          permission: ['employee_profile.view'],
        },
      ],
    },
    { label: 'Profile', to: '/user/profile', icon: 'profile', permission: ['employee_profile.view'] },
    {
      label: 'Documents',
      icon: 'documents',
      children: [
        { label: 'Letters', to: '/user/documents/letter', permission: ['employee_profile.view'] },
        { label: 'Payslips', to: '/user/documents/payslips', permission: ['employee_profile.view'] },
        { label: 'Form 16', to: '/user/documents/form16', permission: ['employee_profile.view'] },
        { label: 'Resignation and settlement', to: '/user/exit', permission: ['employee_profile.view'] },
      ],
    },
  ],
};
