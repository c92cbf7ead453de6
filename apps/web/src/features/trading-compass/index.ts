export { TradingCompassPage } from './components/trading-compass-page.tsx';
