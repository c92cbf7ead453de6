import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { learningCategories, learningModules, learningProgress, learningUploads, users, type DbOrTx } from '@myeai/db';
import type { LearningAccessLevel, LearningCollection, LearningContentType, LearningDifficulty, LearningUploadMimeType } from '@myeai/domain';

/** The module admin's reads and writes (issue 20 item 4). */

export type AdminModuleRow = {
  id: string;
  title: string;
  description: string;
  categoryId: string;
  categoryName: string;
  contentType: LearningContentType;
  url: string | null;
  uploadId: string | null;
  uploadOriginalName: string | null;
  uploadMimeType: LearningUploadMimeType | null;
  uploadSizeBytes: number | null;
  uploadCreatedAt: Date | null;
  thumbnailUrl: string | null;
  durationMinutes: number | null;
  tags: string[];
  difficulty: LearningDifficulty;
  accessLevel: LearningAccessLevel;
  sortOrder: number;
  isActive: boolean;
  collection: LearningCollection | null;
  creatorName: string | null;
  createdAt: Date;
  updatedAt: Date;
  learnersStarted: number;
  learnersCompleted: number;
};

const progressCounts = (db: DbOrTx) =>
  db
    .select({
      moduleId: learningProgress.moduleId,
      started: count().as('started'),
      completed: count(learningProgress.completedAt).as('completed'),
    })
    .from(learningProgress)
    .groupBy(learningProgress.moduleId)
    .as('progress_counts');

/** Every module (inactive ones too) in the learners' order, or the one named. */
export async function selectAdminModules(db: DbOrTx, id?: string): Promise<AdminModuleRow[]> {
  const counts = progressCounts(db);
  const rows = await db
    .select({
      id: learningModules.id,
      title: learningModules.title,
      description: learningModules.description,
      categoryId: learningModules.categoryId,
      categoryName: learningCategories.name,
      contentType: learningModules.contentType,
      url: learningModules.url,
      uploadId: learningModules.uploadId,
      uploadOriginalName: learningUploads.originalName,
      uploadMimeType: learningUploads.mimeType,
      uploadSizeBytes: learningUploads.sizeBytes,
      uploadCreatedAt: learningUploads.createdAt,
      thumbnailUrl: learningModules.thumbnailUrl,
      durationMinutes: learningModules.durationMinutes,
      tags: learningModules.tags,
      difficulty: learningModules.difficulty,
      accessLevel: learningModules.accessLevel,
      sortOrder: learningModules.sortOrder,
      isActive: learningModules.isActive,
      collection: learningModules.collection,
      creatorName: users.name,
      createdAt: learningModules.createdAt,
      updatedAt: learningModules.updatedAt,
      learnersStarted: sql<number>`coalesce(${counts.started}, 0)::int`,
      learnersCompleted: sql<number>`coalesce(${counts.completed}, 0)::int`,
    })
    .from(learningModules)
    .innerJoin(learningCategories, eq(learningCategories.id, learningModules.categoryId))
    .leftJoin(learningUploads, eq(learningUploads.id, learningModules.uploadId))
    .leftJoin(users, eq(users.id, learningModules.createdBy))
    .leftJoin(counts, eq(counts.moduleId, learningModules.id))
    .where(id ? eq(learningModules.id, id) : undefined)
    .orderBy(asc(learningModules.sortOrder), asc(learningModules.createdAt), asc(learningModules.id));
  return rows as AdminModuleRow[];
}

export type AdminCategoryRow = { id: string; name: string; sortOrder: number; moduleCount: number; activeModuleCount: number };

export async function selectAdminCategories(db: DbOrTx): Promise<AdminCategoryRow[]> {
  return db
    .select({
      id: learningCategories.id,
      name: learningCategories.name,
      sortOrder: learningCategories.sortOrder,
      moduleCount: sql<number>`count(${learningModules.id})::int`,
      activeModuleCount: sql<number>`(count(${learningModules.id}) filter (where ${learningModules.isActive}))::int`,
    })
    .from(learningCategories)
    .leftJoin(learningModules, eq(learningModules.categoryId, learningCategories.id))
    .groupBy(learningCategories.id)
    .orderBy(asc(learningCategories.sortOrder), asc(sql`lower(${learningCategories.name})`));
}

/** Distinct learners who started any module, and completions of all modules. */
export async function selectLearnerTotals(db: DbOrTx): Promise<{ learners: number; completions: number }> {
  const [row] = await db
    .select({
      learners: sql<number>`count(distinct ${learningProgress.userId})::int`,
      completions: sql<number>`count(${learningProgress.completedAt})::int`,
    })
    .from(learningProgress);
  return row ?? { learners: 0, completions: 0 };
}

export type ModuleWrite = {
  title: string;
  description: string;
  categoryId: string;
  contentType: LearningContentType;
  url: string | null;
  uploadId: string | null;
  thumbnailUrl: string | null;
  durationMinutes: number | null;
  tags: string[];
  difficulty: LearningDifficulty;
  accessLevel: LearningAccessLevel;
  sortOrder: number;
  isActive: boolean;
  collection: LearningCollection | null;
};

