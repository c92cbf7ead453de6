import {
  AppError,
  apiPath,
  applyLearningProgress,
  canOpenModule,
  isDocumentContentType,
  LEARNING_COLLECTION_LABELS,
  LEARNING_COLLECTIONS,
  LEARNING_RATING_NEEDS_COMPLETION_MESSAGE,
  learnerStanding,
  learningHubPaths,
  lockedModuleMessage,
  markLearningDone,
  NEWCOMER_OPEN_MODULES,
  runningTrialDay,
  vimeoVideoId,
  parseYouTubeVideoId,
  type LearnerFacts,
  type LearningHubModule,
  type LearningHubResponse,
  type LearningModuleSource,
  type LearningModulesQuery,
  type LearningMyProgress,
  type LearningPlayerModule,
  type LearningProgressInput,
  type LearningProgressResponse,
  type Role,
  type StoredLearningProgress,
} from '@myeai/domain';
import type { DbOrTx } from '@myeai/db';
import type { AppDeps } from '../../app-deps.ts';
import { createNotification } from '../notifications/index.ts';
import { planAt, readPlanState } from '../subscriptions/index.ts';
import { getTrialOfUser } from '../trials/index.ts';
import {
  countCompletedActiveModules,
  selectActiveModule,
  selectActiveModules,
  selectActiveModulesOfUpload,
  selectFirstActiveModuleIds,
  selectModuleFigures,
  selectMyProgress,
  selectMyRatings,
  selectProgressForUpdate,
  selectUpload,
  upsertProgress,
  upsertRating,
  type HubModuleRow,
  type ModuleFigures,
  type ProgressRow,
} from './learning-hub.queries.ts';

export type Learner = { id: string; roles: readonly Role[]; activeRole: Role };

/** The facts of decision 41's table for a learner at `now`: roles from the session, plan and trial read fresh. */
export async function learnerFactsOf(db: DbOrTx, learner: Learner, now: Date): Promise<LearnerFacts> {
  const [planState, trial] = await Promise.all([readPlanState(db, learner.id), getTrialOfUser(db, learner.id)]);
  const trialFacts = trial ? { startedAt: trial.startedAt, endsAt: trial.endsAt, convertedAt: trial.convertedAt } : null;
  return {
    isAdmin: learner.roles.includes('admin'),
    hasPlan: planAt(planState, now),
    hasSubscriberRole: learner.roles.includes('subscriber'),
    trialDay: runningTrialDay(trialFacts, now),
    newcomer: learner.activeRole === 'newcomer',
  };
}

/**
 * The shared catalogue of the hub (active modules in order, their categories and uploads), the same
 * for every learner; it changes only when an admin edits the catalogue. The learners' figures are
 * apart (`loadFigures`): a progress report or a rating never rebuilds the catalogue.
 */
export type LearningCatalogue = { modules: HubModuleRow[] };

export async function loadCatalogue(db: DbOrTx): Promise<LearningCatalogue> {
  return { modules: await selectActiveModules(db) };
}

/** Learners who started each module and its ratings, by module id (two grouped reads of the indexed tables). */
export type LearningFigures = Map<string, ModuleFigures>;

export async function loadFigures(db: DbOrTx): Promise<LearningFigures> {
  return new Map((await selectModuleFigures(db)).map((f) => [f.moduleId, f]));
}

