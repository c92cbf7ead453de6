import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  completionRatePercent,
  isCompleteOrder,
  LEARNING_ADMIN_MESSAGES as M,
  LEARNING_UPLOAD_CONTENT_TYPE,
  type AdminLearningCategory,
  type AdminLearningList,
  type AdminLearningModule,
  type LearningCategoryInputSchema,
  type LearningModuleAnalytics,
  type LearningModuleAnalyticsSummary,
  type LearningModuleInputParsed,
} from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import {
  categoryExists,
  categoryNameTaken,
  countModulesInCategory,
  deleteCategoryRow,
  insertCategory,
  insertModule,
  moduleExists,
  selectAdminCategories,
  selectAdminModules,
  selectLearnerTotals,
  selectModuleAnalytics,
  selectModuleDailyCounts,
  selectModuleIdsForUpdate,
  setModuleActive,
  setModuleSortOrders,
  updateCategoryRow,
  updateModuleRow,
  type AdminCategoryRow,
  type AdminModuleRow,
  type ModuleAnalyticsRow,
  type ModuleWrite,
} from './learning-admin.queries.ts';
import { selectUploadMimeType } from './learning-uploads.queries.ts';

/** The module admin (issue 20 item 4; spec 2 "Learning module admin", sections 5 and 8). */

function toAdminModule(row: AdminModuleRow): AdminLearningModule {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category_id: row.categoryId,
    category_name: row.categoryName,
    content_type: row.contentType,
    url: row.url,
    upload:
      row.uploadId && row.uploadMimeType && row.uploadCreatedAt
        ? { id: row.uploadId, original_name: row.uploadOriginalName ?? '', mime_type: row.uploadMimeType, size_bytes: Number(row.uploadSizeBytes ?? 0), created_at: row.uploadCreatedAt.toISOString() }
        : null,
    thumbnail_url: row.thumbnailUrl,
    duration_minutes: row.durationMinutes,
    tags: row.tags,
    difficulty: row.difficulty,
    access_level: row.accessLevel,
    sort_order: row.sortOrder,
    is_active: row.isActive,
    collection: row.collection,
    creator_name: row.creatorName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    learners_started: row.learnersStarted,
    learners_completed: row.learnersCompleted,
  };
}

function toAdminCategory(row: AdminCategoryRow): AdminLearningCategory {
  return { id: row.id, name: row.name, sort_order: row.sortOrder, module_count: row.moduleCount, active_module_count: row.activeModuleCount };
}

export async function listAdminLearning(db: DbOrTx): Promise<AdminLearningList> {
  const [modules, categories, totals] = await Promise.all([selectAdminModules(db), selectAdminCategories(db), selectLearnerTotals(db)]);
  const active = modules.filter((row) => row.isActive).length;
  return {
    modules: modules.map(toAdminModule),
    categories: categories.map(toAdminCategory),
    stats: {
      total_modules: modules.length,
      active_modules: active,
      inactive_modules: modules.length - active,
      total_categories: categories.length,
      learners: totals.learners,
      completions: totals.completions,
    },
  };
}

async function readModule(db: DbOrTx, id: string): Promise<AdminLearningModule> {
  const [row] = await selectAdminModules(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.moduleNotFound);
  return toAdminModule(row);
}

function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION', message, [{ path, message }]);
}

/** The checks that need the database: the category exists; an uploaded file exists and is of the type's kind. */
async function checkReferences(db: DbOrTx, input: LearningModuleInputParsed): Promise<void> {
  if (!(await categoryExists(db, input.category_id))) throw fieldError('category_id', M.categoryUnknown);
  if (input.upload_id) {
    const mimeType = await selectUploadMimeType(db, input.upload_id);
    if (!mimeType) throw fieldError('upload_id', M.fileUnknown);
    if (LEARNING_UPLOAD_CONTENT_TYPE[mimeType] !== input.content_type) throw fieldError('upload_id', M.fileWrongKind);
  }
}

function toWrite(input: LearningModuleInputParsed): ModuleWrite {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.category_id,
    contentType: input.content_type,
    url: input.url,
    uploadId: input.upload_id,
    thumbnailUrl: input.thumbnail_url,
    durationMinutes: input.duration_minutes,
    tags: input.tags,
    difficulty: input.difficulty,
    accessLevel: input.access_level,
    sortOrder: input.sort_order,
    isActive: input.is_active,
    collection: input.collection,
  };
}

export async function createLearningModule(db: Database, clock: Clock, actorId: string, input: LearningModuleInputParsed): Promise<AdminLearningModule> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const id = await insertModule(tx, { ...toWrite(input), createdBy: actorId, now: clock.now() });
    await recordAudit(tx, clock, { actorId, action: 'learning_module.create', target: id, details: { title: input.title, access_level: input.access_level } });
    return readModule(tx, id);
  });
}

export async function updateLearningModule(db: Database, clock: Clock, actorId: string, id: string, input: LearningModuleInputParsed): Promise<AdminLearningModule> {
  return db.transaction(async (tx) => {
    if (!(await moduleExists(tx, id))) throw new AppError('NOT_FOUND', M.moduleNotFound);
    await checkReferences(tx, input);
    await updateModuleRow(tx, id, { ...toWrite(input), now: clock.now() });
    await recordAudit(tx, clock, { actorId, action: 'learning_module.update', target: id, details: { title: input.title } });
    return readModule(tx, id);
  });
}

