export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationsPage } from './components/notifications-page.tsx';
