import { z } from 'zod';
import {
  isUploadedContentType,
  LEARNING_ACCESS_LEVELS,
  LEARNING_COLLECTIONS,
  LEARNING_CONTENT_TYPES,
  LEARNING_DIFFICULTIES,
  LEARNING_UPLOAD_MIME_TYPES,
} from '../learning/learning-catalogue.ts';
import {
  LEARNING_ADMIN_MESSAGES as M,
  LEARNING_CATEGORY_NAME_MAX,
  LEARNING_DESCRIPTION_MAX,
  LEARNING_DURATION_MAX_MINUTES,
  LEARNING_SORT_ORDER_MAX,
  LEARNING_TITLE_MAX,
  learningTagsValid,
  learningUrlProblem,
  validateLearningModuleForm,
} from '../learning/learning-module-rules.ts';
import { isSafeHttpUrl } from '../products/product-rules.ts';
import { formRulesSchema } from './form-rules-schema.ts';

/**
 * Learning API paths (issue 20). The module admin's routes are under /api/admin/learning; the
 * learner's routes (hub, progress, ratings, uploaded file streaming) are added here by the hub.
 */
export const learningPaths = {
  adminModules: '/api/admin/learning/modules',
  adminModule: '/api/admin/learning/modules/:id',
  adminModuleReactivate: '/api/admin/learning/modules/:id/reactivate',
  adminModuleAnalytics: '/api/admin/learning/modules/:id/analytics',
  adminModuleOrder: '/api/admin/learning/module-order',
  adminCategories: '/api/admin/learning/categories',
  adminCategory: '/api/admin/learning/categories/:id',
  adminUploads: '/api/admin/learning/uploads',
  adminAnalytics: '/api/admin/learning/analytics',
} as const;

export const LearningAdminModuleIdParamsSchema = z.object({ id: z.uuid(M.moduleNotFound) });
export const LearningCategoryIdParamsSchema = z.object({ id: z.uuid(M.categoryNotFound) });

export const LearningUploadSchema = z.object({
  id: z.string(),
  original_name: z.string(),
  mime_type: z.enum(LEARNING_UPLOAD_MIME_TYPES),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type LearningUpload = z.infer<typeof LearningUploadSchema>;

export const LearningUploadResponseSchema = z.object({ status: z.literal('success'), upload: LearningUploadSchema });

/** A module as the module admin sees it: every field, inactive ones too, with its learner counts. */
export const AdminLearningModuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  content_type: z.enum(LEARNING_CONTENT_TYPES),
  url: z.string().nullable(),
  upload: LearningUploadSchema.nullable(),
  thumbnail_url: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  tags: z.array(z.string()),
  difficulty: z.enum(LEARNING_DIFFICULTIES),
  access_level: z.enum(LEARNING_ACCESS_LEVELS),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  collection: z.enum(LEARNING_COLLECTIONS).nullable(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  learners_started: z.number().int(),
  learners_completed: z.number().int(),
});
export type AdminLearningModule = z.infer<typeof AdminLearningModuleSchema>;

export const AdminLearningCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  sort_order: z.number().int(),
  module_count: z.number().int(),
  active_module_count: z.number().int(),
});
export type AdminLearningCategory = z.infer<typeof AdminLearningCategorySchema>;

export const AdminLearningStatsSchema = z.object({
  total_modules: z.number().int(),
  active_modules: z.number().int(),
  inactive_modules: z.number().int(),
  total_categories: z.number().int(),
  /** Distinct learners who started any module. */
  learners: z.number().int(),
  completions: z.number().int(),
});

export const AdminLearningListSchema = z.object({
  modules: z.array(AdminLearningModuleSchema),
  categories: z.array(AdminLearningCategorySchema),
  stats: AdminLearningStatsSchema,
});
export type AdminLearningList = z.infer<typeof AdminLearningListSchema>;

const optionalUrl = (message: string) =>
  z
    .string(message)
    .trim()
    .refine((value) => value === '' || isSafeHttpUrl(value), message)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/**
 * POST and PUT /api/admin/learning/modules: the whole module (a PUT replaces every field; strict:
 * unknown keys are refused). Same rules as the dialog.
 */
