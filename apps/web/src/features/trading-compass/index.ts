export { TradingCompassPage } from './components/trading-compass-page.tsx';
export { BIAS_WORDS, LIGHT_COLORS } from './traffic-light.ts';
