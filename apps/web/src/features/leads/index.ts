export { LeadsPage } from './components/leads-page.tsx';
