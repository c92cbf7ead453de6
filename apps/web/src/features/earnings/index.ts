export { EarningsPage } from './components/earnings-page.tsx';
export { CriterionRow } from './components/advancement-card.tsx';