export async function insertModule(db: DbOrTx, values: ModuleWrite & { createdBy: string | null; now: Date }): Promise<string> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(learningModules)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: learningModules.id });
  return row!.id;
}

export async function updateModuleRow(db: DbOrTx, id: string, values: ModuleWrite & { now: Date }): Promise<boolean> {
  const { now, ...rest } = values;
  const rows = await db
    .update(learningModules)
    .set({ ...rest, updatedAt: now })
    .where(eq(learningModules.id, id))
    .returning({ id: learningModules.id });
  return rows.length > 0;
}

export async function setModuleActive(db: DbOrTx, id: string, isActive: boolean, now: Date): Promise<boolean> {
  const rows = await db.update(learningModules).set({ isActive, updatedAt: now }).where(eq(learningModules.id, id)).returning({ id: learningModules.id });
  return rows.length > 0;
}

/** Every module id, locked for the reorder (a concurrent create or reorder waits for it). */
export async function selectModuleIdsForUpdate(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: learningModules.id }).from(learningModules).for('update');
  return rows.map((row) => row.id);
}

export async function setModuleSortOrders(db: DbOrTx, orderedIds: readonly string[], now: Date): Promise<void> {
  if (orderedIds.length === 0) return;
  const ids = sql.join(
    orderedIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update ${learningModules} as m
    set sort_order = o.position - 1, updated_at = ${now.toISOString()}::timestamptz
    from unnest(array[${ids}]) with ordinality as o(id, position)
    where m.id = o.id and m.sort_order is distinct from o.position - 1`);
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: learningCategories.id }).from(learningCategories).where(eq(learningCategories.id, id));
  return row !== undefined;
}

export async function categoryNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: learningCategories.id })
    .from(learningCategories)
    .where(sql`lower(${learningCategories.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

export async function insertCategory(db: DbOrTx, values: { name: string; sortOrder: number; now: Date }): Promise<string> {
  const [row] = await db
    .insert(learningCategories)
    .values({ name: values.name, sortOrder: values.sortOrder, createdAt: values.now, updatedAt: values.now })
    .returning({ id: learningCategories.id });
  return row!.id;
}

export async function updateCategoryRow(db: DbOrTx, id: string, values: { name: string; sortOrder: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(learningCategories)
    .set({ name: values.name, sortOrder: values.sortOrder, updatedAt: values.now })
    .where(eq(learningCategories.id, id))
    .returning({ id: learningCategories.id });
  return rows.length > 0;
}

export async function countModulesInCategory(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(learningModules).where(eq(learningModules.categoryId, id));
  return row?.n ?? 0;
}

export async function deleteCategoryRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(learningCategories).where(eq(learningCategories.id, id)).returning({ id: learningCategories.id });
  return rows.length > 0;
}

export type ModuleAnalyticsRow = { moduleId: string; title: string; isActive: boolean; started: number; completed: number; averagePercent: number | null };

/** Per module: learners who started, who completed, and their average watched percent. */
export async function selectModuleAnalytics(db: DbOrTx, moduleId?: string): Promise<ModuleAnalyticsRow[]> {
  return db
    .select({
      moduleId: learningModules.id,
      title: learningModules.title,
      isActive: learningModules.isActive,
      started: sql<number>`count(${learningProgress.id})::int`,
      completed: sql<number>`count(${learningProgress.completedAt})::int`,
      averagePercent: sql<number | null>`round(avg(${learningProgress.percent}))::int`,
    })
    .from(learningModules)
    .leftJoin(learningProgress, eq(learningProgress.moduleId, learningModules.id))
    .where(moduleId ? eq(learningModules.id, moduleId) : undefined)
    .groupBy(learningModules.id)
    .orderBy(asc(learningModules.sortOrder), asc(learningModules.createdAt), asc(learningModules.id));
}

/** Learners who started, and who completed, the module on each UTC day from `since` on (days with none are absent). */
export async function selectModuleDailyCounts(db: DbOrTx, moduleId: string, since: Date): Promise<{ day: string; started: number; completed: number }[]> {
  const startedDay = sql<string>`to_char(${learningProgress.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const completedDay = sql<string>`to_char(${learningProgress.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const started = await db
    .select({ day: startedDay, n: sql<number>`count(*)::int` })
    .from(learningProgress)
    .where(and(eq(learningProgress.moduleId, moduleId), sql`${learningProgress.startedAt} >= ${since.toISOString()}::timestamptz`))
    .groupBy(startedDay);
  const completed = await db
    .select({ day: completedDay, n: sql<number>`count(*)::int` })
    .from(learningProgress)
    .where(and(eq(learningProgress.moduleId, moduleId), isNotNull(learningProgress.completedAt), sql`${learningProgress.completedAt} >= ${since.toISOString()}::timestamptz`))
    .groupBy(completedDay);
  const byDay = new Map<string, { day: string; started: number; completed: number }>();
  for (const row of started) byDay.set(row.day, { day: row.day, started: row.n, completed: 0 });
  for (const row of completed) byDay.set(row.day, { ...(byDay.get(row.day) ?? { day: row.day, started: 0 }), completed: row.n });
  return [...byDay.values()];
}

export async function moduleExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: learningModules.id }).from(learningModules).where(inArray(learningModules.id, [id]));
  return rows.length > 0;
}
