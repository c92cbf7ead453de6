/** Types of spec 1 section 3 (trading) and of spec 2's notifications page (business). */
export const NOTIFICATION_TYPES = [
  'position_initiated',
  'consensus_reached',
  'vote_reminder',
  'system_update',
  'trader_activity',
  'other',
  'commission',
  'achievement',
  'lead',
  'system',
  'reminder',
  'alert',
  'trading_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_FILTERS = ['all', 'unread', 'commission', 'achievement', 'leads', 'reminders'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Types each type filter of the page shows. */
export const FILTER_TYPES: Record<Exclude<NotificationFilter, 'all' | 'unread'>, readonly NotificationType[]> = {
  commission: ['commission'],
  achievement: ['achievement'],
  leads: ['lead'],
  reminders: ['reminder', 'vote_reminder'],
};

export type NotificationSettings = {
  commission_alerts: boolean;
  goal_milestones: boolean;
  lead_activity: boolean;
  follow_up_reminders: boolean;
  email_notifications: boolean;
  /** Alerts of followed compass cells (docs/decisions/020-trading-alerts.md). */
  trading_alerts: boolean;
  /** Trading alerts also by e-mail (with Email Notifications on). */
  trading_alerts_email: boolean;
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  commission_alerts: true,
  goal_milestones: true,
  lead_activity: true,
  follow_up_reminders: true,
  email_notifications: true,
  trading_alerts: true,
  trading_alerts_email: true,
};

/** The settings modal's toggles, in the order and with the labels of spec 2. */
export const NOTIFICATION_SETTING_LABELS: Record<keyof NotificationSettings, string> = {
  commission_alerts: 'Commission Alerts',
  goal_milestones: 'Goal Milestones',
  lead_activity: 'Lead Activity',
  follow_up_reminders: 'Follow-up Reminders',
  email_notifications: 'Email Notifications',
  trading_alerts: 'Trading Alerts',
  trading_alerts_email: 'Trading Alerts by Email',
};

/** Which category toggle governs a type; types without one (system, trading...) are always delivered. */
const TYPE_SETTING: Partial<Record<NotificationType, keyof NotificationSettings>> = {
  commission: 'commission_alerts',
  achievement: 'goal_milestones',
  lead: 'lead_activity',
  reminder: 'follow_up_reminders',
  vote_reminder: 'follow_up_reminders',
  trading_alert: 'trading_alerts',
};

/** Types with their own e-mail choice beside the Email Notifications switch. */
const TYPE_EMAIL_SETTING: Partial<Record<NotificationType, keyof NotificationSettings>> = {
  trading_alert: 'trading_alerts_email',
};

/** A type whose category the user switched off is neither shown nor e-mailed. */
export function isTypeEnabled(type: NotificationType, settings: NotificationSettings): boolean {
  const setting = TYPE_SETTING[type];
  return setting ? settings[setting] : true;
}

export function shouldEmail(type: NotificationType, settings: NotificationSettings): boolean {
  const emailSetting = TYPE_EMAIL_SETTING[type];
  return settings.email_notifications && isTypeEnabled(type, settings) && (emailSetting ? settings[emailSetting] : true);
}

/** The bell's badge: the count, or "9+" above 9, or nothing at 0. */
export function unreadBadgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

const FILTER_NOUNS: Record<Exclude<NotificationFilter, 'all' | 'unread'>, string> = {
  commission: 'commission',
  achievement: 'achievement',
  leads: 'lead',
  reminders: 'reminder',
};

/** Empty-state texts of the notifications page (spec 2). */
export function emptyStateText(filter: NotificationFilter): { title: string; message: string } {
  const title = 'No notifications found';
  if (filter === 'all') return { title, message: "You're all set! New notifications will appear here." };
  if (filter === 'unread') return { title, message: 'All caught up! No unread notifications.' };
  return { title, message: `No ${FILTER_NOUNS[filter]} notifications to display.` };
}

/**
 * Screens a notification may link to through its `data.link` (decision 070: the weekly payout
 * batch tells the admins to review it on /admin/payouts), with the label of the link. Only these:
 * a notification's data never sends anyone to an address it makes up.
 */
export const NOTIFICATION_LINKS = { '/admin/payouts': 'Review the payout batch' } as const;
export type NotificationLink = keyof typeof NOTIFICATION_LINKS;

/** Where clicking a notification leads: a trading call to action opens the trader dashboard, a trading alert the compass, a linked one its screen. */
export function notificationTarget(notification: { type?: string; action_required: boolean; data: Record<string, unknown> | null }): string | null {
  if (notification.type === 'trading_alert') return '/trading-compass';
  const link = notification.data?.link;
  if (typeof link === 'string' && Object.hasOwn(NOTIFICATION_LINKS, link)) return link;
  return notification.action_required && notification.data?.windowId ? '/trader-dashboard' : null;
}

/** The words of a notification's link (notificationTarget). */
export function notificationTargetLabel(target: string): string {
  return Object.hasOwn(NOTIFICATION_LINKS, target) ? NOTIFICATION_LINKS[target as NotificationLink] : 'Open the trader dashboard';
}
