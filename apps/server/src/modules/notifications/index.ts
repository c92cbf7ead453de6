export { createNotification, countUnread, type NewNotification } from './notifications.service.ts';
export { notificationJobHandlers } from './notification-broadcast.ts';
