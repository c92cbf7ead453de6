import { z } from 'zod';
import { RoleSchema } from '../access/roles.ts';
import { PasswordSchema } from '../auth/password-policy.ts';

/** The profile page's API paths. */
export const profilePaths = {
  journey: '/api/profile/journey',
} as const;

/** Sign-in, session and role switch API paths. */
export const authPaths = {
  methods: '/api/auth/methods',
  login: '/api/auth/login',
  callback: '/api/auth/callback',
  register: '/api/auth/register',
  password: '/api/auth/password',
  demoAccounts: '/api/auth/demo-accounts',
  demo: '/api/auth/demo',
  profile: '/api/auth/profile',
  logout: '/api/auth/logout',
  switchRole: '/api/rbac/switch-role',
} as const;

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));

export const UserProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  roles: z.array(RoleSchema).min(1),
  active_role: RoleSchema,
  status: z.enum(['active', 'suspended']),
  created_at: z.string(),
  referral_code: z.string(),
  /** The owner confirmed the address (decision 057); until then the account cannot earn or hold a role. */
  email_verified: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const RegisterInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(120),
  email: EmailSchema,
  password: PasswordSchema,
  ref: z.string().max(64).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const PasswordSignInInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(200),
});
export type PasswordSignInInput = z.infer<typeof PasswordSignInInputSchema>;

export const DemoSignInInputSchema = z.object({ email: EmailSchema });

export const DemoAccountSchema = z.object({ email: z.string(), name: z.string(), roles: z.array(RoleSchema) });
export const DemoAccountListSchema = z.object({ accounts: z.array(DemoAccountSchema) });

export const AuthMethodsSchema = z.object({ oidc: z.boolean(), password: z.boolean(), demo: z.boolean() });
export type AuthMethods = z.infer<typeof AuthMethodsSchema>;

export const SwitchRoleInputSchema = z.object({ role: RoleSchema });
/** POST /api/rbac/switch-role: the profile with its new active role. */
export const SwitchRoleResponseSchema = z.object({ status: z.literal('success'), user: UserProfileSchema });

/** Register, password and demo sign-in: the signed-in user's profile. */
export const UserResponseSchema = z.object({ user: UserProfileSchema });

export const OkSchema = z.object({ status: z.literal('success') });

export const ProfileJourneySchema = z.object({
  days_on_platform: z.number().int(),
  sign_ins: z.number().int(),
  people_referred: z.number().int(),
  roles_held: z.number().int(),
  /** Learning modules the user completed (issue 20: a completion counts toward the journey). */
  modules_completed: z.number().int(),
});
export type ProfileJourney = z.infer<typeof ProfileJourneySchema>;
