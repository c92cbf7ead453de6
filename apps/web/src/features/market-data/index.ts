export { MarketDataPage } from './components/market-data-page.tsx';
