export { AdminUsersPage } from './components/admin-users-page.tsx';
export { MyTeamPage } from './components/my-team-page.tsx';
