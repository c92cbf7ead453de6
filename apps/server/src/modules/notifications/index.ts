export { createNotification, createNotifications, countUnread, getNotificationSettings, listRecentNotifications, saveNotificationSettings, type NewNotification } from './notifications.service.ts';
export { fanOutNotification, notificationJobHandlers, type NotificationFanOut } from './notification-broadcast.ts';
