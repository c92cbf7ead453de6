export { ProfilePage } from './profile-page.tsx';
export { PersonDataPanel } from './your-data/person-data-panel.tsx';
