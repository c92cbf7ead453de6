import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { loadCatalogue, type LearningCatalogue } from './learning-hub.service.ts';

/** The tables the catalogue is read from; a write to any (announced by migration 0028's triggers) drops it. */
const CATALOGUE_TABLES = new Set(['learning_modules', 'learning_categories', 'learning_uploads', 'learning_progress', 'learning_ratings']);

const TTL_MS = 60_000;

/**
 * The hub's shared part (active modules in order, learners' figures), read once for every learner
 * and kept until one of its tables changes (on any instance, via the change feed), this instance
 * writes progress or a rating, or a minute passes. `version` grows at each drop, so the per-learner
 * hub bodies built from an older catalogue are never served again.
 */
export class LearningCatalogueCache {
  #version = 0;
  #entry: { version: number; value: LearningCatalogue; expiresAtMs: number } | undefined;
  #loading: { version: number; promise: Promise<LearningCatalogue> } | undefined;
  readonly #deps: AppDeps;

  constructor(deps: AppDeps) {
    this.#deps = deps;
    userChangeFeedFor(deps).subscribe({
      userChanged: () => undefined,
      tableChanged: (table) => {
        if (CATALOGUE_TABLES.has(table)) this.changed();
      },
      reset: () => this.changed(),
    });
  }

  changed(): void {
    this.#version += 1;
    this.#entry = undefined;
  }

  async read(now: Date): Promise<{ version: number; value: LearningCatalogue }> {
    const feedLive = userChangeFeedFor(this.#deps).isLive;
    if (!feedLive) return { version: ++this.#version, value: await loadCatalogue(this.#deps.db) };
    if (this.#entry && this.#entry.version === this.#version && this.#entry.expiresAtMs > now.getTime()) return this.#entry;
    if (this.#entry && this.#entry.expiresAtMs <= now.getTime()) this.changed();
    const version = this.#version;
    if (!this.#loading || this.#loading.version !== version) {
      const loading = { version, promise: loadCatalogue(this.#deps.db) };
      this.#loading = loading;
      loading.promise.catch(() => {
        if (this.#loading === loading) this.#loading = undefined; // a failed read is retried by the next request
      });
    }
    const value = await this.#loading.promise;
    if (this.#version === version) this.#entry = { version, value, expiresAtMs: now.getTime() + TTL_MS };
    return { version, value };
  }
}

export const learningCatalogueFor = perApp<AppDeps, LearningCatalogueCache>((deps) => new LearningCatalogueCache(deps));
