import { isTimeBoundGridKey, type CompassGridKey } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';
import { GRID_CHANNEL } from './trading-events.ts';

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
 * The compass grid is the same for every viewer of one visibility key (the access level, for
 * the trial whether premium is open, for a plan its history depth: gridVisibilityKey), so it is
 * built once per key and served from memory; a plan's asset pick is a mask applied on top
 * (maskedGridResponse). Votes, opens, closes and admin market changes bump the version:
 * locally right after their transaction commits, on every instance through NOTIFY. A build that
 * started before a bump is not stored.
 */
export class GridCache {
  #version = 0;
  readonly #entries = new Map<CompassGridKey, CachedGrid>();
  readonly #building = new Map<CompassGridKey, Promise<CachedGrid>>();
  #unlisten: (() => Promise<void>) | undefined;

  get version(): number {
    return this.#version;
  }

  invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
    this.#building.clear();
  }

  async start(deps: AppDeps): Promise<void> {
    if (this.#unlisten) return;
    this.#unlisten = await deps.listen(
      GRID_CHANNEL,
      () => this.invalidate(),
      () => this.invalidate(),
    );
  }

  async stop(): Promise<void> {
    await this.#unlisten?.();
    this.#unlisten = undefined;
  }

  /** The cached grid of a key, built by `build` when missing, stale or too old for the key. */
  async get(level: CompassGridKey, now: Date, build: () => Promise<GridParts>): Promise<CachedGrid> {
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

/** One cache per app instance (the job runner shares the app's deps, so its closes reach it). */
export const gridCacheFor = perApp<AppDeps, GridCache>(() => new GridCache());
