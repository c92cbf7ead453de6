import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  assetPicksBeyondLimit,
  decideAssetPick,
  effectiveAssetPicks,
  entitlementsOf,
  nextAssetPickChangeAt,
  type AssetPicks,
  type PlanId,
  type StoredAssetPick,
} from '@myeai/domain';
import { storedPlanId } from '../subscriptions/index.ts';
import { listAssets, lockPickRow, readPickRow, upsertPickRow } from './trading.queries.ts';

/** The user's stored pick (null: never picked). */
export async function readStoredPick(db: DbOrTx, userId: string): Promise<StoredAssetPick | null> {
  const row = await readPickRow(db, userId);
  return row ? { assetIds: row.assetIds, changedAt: row.changedAt } : null;
}

async function activeAssetIds(db: DbOrTx): Promise<string[]> {
  return (await listAssets(db, { includeInactive: false })).map((asset) => asset.id);
}

/** The asset limit of a plan's card (null: every asset). */
export function planAssetLimit(planId: PlanId): number | null {
  return entitlementsOf({ planId, isAdmin: false, trialDay: 0 }).asset_limit;
}

/**
 * The assets whose compass cells the user may follow and see (DESIGN.md decision 37), for other
 * modules (trading alerts). null: the plan of the user's subscription has no asset limit. With a
 * limited plan: the stored pick (active assets only), or the first assets in grid order until they
 * pick. Without a subscription: the trial's assets (the first ones). Whether the user's plan or
 * trial still runs at a given moment, and whether it gives alerts, is entitlementsOf's question
 * with the caller's clock.
 */
export async function pickedAssetIds(db: DbOrTx, userId: string): Promise<string[] | null> {
  const planId = await storedPlanId(db, userId);
  const limit = planId ? planAssetLimit(planId) : entitlementsOf({ planId: null, isAdmin: false, trialDay: 1 }).asset_limit;
  if (limit === null) return null;
  const active = await activeAssetIds(db);
  return planId ? effectiveAssetPicks(await readStoredPick(db, userId), active, limit) : active.slice(0, limit);
}

function toAssetPicks(limit: number | null, stored: StoredAssetPick | null, active: readonly string[], now: Date): AssetPicks {
  if (limit === null) return { asset_limit: null, picked_asset_ids: [], chosen: false, beyond_limit_asset_ids: [], changed_at: null, next_change_at: null };
  return {
    asset_limit: limit,
    picked_asset_ids: effectiveAssetPicks(stored, active, limit),
    chosen: stored !== null,
    beyond_limit_asset_ids: assetPicksBeyondLimit(stored, active, limit),
    changed_at: stored?.changedAt.toISOString() ?? null,
    next_change_at: nextAssetPickChangeAt(stored, now)?.toISOString() ?? null,
  };
}

export const NO_PICK_WITHOUT_PLAN_MESSAGE = 'Picking assets comes with a subscription plan. Choose a plan to pick your assets.';
export const NO_PICK_NEEDED_MESSAGE = 'Your plan shows every asset: there is nothing to pick.';

/** GET /api/trading/asset-picks: the pick of the user's plan (planId: the plan giving access now). */
export async function getAssetPicks(db: DbOrTx, userId: string, planId: PlanId | null, now: Date): Promise<AssetPicks> {
  if (!planId) throw new AppError('FORBIDDEN', NO_PICK_WITHOUT_PLAN_MESSAGE);
  const limit = planAssetLimit(planId);
  if (limit === null) return toAssetPicks(null, null, [], now);
  const [stored, active] = await Promise.all([readStoredPick(db, userId), activeAssetIds(db)]);
  return toAssetPicks(limit, stored, active, now);
}

/** PUT /api/trading/asset-picks: stores a pick within the plan's limit and the 24-hour rule, in one transaction (the row locked). */
export async function saveAssetPicks(db: DbOrTx, userId: string, planId: PlanId | null, requested: readonly string[], now: Date): Promise<AssetPicks> {
  if (!planId) throw new AppError('FORBIDDEN', NO_PICK_WITHOUT_PLAN_MESSAGE);
  const limit = planAssetLimit(planId);
  if (limit === null) throw new AppError('CONFLICT', NO_PICK_NEEDED_MESSAGE);
  return db.transaction(async (tx) => {
    // A first pick has no row to lock: of two first picks at once, the later one is kept.
    const row = await lockPickRow(tx, userId);
    const stored = row ? { assetIds: row.assetIds, changedAt: row.changedAt } : null;
    const active = await activeAssetIds(tx);
    const decision = decideAssetPick({ limit, requested, activeAssetIds: active, stored, now });
    if (!decision.ok) throw new AppError(decision.code, decision.message);
    if (!decision.changed) return toAssetPicks(limit, stored, active, now);
    await upsertPickRow(tx, { userId, assetIds: decision.assetIds, changedAt: decision.changedAt });
    return toAssetPicks(limit, { assetIds: decision.assetIds, changedAt: decision.changedAt }, active, now);
  });
}
