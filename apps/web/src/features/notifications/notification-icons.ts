import {
  IconActivity,
  IconAlertTriangle,
  IconBell,
  IconBellRinging,
  IconChecks,
  IconClock,
  IconCurrencyDollar,
  IconInfoCircle,
  IconRefresh,
  IconTrendingUp,
  IconTrophy,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import type { NotificationType } from '@myeai/domain';

export type NotificationLook = { icon: Icon; color: string; label: string };

/** Icon, colour and a spoken label for each notification type. */
export const NOTIFICATION_LOOKS: Record<NotificationType, NotificationLook> = {
  commission: { icon: IconCurrencyDollar, color: 'green', label: 'Commission' },
  achievement: { icon: IconTrophy, color: 'yellow', label: 'Achievement' },
  lead: { icon: IconUserPlus, color: 'blue', label: 'Lead' },
  system: { icon: IconInfoCircle, color: 'indigo', label: 'System' },
  reminder: { icon: IconClock, color: 'orange', label: 'Reminder' },
  alert: { icon: IconAlertTriangle, color: 'red', label: 'Alert' },
  position_initiated: { icon: IconTrendingUp, color: 'teal', label: 'Position initiated' },
  consensus_reached: { icon: IconChecks, color: 'green', label: 'Consensus reached' },
  vote_reminder: { icon: IconClock, color: 'orange', label: 'Vote reminder' },
  system_update: { icon: IconRefresh, color: 'indigo', label: 'System update' },
  trader_activity: { icon: IconActivity, color: 'cyan', label: 'Trader activity' },
  other: { icon: IconBell, color: 'gray', label: 'Notification' },
  trading_alert: { icon: IconBellRinging, color: 'teal', label: 'Trading alert' },
};
