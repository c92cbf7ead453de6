export { AdminPersonalizedMessagesPage } from './components/admin-personalized-messages-page.tsx';
