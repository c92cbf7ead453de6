import { z } from 'zod';

export const ROLES = [
  'newcomer',
  'subscriber_free',
  'subscriber',
  'trader',
  'investor',
  'affiliate',
  'admin',
] as const;

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  newcomer: 'Newcomer',
  subscriber_free: 'Free User',
  subscriber: 'Subscriber',
  trader: 'Trader',
  investor: 'Investor',
  affiliate: 'Affiliate',
  admin: 'Admin',
};
