import { isTimeBoundGridKey, type CompassGridKey } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';
import { userChangeFeedFor, type UserChangeFeed } from '../changes/index.ts';

/** A grid body serialized once, whole and in pieces for the per-viewer asset mask (decision 019). */
export type GridParts = {
  /** The JSON of the response without its `access` member, without the outer braces. */
  bodyJson: string;
  /** The members before `grid` (generated_at, assets, timeframes, thresholds), without the outer braces. */
  headJson: string;
  /** The assets of the grid in grid order, with the JSON of each one's row of cells. */
  rows: { assetId: string; json: string }[];
  /** A row of locked cells over every timeframe: what an asset outside the viewer's pick shows. */
  lockedRowJson: string;
};

/** A built grid body for one visibility key (gridVisibilityKey), serialized once. */
export type CachedGrid = GridParts & {
  version: number;
  builtAt: Date;
  /**
   * Whole responses as sent, by the JSON of their `access` member (a handful per level: with or
   * without a plan...), so a request copies no 50 kB string; they go with the entry.
   */
  responses: Map<string, Buffer>;
  /** Masked responses by the JSON of their `access` member, which names the viewer's pick. */
  masked: Map<string, Buffer>;
};

/** Delayed (preview) and time-limited (trial, a plan's history depth) grids move with the clock: rebuild at least this often. */
const TIME_BOUND_TTL_MS = 60_000;

/**
 * Every table buildGridBody reads. The change feed names each one a statement wrote (migration
 * 0019 puts the triggers on exactly these); a name in this list empties the cache.
 */
export const GRID_TABLES: readonly string[] = ['trading_assets', 'trading_timeframes', 'trading_settings', 'sentiment_aggregates', 'entry_windows'];

/**
 * The compass grid is the same for every viewer of one visibility key (the access level, for
 * the trial whether premium is open, for a plan its history depth: gridVisibilityKey), so it is
 * built once per key and served from memory; a plan's asset pick is a mask applied on top
 * (maskedGridResponse), read through the per-user pick cache. The grid follows the change feed
 * like every other read cache (decision 031): any committed write of a table it reads, by any
 * path and on any instance, bumps the version and empties it; a build that started before a bump
 * is not stored. Without a live feed (read caches off) every request builds.
 */
export class GridCache {
  readonly #feed: UserChangeFeed;
  #version = 0;
  readonly #entries = new Map<CompassGridKey, CachedGrid>();
  readonly #building = new Map<CompassGridKey, Promise<CachedGrid>>();

  constructor(feed: UserChangeFeed) {
    this.#feed = feed;
    feed.subscribe({
      userChanged: () => undefined,
      tableChanged: (table) => {
        if (GRID_TABLES.includes(table)) this.#invalidate();
      },
      reset: () => this.#invalidate(),
    });
  }

  #invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
    this.#building.clear();
  }

  /** The cached grid of a key, built by `build` when missing, stale or too old for the key. */
  async get(level: CompassGridKey, now: Date, build: () => Promise<GridParts>): Promise<CachedGrid> {
    if (!this.#feed.isLive) {
      // Nothing would tell this entry it is stale: a version of its own, so no ETag matches it later.
      this.#version += 1;
      return { ...(await build()), version: this.#version, builtAt: now, responses: new Map(), masked: new Map() };
    }
    const cached = this.#entries.get(level);
    const timeBound = isTimeBoundGridKey(level);
    if (cached && cached.version === this.#version && (!timeBound || now.getTime() - cached.builtAt.getTime() < TIME_BOUND_TTL_MS)) return cached;
    const pending = this.#building.get(level);
    if (pending) return pending;
    const version = this.#version;
    const promise = build()
      .then((parts) => {
        const entry: CachedGrid = { ...parts, version, builtAt: now, responses: new Map(), masked: new Map() };
        if (this.#version === version) this.#entries.set(level, entry);
        return entry;
      })
      .finally(() => {
        if (this.#building.get(level) === promise) this.#building.delete(level);
      });
    this.#building.set(level, promise);
    return promise;
  }
}

/** One cache per app instance, on the instance's change feed. */
export const gridCacheFor = perApp<AppDeps, GridCache>((deps) => new GridCache(userChangeFeedFor(deps)));
