export { CommissionsPage } from './components/commissions-page.tsx';
