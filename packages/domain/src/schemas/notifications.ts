import { z } from 'zod';
import { RoleSchema } from '../access/roles.ts';
import { NOTIFICATION_FILTERS, NOTIFICATION_TYPES } from '../notifications/notification-rules.ts';
import { TRADING_LIVE_EVENT_SCHEMAS } from './trading/live-events.ts';
import { AccountUpdatedPayloadSchema } from './people.ts';
import { cursorListQuerySchema, cursorPageSchema } from './paging.ts';

/** The live channel (a WebSocket upgrade on the page's own origin). */
export const livePaths = {
  socket: '/ws',
} as const;

/** Notification centre and settings API paths. */
export const notificationsPaths = {
  list: '/api/notifications',
  readAll: '/api/notifications/read-all',
  settings: '/api/notifications/settings',
  read: '/api/notifications/:id/read',
  one: '/api/notifications/:id',
  adminSend: '/api/admin/notifications',
} as const;

export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  action_required: z.boolean(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const ListNotificationsQuerySchema = cursorListQuerySchema({ filter: z.enum(NOTIFICATION_FILTERS).default('all') });
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuerySchema>;

export const NotificationPageSchema = cursorPageSchema(NotificationSchema, { unread_count: z.number().int() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationIdParamsSchema = z.object({ id: z.uuid('Unknown notification.') });

export const NotificationSettingsSchema = z.object({
  commission_alerts: z.boolean(),
  goal_milestones: z.boolean(),
  lead_activity: z.boolean(),
  follow_up_reminders: z.boolean(),
  email_notifications: z.boolean(),
  trading_alerts: z.boolean(),
  trading_alerts_email: z.boolean(),
});

export const NotificationAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('role'), role: z.enum(RoleSchema.options, 'Choose a role.') }),
]);

export const SendSystemNotificationInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(120),
  message: z.string().trim().min(1, 'Enter a message.').max(1000),
  audience: NotificationAudienceSchema,
});
export type SendSystemNotificationInput = z.infer<typeof SendSystemNotificationInputSchema>;

export const SendSystemNotificationResponseSchema = z.object({ status: z.literal('queued'), job_id: z.number().int() });

export const ReadAllResponseSchema = z.object({ status: z.literal('success'), updated: z.number().int() });

/** Messages on the live socket (server to browser). */
export const LiveEventSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.number().int(), kind: z.literal('notification.created'), payload: NotificationSchema }),
  z.object({ id: z.number().int(), kind: z.literal('notification.read'), payload: z.object({ ids: z.array(z.string()).nullable() }) }),
  z.object({ id: z.number().int(), kind: z.literal('notification.deleted'), payload: z.object({ id: z.string() }) }),
  // An admin changed the user's roles or account status (People Management): the app refetches the profile.
  z.object({ id: z.number().int(), kind: z.literal('account.updated'), payload: AccountUpdatedPayloadSchema }),
  // Trading kinds (issue 7), delivered by role (publishRoleEvent): see schemas/trading/live-events.ts.
  ...TRADING_LIVE_EVENT_SCHEMAS,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type LiveEventKind = LiveEvent['kind'];
