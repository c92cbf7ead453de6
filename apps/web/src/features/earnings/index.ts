export { EarningsPage } from './components/earnings-page.tsx';
