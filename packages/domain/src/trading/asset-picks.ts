import type { AppErrorCode } from '../errors.ts';

/** A subscriber may change their asset pick once per this interval (DESIGN.md decision 37). */
export const ASSET_PICK_INTERVAL_MS = 86_400_000;

export type StoredAssetPick = { assetIds: readonly string[]; changedAt: Date };

/**
 * The assets a subscriber with an asset limit sees: their stored pick, without assets no longer
 * active, at most `limit` (a pick made under a larger plan keeps its first ones). Until they pick,
 * the first `limit` active assets in grid order, so a new subscriber sees figures at once and the
 * picker invites them to choose.
 */
export function effectiveAssetPicks(stored: StoredAssetPick | null, activeAssetIds: readonly string[], limit: number): string[] {
  if (!stored) return activeAssetIds.slice(0, limit);
  const active = new Set(activeAssetIds);
  return stored.assetIds.filter((id) => active.has(id)).slice(0, limit);
}

/** The user's picked assets beyond the limit (picked under a larger plan), hidden until they choose which to keep. */
export function assetPicksBeyondLimit(stored: StoredAssetPick | null, activeAssetIds: readonly string[], limit: number): string[] {
  if (!stored) return [];
  const active = new Set(activeAssetIds);
  return stored.assetIds.filter((id) => active.has(id)).slice(limit);
}

/** When the next change of a pick is allowed, or null when it is allowed now (never picked, or 24 hours passed). */
export function nextAssetPickChangeAt(stored: StoredAssetPick | null, now: Date): Date | null {
  if (!stored) return null;
  const next = new Date(stored.changedAt.getTime() + ASSET_PICK_INTERVAL_MS);
  return next.getTime() > now.getTime() ? next : null;
}

/** "2026-11-26 14:05 UTC": a moment in the refusal text, the same for every reader. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export type AssetPickDecision =
  | { ok: true; assetIds: string[]; changedAt: Date; changed: boolean }
  | { ok: false; code: Extract<AppErrorCode, 'VALIDATION' | 'CONFLICT'>; message: string };

/**
 * Whether a requested pick may be stored at `now`, and what is stored. Refused: more assets than
 * the limit, an asset twice, an asset not active on the compass (400), or a change sooner than
 * 24 hours after the previous one (409, saying when the next is allowed). Adding assets to free
 * places never removes anything, so it is allowed at any time and keeps the previous change's
 * time; the same pick again changes nothing.
 * Keeping some of a pick larger than the limit (made under a larger plan) is allowed at any time.
 */
export function decideAssetPick(params: {
  limit: number;
  requested: readonly string[];
  activeAssetIds: readonly string[];
  stored: StoredAssetPick | null;
  now: Date;
}): AssetPickDecision {
  const { limit, requested, stored, now } = params;
  if (requested.length === 0) return { ok: false, code: 'VALIDATION', message: 'Pick at least one asset.' };
  if (requested.length > limit) return { ok: false, code: 'VALIDATION', message: `Your plan includes ${limit} assets: pick at most ${limit}.` };
  if (new Set(requested).size !== requested.length) return { ok: false, code: 'VALIDATION', message: 'Pick each asset once.' };
  const active = new Set(params.activeAssetIds);
  if (requested.some((id) => !active.has(id))) return { ok: false, code: 'VALIDATION', message: 'Pick only assets shown on the compass.' };
  if (!stored) return { ok: true, assetIds: [...requested], changedAt: now, changed: true };
  // A pick made under a larger plan (a downgrade): choosing which of the picked assets to keep
  // brings nothing new, so it is allowed at any time and starts no new 24 hours.
  const storedActive = stored.assetIds.filter((id) => active.has(id));
  if (storedActive.length > limit && requested.every((id) => storedActive.includes(id))) {
    return { ok: true, assetIds: [...requested], changedAt: stored.changedAt, changed: true };
  }
  const keeps = new Set(requested);
  const removes = stored.assetIds.some((id) => active.has(id) && !keeps.has(id));
  const adds = requested.some((id) => !stored.assetIds.includes(id));
  if (!removes) return { ok: true, assetIds: [...requested], changedAt: stored.changedAt, changed: adds };
  const next = nextAssetPickChangeAt(stored, now);
  if (next) {
    return { ok: false, code: 'CONFLICT', message: `You can change your assets once every 24 hours. Your next change is possible from ${utcMinute(next)}.` };
  }
  return { ok: true, assetIds: [...requested], changedAt: now, changed: true };
}
