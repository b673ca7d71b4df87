import type { AreaNav } from '../../components/layouts/types';
import {
  TeamDashboard,
  TeamLeaveScreen,
  TeamProfileChangeScreen,
  TeamRegularisationScreen,
  TeamReimbursementsScreen,
} from './screens';
import type { ScreenDef } from './types';

/** Team section (path team), spec section 2. */
export const TEAM_SCREENS: ScreenDef[] = [
  { path: '', title: 'Dashboard', permission: ['manager_dashboard.view'], Screen: TeamDashboard },
  {
    path: 'requests/reimbursements',
    title: 'Reimbursement requests',
    permission: ['reimbursements_requests.view'],
    Screen: TeamReimbursementsScreen,
  },
  {
    path: 'requests/regularization',
    title: 'Regularisation requests',
    permission: ['regularisation_requests.view'],
    Screen: TeamRegularisationScreen,
  },
  {
    path: 'requests/leaves',
    title: 'Leave requests',
    permission: ['leave_requests.view'],
    Screen: TeamLeaveScreen,
  },
  {
    path: 'requests/profile-update',
    title: 'Profile Change',
    permission: ['profile_update_requests.view'],
    Screen: TeamProfileChangeScreen,
  },
];

export const TEAM_AREA: AreaNav = {
  key: 'team',
  label: 'Team',
  base: '/team',
  permission: ['manager_dashboard.view'],
  menu: [
    { label: 'Dashboard', to: '/team', icon: 'teams', permission: ['manager_dashboard.view'], end: true },
    {
      label: 'Requests',
      icon: 'requests',
      children: [
        {
          label: 'Reimbursements',
          to: '/team/requests/reimbursements',
          permission: ['reimbursements_requests.view'],
        },
        {
          label: 'Regularisation',
          to: '/team/requests/regularization',
          permission: ['regularisation_requests.view'],
        },
        { label: 'Leaves', to: '/team/requests/leaves', permission: ['leave_requests.view'] },
        {
          label: 'Profile Change',
          to: '/team/requests/profile-update',
          permission: ['profile_update_requests.view'],
        },
      ],
    },
  ],
};
