export { AdminOperationsPage } from './components/admin-operations-page.tsx';
