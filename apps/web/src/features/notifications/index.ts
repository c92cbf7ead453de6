export { LiveChannelProvider, useLiveStatus } from './live/live-channel.tsx';
export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationsPage } from './components/notifications-page.tsx';
