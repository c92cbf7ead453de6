import { z } from 'zod';
import { RoleSchema } from '../access/roles.ts';
import { normaliseRoleSet, PEOPLE_MESSAGES } from '../people/people-rules.ts';

/** People Management and My Team API paths (server route templates; the web app fills them with apiPath). */
export const peoplePaths = {
  users: '/api/rbac/admin/users',
  roles: '/api/rbac/admin/users/:id/roles',
  referral: '/api/rbac/admin/users/:id/referral',
  suspend: '/api/rbac/admin/users/:id/suspend',
  reactivate: '/api/rbac/admin/users/:id/reactivate',
  availableReferrers: '/api/rbac/admin/available-referrers',
  myTeam: '/api/rbac/my-team',
} as const;

export const PEOPLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PEOPLE_SORTS = ['name', 'email', 'joined'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

const SearchSchema = z
  .string()
  .trim()
  .max(100, 'Search at most 100 characters.')
  .optional()
  .transform((value) => value || undefined);

const PageSchema = z.coerce.number().int().min(1).max(10_000).default(1);
const PageSizeSchema = z.coerce
  .number()
  .int()
  .refine((size) => (PEOPLE_PAGE_SIZES as readonly number[]).includes(size), `A page holds ${PEOPLE_PAGE_SIZES.join(', ')} rows.`)
  .default(25);

/** Which accounts People Management lists: current ones (active or suspended), or those erased after a deletion (decision 059). */
export const PEOPLE_ACCOUNT_FILTERS = ['current', 'deleted'] as const;

/** GET /api/rbac/admin/users: the referrer filter is all, direct (no referrer) or one referrer's id. */
export const AdminUsersQuerySchema = z.object({
  search: SearchSchema,
  accounts: z.enum(PEOPLE_ACCOUNT_FILTERS).default('current'),
  referrer: z.union([z.literal('all'), z.literal('direct'), z.uuid('Choose a referrer from the list.')]).default('all'),
  sort: z.enum(PEOPLE_SORTS).default('joined'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: PageSchema,
  page_size: PageSizeSchema,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const MemberStatusSchema = z.enum(['converted', 'trial_activated', 'active']);

/** One row of People Management (spec 2 section 3 "User (admin list)"). */
export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  roles: z.array(RoleSchema).min(1),
  active_role: RoleSchema,
  /** 'deleted': erased after a deletion's grace period; shown, never acted on (decision 059). */
  account_status: z.enum(['active', 'suspended', 'deleted']),
  referred_by_user_id: z.string().nullable(),
  referred_by_name: z.string().nullable(),
  referral_code_used: z.string().nullable(),
  /** When the referral was recorded (ISO), null without a referrer. */
  referral_date: z.string().nullable(),
  /** When the account was created (ISO). */
  join_date: z.string(),
  current_status: MemberStatusSchema,
  /** The user's platform trial, for the extend-trial action; null when they never started one. */
  trial: z.object({ id: z.string(), ends_at: z.string(), converted: z.boolean() }).nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const PersonIdParamsSchema = z.object({ id: z.uuid('User not found.') });

/** POST /api/rbac/admin/users/:id/roles: the whole role set, at least one role. */
export const UpdateUserRolesInputSchema = z.object({
  roles: z
    .array(RoleSchema)
    .min(1, PEOPLE_MESSAGES.atLeastOneRole)
    .max(20)
    .transform((roles) => normaliseRoleSet(roles)),
});
export type UpdateUserRolesInput = z.infer<typeof UpdateUserRolesInputSchema>;

const DateOnlySchema = z.iso.date('Enter the join date as YYYY-MM-DD.').refine((date) => date >= '2000-01-01', 'The join date cannot be before 2000.');

/**
 * POST /api/rbac/admin/users/:id/referral (spec 2 section 7). "none" removes the referral. Without
 * a code the referrer's current one is recorded; without a join date, today.
 */
export const UpdateReferralInputSchema = z.object({
  referrer_user_id: z.union([z.literal('none'), z.uuid('Choose a referrer, or none.')], 'Choose a referrer, or none.'),
  referral_code: z
    .string()
    .trim()
    .max(64, 'A referral code has at most 64 characters.')
    .nullish()
    .transform((value) => value || null),
  join_date: DateOnlySchema.nullish().transform((value) => value ?? null),
});
export type UpdateReferralInput = z.infer<typeof UpdateReferralInputSchema>;

export const AdminUserResponseSchema = z.object({ status: z.literal('success'), user: AdminUserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

/** GET /api/rbac/admin/available-referrers: with a search, any matching user; without, the users who referred someone, most first. */
export const AvailableReferrersQuerySchema = z.object({ search: SearchSchema });
export const AvailableReferrerSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  referral_code: z.string(),
  total_referrals: z.number().int(),
});
export type AvailableReferrer = z.infer<typeof AvailableReferrerSchema>;
export const AvailableReferrersSchema = z.object({ referrers: z.array(AvailableReferrerSchema) });
export const AVAILABLE_REFERRERS_MAX = 50;

/** GET /api/rbac/my-team (spec 2 section 3 "Team member"; the member's e-mail stays private: docs/decisions/035). */
export const MyTeamQuerySchema = z.object({ search: SearchSchema, page: PageSchema, page_size: PageSizeSchema });
export type MyTeamQuery = z.infer<typeof MyTeamQuerySchema>;

export const TeamMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  referral_code_used: z.string().nullable(),
  join_date: z.string(),
  current_status: MemberStatusSchema,
  is_active: z.boolean(),
  commission_earned_cents: z.number().int(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const MyTeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  /** Members matching the search (the pager's total). */
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The whole team, whatever the search. */
  total_members: z.number().int(),
  active_members: z.number().int(),
  total_commission_cents: z.number().int(),
});
export type MyTeam = z.infer<typeof MyTeamSchema>;

/** Sent on the user's own live socket when an admin changes their roles or account status. */
export const AccountUpdatedPayloadSchema = z.object({
  roles: z.array(RoleSchema).min(1),
  active_role: RoleSchema,
  status: z.enum(['active', 'suspended']),
});
export type AccountUpdatedPayload = z.infer<typeof AccountUpdatedPayloadSchema>;
