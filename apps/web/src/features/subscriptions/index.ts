export { SubscriptionPage } from './components/subscription-page.tsx';
export { SubscriptionSuccessPage } from './components/subscription-success-page.tsx';
export { LocalCheckoutPage } from './components/local-checkout-page.tsx';
export { PlanCard } from './components/plan-card.tsx';
export { TradingDisclaimer } from './components/trading-disclaimer.tsx';
export { ReceiptPage } from './components/receipt-page.tsx';
