import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { loadCatalogue, loadFigures, type LearningCatalogue, type LearningFigures } from './learning-hub.service.ts';

/** The tables whose announced changes (migrations 0030, 0031) drop the hub's shared reads. */
export const LEARNING_CATALOGUE_TABLES: readonly string[] = ['learning_modules', 'learning_categories', 'learning_uploads'];
export const LEARNING_FIGURES_TABLES: readonly string[] = ['learning_ratings'];

/**
 * One shared read of the database, kept until one of `tables` changes (on any instance, via the
 * change feed), this instance drops it, or `ttlMs` passes. `version` grows at each drop, so the
 * per-learner hub bodies built from an older value are never served again. `loads` counts reads.
 */
class SharedRead<T> {
  #version = 0;
  #loads = 0;
  #entry: { version: number; value: T; expiresAtMs: number } | undefined;
  #loading: { version: number; promise: Promise<T> } | undefined;
  readonly #deps: AppDeps;
  readonly #load: (deps: AppDeps) => Promise<T>;
  readonly #ttlMs: number;

  constructor(deps: AppDeps, options: { tables: ReadonlySet<string>; ttlMs: number; load: (deps: AppDeps) => Promise<T> }) {
    this.#deps = deps;
    this.#load = options.load;
    this.#ttlMs = options.ttlMs;
    userChangeFeedFor(deps).subscribe({
      userChanged: () => undefined,
      tableChanged: (table) => {
        if (options.tables.has(table)) this.changed();
      },
      reset: () => this.changed(),
    });
  }

  get loads(): number {
    return this.#loads;
  }

  changed(): void {
    this.#version += 1;
    this.#entry = undefined;
  }

  #loadNow(): Promise<T> {
    this.#loads += 1;
    return this.#load(this.#deps);
  }

  async read(now: Date): Promise<{ version: number; value: T }> {
    if (!userChangeFeedFor(this.#deps).isLive) return { version: ++this.#version, value: await this.#loadNow() };
    if (this.#entry && this.#entry.version === this.#version && this.#entry.expiresAtMs > now.getTime()) return this.#entry;
    if (this.#entry && this.#entry.expiresAtMs <= now.getTime()) this.changed();
    const version = this.#version;
    if (!this.#loading || this.#loading.version !== version) {
      const loading = { version, promise: this.#loadNow() };
      this.#loading = loading;
      loading.promise.catch(() => {
        if (this.#loading === loading) this.#loading = undefined; // a failed read is retried by the next request
      });
    }
    const value = await this.#loading.promise;
    if (this.#version === version) this.#entry = { version, value, expiresAtMs: now.getTime() + this.#ttlMs };
    return { version, value };
  }
}

/**
 * The hub's catalogue (active modules in order with their categories and uploads): dropped only by
 * a write to those tables (an admin's edit), on any instance, or after a minute.
 */
export class LearningCatalogueCache extends SharedRead<LearningCatalogue> {
  constructor(deps: AppDeps) {
    super(deps, { tables: new Set(LEARNING_CATALOGUE_TABLES), ttlMs: 60_000, load: (d) => loadCatalogue(d.db) });
  }
}

/**
 * The modules' learners counts and rating averages (two grouped reads), apart from the catalogue:
 * dropped by a rating (any instance: learning_ratings announces its table) and by this instance's
 * report that starts a module (the learners count grows; a later report, completion included,
 * changes neither figure). Another instance's first reports show within `ttlMs` (migration 0031
 * stopped learning_progress announcing its table: it writes every few seconds per viewer).
 */
export class LearningFiguresCache extends SharedRead<LearningFigures> {
  constructor(deps: AppDeps) {
    super(deps, { tables: new Set(LEARNING_FIGURES_TABLES), ttlMs: 15_000, load: (d) => loadFigures(d.db) });
  }
}

export const learningCatalogueFor = perApp<AppDeps, LearningCatalogueCache>((deps) => new LearningCatalogueCache(deps));
export const learningFiguresFor = perApp<AppDeps, LearningFiguresCache>((deps) => new LearningFiguresCache(deps));