const toMyProgress = (row: ProgressRow): LearningMyProgress => ({
  watch_time_seconds: row.watchTimeSeconds,
  total_duration_seconds: row.totalDurationSeconds,
  completion_percentage: row.percent,
  is_completed: row.completedAt !== null,
  completed_at: row.completedAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

const averageRating = (f: ModuleFigures | undefined): number | null => (f && f.ratingsCount > 0 ? Math.round((f.ratingSum / f.ratingsCount) * 10) / 10 : null);

/** A module as the hub shows it: never its URL or file. */
function toHubModule(row: HubModuleRow, figures: ModuleFigures | undefined, open: boolean, progress: ProgressRow | undefined, myRating: number | undefined): LearningHubModule {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: { id: row.categoryId, name: row.categoryName },
    content_type: row.contentType,
    kind: isDocumentContentType(row.contentType) ? 'document' : 'video',
    difficulty: row.difficulty,
    access_level: row.accessLevel,
    thumbnail_url: row.thumbnailUrl,
    duration_minutes: row.durationMinutes,
    tags: row.tags,
    collection: row.collection,
    creator_name: row.creatorName,
    rating: averageRating(figures),
    ratings_count: figures?.ratingsCount ?? 0,
    learners: figures?.learners ?? 0,
    locked: !open,
    locked_message: open ? null : lockedModuleMessage(row.accessLevel),
    progress: progress ? toMyProgress(progress) : null,
    my_rating: myRating ?? null,
  };
}

/** Case-insensitive match of every word of the search in the title, description or a tag. */
export function matchesSearch(row: HubModuleRow, search: string | undefined): boolean {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [row.title, row.description, ...row.tags].join('\n').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

const matchesTab = (row: HubModuleRow, tab: LearningModulesQuery['tab']): boolean =>
  tab === 'all' || (tab === 'documents') === isDocumentContentType(row.contentType);

/** GET /api/learning/modules for a learner, from the catalogue and their own rows. */
export async function getHub(db: DbOrTx, catalogue: LearningCatalogue, figures: LearningFigures, learner: Learner, query: LearningModulesQuery, now: Date): Promise<LearningHubResponse> {
  const [facts, progressRows, ratingRows] = await Promise.all([learnerFactsOf(db, learner, now), selectMyProgress(db, learner.id), selectMyRatings(db, learner.id)]);
  const progress = new Map(progressRows.map((p) => [p.moduleId, p]));
  const ratings = new Map(ratingRows.map((r) => [r.moduleId, r.rating]));
  const all = catalogue.modules.map((row, position) => {
    const open = canOpenModule(facts, row.accessLevel, position);
    return { row, open, view: toHubModule(row, figures.get(row.id), open, progress.get(row.id), ratings.get(row.id)) };
  });

  const inCollection = (row: HubModuleRow) => !query.collection || row.collection === query.collection;
  const searched = all.filter(({ row }) => inCollection(row) && matchesSearch(row, query.search));
  const inCategory = (row: HubModuleRow) => !query.category || row.categoryId === query.category;

  const categoryCounts = new Map<string, { id: string; name: string; count: number }>();
  for (const { row } of all) if (!categoryCounts.has(row.categoryId)) categoryCounts.set(row.categoryId, { id: row.categoryId, name: row.categoryName, count: 0 });
  for (const { row } of searched) if (matchesTab(row, query.tab)) categoryCounts.get(row.categoryId)!.count += 1;

  const byCategory = searched.filter(({ row }) => inCategory(row));
  const listed = byCategory.filter(({ row }) => matchesTab(row, query.tab));
  const tabCounts = {
    all: byCategory.length,
    videos: byCategory.filter(({ row }) => matchesTab(row, 'videos')).length,
    documents: byCategory.filter(({ row }) => matchesTab(row, 'documents')).length,
  };

  let completed = 0;
  let inProgress = 0;
  let seconds = 0;
  for (const { row } of all) {
    const p = progress.get(row.id);
    if (!p) continue;
    seconds += p.watchTimeSeconds;
    if (p.completedAt) completed += 1;
    else inProgress += 1;
  }

  const continueWatching = all
    .filter(({ row, open }) => open && progress.get(row.id) && !progress.get(row.id)!.completedAt)
    .sort((a, b) => progress.get(b.row.id)!.updatedAt.getTime() - progress.get(a.row.id)!.updatedAt.getTime())
    .slice(0, 4)
    .map(({ view }) => view);

  return {
    standing: learnerStanding(facts),
    stats: { modules: all.length, completed, minutes_watched: Math.floor(seconds / 60), in_progress: inProgress },
    categories: [...categoryCounts.values()].sort((a, b) => a.name.localeCompare(b.name)),
    tab_counts: tabCounts,
    collections: LEARNING_COLLECTIONS.map((collection) => ({ collection, label: LEARNING_COLLECTION_LABELS[collection], count: all.filter(({ row }) => row.collection === collection).length })).filter(
      (c) => c.count > 0,
    ),
    continue_watching: continueWatching,
    modules: listed.slice(0, query.limit).map(({ view }) => view),
    matching: listed.length,
  };
}

/** Whether the learner may open this module (decision 41): its level, or its place among the first 2. */
async function mayOpen(db: DbOrTx, facts: LearnerFacts, row: { id: string; accessLevel: HubModuleRow['accessLevel'] }): Promise<boolean> {
  if (canOpenModule(facts, row.accessLevel, NEWCOMER_OPEN_MODULES)) return true;
  const first = await selectFirstActiveModuleIds(db, NEWCOMER_OPEN_MODULES);
  return first.includes(row.id) && canOpenModule(facts, row.accessLevel, first.indexOf(row.id));
}

/** An active module the learner may open, or the 404 / 403 (spec 2 section 8's message). */
async function openableModule(db: DbOrTx, learner: Learner, moduleId: string, now: Date): Promise<HubModuleRow> {
  const row = await selectActiveModule(db, moduleId);
  if (!row) throw new AppError('NOT_FOUND', 'Learning module not found.');
  const facts = await learnerFactsOf(db, learner, now);
  if (!(await mayOpen(db, facts, row))) throw new AppError('FORBIDDEN', lockedModuleMessage(row.accessLevel));
  return row;
}

function sourceOf(row: HubModuleRow): LearningModuleSource {
  if (row.uploadId) return { kind: 'file', url: apiPath(learningHubPaths.file, { id: row.uploadId }), mime_type: row.uploadMimeType ?? 'application/octet-stream' };
  const url = row.url ?? '';
  if (row.contentType === 'youtube') {
    const id = parseYouTubeVideoId(url);
    if (id) return { kind: 'youtube', video_id: id, url };
  }
  if (row.contentType === 'vimeo') {
    const id = vimeoVideoId(url);
    if (id) return { kind: 'vimeo', video_id: id, url };
  }
  return { kind: 'link', url };
}

/** GET /api/learning/modules/:id: the player's module with its source, for a learner who may open it. */
export async function getPlayerModule(db: DbOrTx, learner: Learner, moduleId: string, now: Date): Promise<LearningPlayerModule> {
  const row = await openableModule(db, learner, moduleId, now);
  const [[figures], progressRows, ratingRows] = await Promise.all([selectModuleFigures(db, [row.id]), selectMyProgress(db, learner.id), selectMyRatings(db, learner.id)]);
  const progress = progressRows.find((p) => p.moduleId === row.id);
  const myRating = ratingRows.find((r) => r.moduleId === row.id)?.rating;
  return { ...toHubModule(row, figures, true, progress, myRating), source: sourceOf(row) };
}

const stored = (row: ProgressRow | undefined): StoredLearningProgress | null =>
  row ? { watchTimeSeconds: row.watchTimeSeconds, totalDurationSeconds: row.totalDurationSeconds, completionPercentage: row.percent, completedAt: row.completedAt } : null;

/**
 * POST /api/learning/progress/:moduleId (and Mark as done): in one transaction, the learner's
 * row locked, the domain's rule applied (only grows, completes once), and on completion the
 * "achievement" notification (idempotent by its source key, pushed live).
 */
export async function reportProgress(
  deps: AppDeps,
  learner: Learner,
  moduleId: string,
  input: LearningProgressInput | 'done',
): Promise<{ response: LearningProgressResponse; started: boolean }> {
  const now = deps.clock.now();
  const row = await openableModule(deps.db, learner, moduleId, now);
  if (input === 'done' && !(isDocumentContentType(row.contentType) || row.contentType === 'external_video')) {
    throw new AppError('CONFLICT', 'A video completes when 90% of it has been watched.');
  }
  return deps.db.transaction(async (tx) => {
    const before = await selectProgressForUpdate(tx, learner.id, moduleId);
    const step = input === 'done' ? markLearningDone(stored(before), now) : applyLearningProgress(stored(before), input, now);
    const saved =
      step.changed || !before
        ? await upsertProgress(tx, learner.id, moduleId, { watchTimeSeconds: step.next.watchTimeSeconds, totalDurationSeconds: step.next.totalDurationSeconds, percent: step.next.completionPercentage, completedAt: step.next.completedAt }, now)
        : before;
    if (step.completedNow) {
      await createNotification(tx, deps.clock, {
        userId: learner.id,
        type: 'achievement',
        title: 'Learning module completed',
        message: `You completed "${row.title}". Well done!`,
        data: { module_id: row.id, link: '/learning' },
        sourceKey: `learning.completed:${row.id}`,
      });
    }
    // `started`: this report made the learner's first row, so the module's learners count grew.
    return { response: { progress: toMyProgress(saved), completed_now: step.completedNow }, started: !before };
  });
}

/** POST /api/learning/modules/:id/rating: 1-5, only after completing the module; a new rating replaces the learner's last. */
export async function rateModule(deps: AppDeps, learner: Learner, moduleId: string, rating: number) {
  const now = deps.clock.now();
  await openableModule(deps.db, learner, moduleId, now);
  const progress = (await selectMyProgress(deps.db, learner.id)).find((p) => p.moduleId === moduleId);
  if (!progress?.completedAt) throw new AppError('CONFLICT', LEARNING_RATING_NEEDS_COMPLETION_MESSAGE);
  await upsertRating(deps.db, learner.id, moduleId, rating, now);
  const [figures] = await selectModuleFigures(deps.db, [moduleId]);
  return { my_rating: rating, rating: averageRating(figures), ratings_count: figures?.ratingsCount ?? 0 };
}

/**
 * GET /api/learning/files/:id: the upload, when the learner may open an active module that uses it
 * (DESIGN.md decision 33); admins may always (they manage files not yet in a module). 404 for an
 * unknown file, 403 otherwise.
 */
export async function openableUpload(db: DbOrTx, learner: Learner, uploadId: string, now: Date) {
  const upload = await selectUpload(db, uploadId);
  if (!upload) throw new AppError('NOT_FOUND', 'File not found.');
  const facts = await learnerFactsOf(db, learner, now);
  if (facts.isAdmin) return upload;
  const modules = await selectActiveModulesOfUpload(db, uploadId);
  for (const m of modules) if (await mayOpen(db, facts, m)) return upload;
  const level = modules[0]?.accessLevel ?? 'subscriber';
  throw new AppError('FORBIDDEN', lockedModuleMessage(level));
}

/** The learning modules a user completed (active ones), as the hub's tile counts them: for the profile journey. */
export async function countCompletedModules(db: DbOrTx, userId: string): Promise<number> {
  return countCompletedActiveModules(db, userId);
}
