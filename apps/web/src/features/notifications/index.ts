// NotificationsPage is not exported here: screens.tsx loads components/notifications-page.tsx
// lazily, and a re-export would put the page and its forms in the app shell's chunks.
export { NotificationBell } from './components/notification-bell.tsx';
export { useBellNotifications } from './api/notifications-api.ts';
export { NotificationTime } from './components/notification-time.tsx';
