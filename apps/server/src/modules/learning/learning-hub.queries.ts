import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { learningCategories, learningModules, learningProgress, learningRatings, learningUploads, users, type DbOrTx } from '@myeai/db';
import type { LearningAccessLevel, LearningCollection, LearningContentType, LearningDifficulty } from '@myeai/domain';

/** An active module as the hub needs it (its source only for the player). */
export type HubModuleRow = {
  id: string;
  title: string;
  description: string;
  categoryId: string;
  categoryName: string;
  contentType: LearningContentType;
  url: string | null;
  uploadId: string | null;
  uploadMimeType: string | null;
  thumbnailUrl: string | null;
  durationMinutes: number | null;
  tags: string[];
  difficulty: LearningDifficulty;
  accessLevel: LearningAccessLevel;
  collection: LearningCollection | null;
  sortOrder: number;
  creatorName: string | null;
};

const hubModuleColumns = {
  id: learningModules.id,
  title: learningModules.title,
  description: learningModules.description,
  categoryId: learningModules.categoryId,
  categoryName: learningCategories.name,
  contentType: learningModules.contentType,
  url: learningModules.url,
  uploadId: learningModules.uploadId,
  uploadMimeType: learningUploads.mimeType,
  thumbnailUrl: learningModules.thumbnailUrl,
  durationMinutes: learningModules.durationMinutes,
  tags: learningModules.tags,
  difficulty: learningModules.difficulty,
  accessLevel: learningModules.accessLevel,
  collection: learningModules.collection,
  sortOrder: learningModules.sortOrder,
  creatorName: users.name,
};

/** The order of the hub and of "the first 2 modules" (decision 41): sort order, then oldest first. */
const hubOrder = [asc(learningModules.sortOrder), asc(learningModules.createdAt), asc(learningModules.id)];

function hubModulesQuery(db: DbOrTx) {
  return db
    .select(hubModuleColumns)
    .from(learningModules)
    .innerJoin(learningCategories, eq(learningCategories.id, learningModules.categoryId))
    .leftJoin(learningUploads, eq(learningUploads.id, learningModules.uploadId))
    .leftJoin(users, eq(users.id, learningModules.createdBy));
}

/** Every active module in hub order. */
export async function selectActiveModules(db: DbOrTx): Promise<HubModuleRow[]> {
  return (await hubModulesQuery(db)
    .where(eq(learningModules.isActive, true))
    .orderBy(...hubOrder)) as HubModuleRow[];
}

/** One active module, or undefined. */
export async function selectActiveModule(db: DbOrTx, id: string): Promise<HubModuleRow | undefined> {
  const [row] = await hubModulesQuery(db).where(and(eq(learningModules.id, id), eq(learningModules.isActive, true)));
  return row as HubModuleRow | undefined;
}

/** The ids of the first `n` active modules in hub order. */
export async function selectFirstActiveModuleIds(db: DbOrTx, n: number): Promise<string[]> {
  const rows = await db.select({ id: learningModules.id }).from(learningModules).where(eq(learningModules.isActive, true)).orderBy(...hubOrder).limit(n);
  return rows.map((r) => r.id);
}

export type ModuleFigures = { moduleId: string; learners: number; ratingSum: number; ratingsCount: number };

/** Learners who started each module and its ratings (sum and count), for the given modules or all. */
export async function selectModuleFigures(db: DbOrTx, moduleIds?: readonly string[]): Promise<ModuleFigures[]> {
  const [learners, ratings] = await Promise.all([
    db
      .select({ moduleId: learningProgress.moduleId, learners: sql<number>`count(*)::int` })
      .from(learningProgress)
      .where(moduleIds ? inArray(learningProgress.moduleId, [...moduleIds]) : undefined)
      .groupBy(learningProgress.moduleId),
    db
      .select({ moduleId: learningRatings.moduleId, ratingSum: sql<number>`sum(${learningRatings.rating})::int`, ratingsCount: sql<number>`count(*)::int` })
      .from(learningRatings)
      .where(moduleIds ? inArray(learningRatings.moduleId, [...moduleIds]) : undefined)
      .groupBy(learningRatings.moduleId),
  ]);
  const byModule = new Map<string, ModuleFigures>();
  for (const l of learners) byModule.set(l.moduleId, { moduleId: l.moduleId, learners: l.learners, ratingSum: 0, ratingsCount: 0 });
  for (const r of ratings) {
    const f = byModule.get(r.moduleId) ?? { moduleId: r.moduleId, learners: 0, ratingSum: 0, ratingsCount: 0 };
    byModule.set(r.moduleId, { ...f, ratingSum: r.ratingSum, ratingsCount: r.ratingsCount });
  }
  return [...byModule.values()];
}