export const LearningModuleInputSchema = z
  .strictObject({
    title: z.string(M.titleRequired).trim().min(1, M.titleRequired).max(LEARNING_TITLE_MAX, M.titleTooLong),
    category_id: z.uuid(M.categoryRequired),
    description: z.string(M.descriptionRequired).trim().min(1, M.descriptionRequired).max(LEARNING_DESCRIPTION_MAX, M.descriptionTooLong),
    content_type: z.enum(LEARNING_CONTENT_TYPES, M.contentTypeRequired).default('youtube'),
    url: z.string(M.urlInvalid).trim().nullable().optional().transform((value) => (value ? value : null)),
    upload_id: z.uuid(M.fileUnknown).nullable().optional().transform((value) => value ?? null),
    thumbnail_url: optionalUrl(M.thumbnailUrlInvalid),
    duration_minutes: z.number(M.durationInvalid).int(M.durationInvalid).min(0, M.durationInvalid).max(LEARNING_DURATION_MAX_MINUTES, M.durationInvalid).nullable().default(null),
    tags: z.array(z.string(M.tagsInvalid).trim(), M.tagsInvalid).default([]).transform((tags) => [...new Set(tags.filter(Boolean))]).refine(learningTagsValid, M.tagsInvalid),
    difficulty: z.enum(LEARNING_DIFFICULTIES, M.difficultyInvalid).default('Beginner'),
    access_level: z.enum(LEARNING_ACCESS_LEVELS, M.accessLevelRequired).default('subscriber'),
    sort_order: z.number(M.sortOrderInvalid).int(M.sortOrderInvalid).min(0, M.sortOrderInvalid).max(LEARNING_SORT_ORDER_MAX, M.sortOrderInvalid).default(0),
    collection: z.enum(LEARNING_COLLECTIONS, M.collectionInvalid).nullable().default(null),
    is_active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (isUploadedContentType(value.content_type)) {
      if (!value.upload_id) ctx.addIssue({ code: 'custom', path: ['upload_id'], message: M.fileRequired });
      return;
    }
    const problem = learningUrlProblem(value.content_type, value.url ?? '');
    if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
  })
  .transform((value) => (isUploadedContentType(value.content_type) ? { ...value, url: null } : { ...value, upload_id: null }));
export type LearningModuleInput = z.input<typeof LearningModuleInputSchema>;
export type LearningModuleInputParsed = z.output<typeof LearningModuleInputSchema>;

/** The create and edit dialog: its fields as typed, checked by the module form rules, read as the API input. */
export const LearningModuleFormSchema = formRulesSchema(
  {
    title: z.string(),
    category_id: z.string(),
    description: z.string(),
    content_type: z.string(),
    url: z.string(),
    upload_id: z.string(),
    thumbnail_url: z.string(),
    duration_minutes: z.string(),
    tags: z.string(),
    difficulty: z.string(),
    access_level: z.string(),
    sort_order: z.string(),
    collection: z.string(),
    is_active: z.boolean(),
  },
  validateLearningModuleForm,
);

export const LearningModuleResponseSchema = z.object({ status: z.literal('success'), message: z.string(), module: AdminLearningModuleSchema });

export const LearningModuleOrderInputSchema = z.strictObject({
  /** Every module's id (active and inactive), in the new order: sort_order becomes 0, 1, 2, ... */
  module_ids: z.array(z.uuid(M.reorderMismatch), M.reorderMismatch).min(1, M.reorderMismatch).max(10_000, M.reorderMismatch),
});
export const LearningModuleOrderResponseSchema = z.object({ status: z.literal('success'), modules: z.array(AdminLearningModuleSchema) });

export const LearningCategoryInputSchema = z.strictObject({
  name: z.string(M.categoryNameRequired).trim().min(1, M.categoryNameRequired).max(LEARNING_CATEGORY_NAME_MAX, M.categoryNameTooLong),
  sort_order: z.number(M.sortOrderInvalid).int(M.sortOrderInvalid).min(0, M.sortOrderInvalid).max(LEARNING_SORT_ORDER_MAX, M.sortOrderInvalid).default(0),
});
export type LearningCategoryInput = z.input<typeof LearningCategoryInputSchema>;
export const LearningCategoryFormSchema = z.object({
  name: z.string().trim().min(1, M.categoryNameRequired).max(LEARNING_CATEGORY_NAME_MAX, M.categoryNameTooLong),
});
export const LearningCategoryResponseSchema = z.object({ status: z.literal('success'), category: AdminLearningCategorySchema });
export const LearningDeleteResponseSchema = z.object({ status: z.literal('success') });

/** One module's learners (issue 20 item 4, the Analytics tab). Percents are whole; null when nobody started. */
export const LearningModuleAnalyticsSummarySchema = z.object({
  module_id: z.string(),
  title: z.string(),
  is_active: z.boolean(),
  learners_started: z.number().int(),
  learners_completed: z.number().int(),
  completion_rate_percent: z.number().int().nullable(),
  average_watched_percent: z.number().int().nullable(),
});
export type LearningModuleAnalyticsSummary = z.infer<typeof LearningModuleAnalyticsSummarySchema>;

export const LearningAnalyticsListSchema = z.object({ modules: z.array(LearningModuleAnalyticsSummarySchema) });

/** Per UTC day of the window: learners who started, and who completed, that day. */
export const LearningAnalyticsPointSchema = z.object({ date: z.string(), started: z.number().int(), completed: z.number().int() });
export const LEARNING_ANALYTICS_DAYS = [7, 30, 90] as const;
export const LearningAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (LEARNING_ANALYTICS_DAYS as readonly number[]).includes(days), 'days is 7, 30 or 90')
    .default(30),
});
export const LearningModuleAnalyticsSchema = LearningModuleAnalyticsSummarySchema.extend({
  days: z.number().int(),
  series: z.array(LearningAnalyticsPointSchema),
});
export type LearningModuleAnalytics = z.infer<typeof LearningModuleAnalyticsSchema>;
