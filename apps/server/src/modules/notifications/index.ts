export { createNotification, createNotifications, countUnread, listRecentNotifications, saveNotificationSettings, type NewNotification } from './notifications.service.ts';
export { fanOutNotification, notificationJobHandlers, type NotificationFanOut } from './notification-broadcast.ts';