export type ProgressRow = typeof learningProgress.$inferSelect;

export async function selectMyProgress(db: DbOrTx, userId: string): Promise<ProgressRow[]> {
  return db.select().from(learningProgress).where(eq(learningProgress.userId, userId));
}

export async function selectMyRatings(db: DbOrTx, userId: string): Promise<{ moduleId: string; rating: number }[]> {
  return db.select({ moduleId: learningRatings.moduleId, rating: learningRatings.rating }).from(learningRatings).where(eq(learningRatings.userId, userId));
}

/** The learner's progress row on a module, locked for the transaction's update. */
export async function selectProgressForUpdate(db: DbOrTx, userId: string, moduleId: string): Promise<ProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(learningProgress)
    .where(and(eq(learningProgress.userId, userId), eq(learningProgress.moduleId, moduleId)))
    .for('update');
  return row;
}

export type ProgressValues = { watchTimeSeconds: number; totalDurationSeconds: number; percent: number; completedAt: Date | null };

/**
 * Writes the learner's progress. A first report inserts (a concurrent first report of the same
 * learner and module keeps the larger values: the upsert takes the greatest of each, and the
 * earliest completion).
 */
export async function upsertProgress(db: DbOrTx, userId: string, moduleId: string, values: ProgressValues, now: Date): Promise<ProgressRow> {
  const [row] = await db
    .insert(learningProgress)
    .values({ userId, moduleId, ...values, startedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [learningProgress.userId, learningProgress.moduleId],
      set: {
        watchTimeSeconds: sql`greatest(${learningProgress.watchTimeSeconds}, excluded.watch_time_seconds)`,
        totalDurationSeconds: sql`excluded.total_duration_seconds`,
        percent: sql`greatest(${learningProgress.percent}, excluded.percent)`,
        completedAt: sql`coalesce(${learningProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

export async function upsertRating(db: DbOrTx, userId: string, moduleId: string, rating: number, now: Date): Promise<void> {
  await db
    .insert(learningRatings)
    .values({ userId, moduleId, rating, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [learningRatings.userId, learningRatings.moduleId], set: { rating, updatedAt: now } });
}

export type UploadRow = { id: string; storedName: string; mimeType: string; sizeBytes: number };

export async function selectUpload(db: DbOrTx, id: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select({ id: learningUploads.id, storedName: learningUploads.storedName, mimeType: learningUploads.mimeType, sizeBytes: learningUploads.sizeBytes })
    .from(learningUploads)
    .where(eq(learningUploads.id, id));
  return row;
}

/** The active modules that use an uploaded file. */
export async function selectActiveModulesOfUpload(db: DbOrTx, uploadId: string): Promise<{ id: string; accessLevel: LearningAccessLevel }[]> {
  return (await db
    .select({ id: learningModules.id, accessLevel: learningModules.accessLevel })
    .from(learningModules)
    .where(and(eq(learningModules.uploadId, uploadId), eq(learningModules.isActive, true)))) as { id: string; accessLevel: LearningAccessLevel }[];
}

/** Active modules the user completed. */
export async function countCompletedActiveModules(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(learningProgress)
    .innerJoin(learningModules, eq(learningModules.id, learningProgress.moduleId))
    .where(and(eq(learningProgress.userId, userId), isNotNull(learningProgress.completedAt), eq(learningModules.isActive, true)));
  return row?.n ?? 0;
}
