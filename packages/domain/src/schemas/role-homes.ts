import { z } from 'zod';
import { TRIAL_FEATURE_KEYS } from '../trial/trial-stages.ts';
import { PlanIdSchema } from '../subscriptions/plans.ts';
import { VerifiedTradersSchema } from './trading/performance-weights.ts';

/** GET /api/dashboard/home: the home of the caller's active role (ROLE_HOMES), every figure from stored rows. */

const CellRefSchema = z.strictObject({ asset_symbol: z.string(), asset_name: z.string(), timeframe_code: z.string() });

/** A consensus event as the viewer may see it on the compass (delay, history and picks applied). */
export const HomeConsensusSchema = z.strictObject({
  ...CellRefSchema.shape,
  event_type: z.string(),
  bias: z.enum(['long', 'short', 'neutral']).nullable(),
  percentage: z.number().nullable(),
  at: z.iso.datetime(),
});
export type HomeConsensus = z.infer<typeof HomeConsensusSchema>;

export const HomeFollowedCellSchema = z.strictObject({ ...CellRefSchema.shape, alerting: z.boolean(), latest: HomeConsensusSchema.nullable() });

const CockpitHomeSchema = z.strictObject({ kind: z.literal('cockpit') });

const SubscriberHomeSchema = z.strictObject({
  kind: z.literal('subscriber'),
  plan: z
    .strictObject({
      id: PlanIdSchema,
      name: z.string(),
      status: z.string(),
      /** The next charge, unless the plan was cancelled (then ends_on). */
      renews_on: z.iso.datetime().nullable(),
      ends_on: z.iso.datetime().nullable(),
      trial_ends_on: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** Symbols of the picked assets; null: the plan shows every asset. */
  picked_assets: z.array(z.string()).nullable(),
  asset_limit: z.number().int().nullable(),
  followed_cells: z.array(HomeFollowedCellSchema),
  /** Why the user may follow no cell (no plan with alerts), else null: the trading alerts' own refusal. */
  follow_refusal: z.string().nullable(),
  recent_alerts: z.array(z.strictObject({ id: z.string(), title: z.string(), message: z.string(), created_at: z.string() })),
  next_plan: z.strictObject({ id: PlanIdSchema, name: z.string(), adds: z.array(z.string()) }).nullable(),
});

const InvestorHomeSchema = z.strictObject({
  kind: z.literal('investor'),
  followed_cells: z.array(HomeFollowedCellSchema),
  follow_refusal: z.string().nullable(),
  /** Whether the viewer's Trading Compass shows any consensus (without a plan an investor sees none). */
  consensus_access: z.boolean(),
  recent_consensus: z.array(HomeConsensusSchema),
  /** Minutes the viewer's compass data runs behind (0: live). */
  delay_minutes: z.number().int(),
  learning: z.strictObject({ completed_modules: z.number().int() }),
  /** The pool's verified traders per tier group, with the rule (issue 32, decision 072). */
  verified_traders: VerifiedTradersSchema,
});

const TrialHomeSchema = z.strictObject({
  kind: z.literal('trial'),
  /** null: no trial runs (never started, ended or converted). */
  trial: z.strictObject({ day: z.number().int(), started_at: z.iso.datetime(), ends_at: z.iso.datetime() }).nullable(),
  checklist: z.array(
    z.strictObject({ day: z.number().int(), name: z.string(), status: z.enum(['unlocked', 'coming_soon', 'locked']), opens_on: z.iso.datetime().nullable(), features: z.array(z.string()) }),
  ),
  try_now: z.array(z.strictObject({ feature: z.enum(TRIAL_FEATURE_KEYS as [string, ...string[]]), name: z.string(), path: z.string() })),
});

const TraderHomeSchema = z.strictObject({
  kind: z.literal('trader'),
  /** Whether the caller votes in the Elite Pool; outside it nothing asks for their vote. */
  in_pool: z.boolean(),
  votes_needed: z.array(z.strictObject({ window_id: z.string(), asset_symbol: z.string(), timeframe_code: z.string(), closes_at: z.iso.datetime(), total_votes: z.number().int(), pool_size: z.number().int() })),
  open_windows: z.number().int(),
  recent_consensus: z.array(HomeConsensusSchema),
});

const AdminHomeSchema = z.strictObject({
  kind: z.literal('admin'),
  pending_goals: z.number().int(),
  open_support_requests: z.number().int(),
  failed_jobs: z.number().int(),
  /** Commissions of every earner still pending payout. */
  commissions_waiting: z.number().int(),
});

export const RoleHomeDataSchema = z.discriminatedUnion('kind', [CockpitHomeSchema, SubscriberHomeSchema, InvestorHomeSchema, TrialHomeSchema, TraderHomeSchema, AdminHomeSchema]);
export type RoleHomeData = z.infer<typeof RoleHomeDataSchema>;
export type RoleHomeDataOf<K extends RoleHomeData['kind']> = Extract<RoleHomeData, { kind: K }>;
