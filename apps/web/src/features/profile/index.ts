export { ProfilePage } from './profile-page.tsx';