/** Deactivate (DELETE) or reactivate: the module stays, with its learners' progress; inactive modules are hidden from learners. */
export async function setLearningModuleActive(db: Database, clock: Clock, actorId: string, id: string, isActive: boolean): Promise<AdminLearningModule> {
  return db.transaction(async (tx) => {
    if (!(await setModuleActive(tx, id, isActive, clock.now()))) throw new AppError('NOT_FOUND', M.moduleNotFound);
    await recordAudit(tx, clock, { actorId, action: isActive ? 'learning_module.reactivate' : 'learning_module.deactivate', target: id });
    return readModule(tx, id);
  });
}

/** Drag-to-reorder: the full list in its new order, written in one transaction (sort_order 0, 1, 2, ...). */
export async function reorderLearningModules(db: Database, clock: Clock, actorId: string, orderedIds: readonly string[]): Promise<AdminLearningModule[]> {
  return db.transaction(async (tx) => {
    const current = await selectModuleIdsForUpdate(tx);
    if (!isCompleteOrder(current, orderedIds)) throw new AppError('CONFLICT', M.reorderMismatch);
    await setModuleSortOrders(tx, orderedIds, clock.now());
    await recordAudit(tx, clock, { actorId, action: 'learning_module.reorder', details: { modules: orderedIds.length } });
    return (await selectAdminModules(tx)).map(toAdminModule);
  });
}

type CategoryInput = z.output<typeof LearningCategoryInputSchema>;

async function readCategory(db: DbOrTx, id: string): Promise<AdminLearningCategory> {
  const row = (await selectAdminCategories(db)).find((category) => category.id === id);
  if (!row) throw new AppError('NOT_FOUND', M.categoryNotFound);
  return toAdminCategory(row);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function createLearningCategory(db: Database, clock: Clock, actorId: string, input: CategoryInput): Promise<AdminLearningCategory> {
  try {
    return await db.transaction(async (tx) => {
      if (await categoryNameTaken(tx, input.name)) throw fieldError('name', M.categoryNameTaken);
      const id = await insertCategory(tx, { name: input.name, sortOrder: input.sort_order, now: clock.now() });
      await recordAudit(tx, clock, { actorId, action: 'learning_category.create', target: id, details: { name: input.name } });
      return readCategory(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', M.categoryNameTaken);
    throw error;
  }
}

export async function updateLearningCategory(db: Database, clock: Clock, actorId: string, id: string, input: CategoryInput): Promise<AdminLearningCategory> {
  try {
    return await db.transaction(async (tx) => {
      if (await categoryNameTaken(tx, input.name, id)) throw fieldError('name', M.categoryNameTaken);
      if (!(await updateCategoryRow(tx, id, { name: input.name, sortOrder: input.sort_order, now: clock.now() }))) throw new AppError('NOT_FOUND', M.categoryNotFound);
      await recordAudit(tx, clock, { actorId, action: 'learning_category.update', target: id, details: { name: input.name } });
      return readCategory(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', M.categoryNameTaken);
    throw error;
  }
}

/** A category is removed only when no module (active or not) is in it. */
export async function deleteLearningCategory(db: Database, clock: Clock, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await countModulesInCategory(tx, id)) > 0) throw new AppError('CONFLICT', M.categoryInUse);
    if (!(await deleteCategoryRow(tx, id))) throw new AppError('NOT_FOUND', M.categoryNotFound);
    await recordAudit(tx, clock, { actorId, action: 'learning_category.delete', target: id });
  });
}

function toSummary(row: ModuleAnalyticsRow): LearningModuleAnalyticsSummary {
  return {
    module_id: row.moduleId,
    title: row.title,
    is_active: row.isActive,
    learners_started: row.started,
    learners_completed: row.completed,
    completion_rate_percent: completionRatePercent(row.started, row.completed),
    average_watched_percent: row.started > 0 ? row.averagePercent : null,
  };
}

export async function listLearningAnalytics(db: DbOrTx): Promise<LearningModuleAnalyticsSummary[]> {
  return (await selectModuleAnalytics(db)).map(toSummary);
}

const DAY_MS = 86_400_000;

/** One module's figures and, per UTC day of the last `days` days (today included), learners who started and completed. */
export async function moduleAnalytics(db: DbOrTx, clock: Clock, moduleId: string, days: number): Promise<LearningModuleAnalytics> {
  const [row] = await selectModuleAnalytics(db, moduleId);
  if (!row) throw new AppError('NOT_FOUND', M.moduleNotFound);
  const today = new Date(Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS);
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const counts = new Map((await selectModuleDailyCounts(db, moduleId, since)).map((point) => [point.day, point]));
  const series = Array.from({ length: days }, (_, index) => {
    const date = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const point = counts.get(date);
    return { date, started: point?.started ?? 0, completed: point?.completed ?? 0 };
  });
  return { ...toSummary(row), days, series };
}
