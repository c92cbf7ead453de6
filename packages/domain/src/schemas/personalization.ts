import { z } from 'zod';
import { GOAL_TIMEFRAMES, GOAL_TYPES } from '../goals/goal-rules.ts';
import { REVIEW_ACTIONS } from '../goals/goal-lifecycle.ts';
import { DEFAULT_MESSAGE_TEMPLATE, MESSAGE_MAX_CHARS, MESSAGE_TEMPLATE_IDS, PRIORITY_LEVELS, SUBMITTED_WINDOWS } from '../personalization/message-templates.ts';
import { ReviewGoalItemSchema } from './goals.ts';

/** Admin goal approval and AI messages (spec 2 section 7, "Admin goal approval and AI messages"). */
export const personalizationPaths = {
  templates: '/api/admin/message-templates',
  health: '/api/admin/personalization/health',
  message: '/api/admin/personalized-message',
  previews: '/api/admin/personalized-messages/preview',
  batchReview: '/api/admin/goals/batch-review',
  pendingGoals: '/api/admin/personalization/pending-goals',
} as const;

export const MessageTemplateSchema = z.object({
  id: z.enum(MESSAGE_TEMPLATE_IDS),
  name: z.string(),
  description: z.string(),
  tone: z.string(),
  /** The stored text with its {placeholders}: what Quick Approve sends for "standard". */
  text: z.string(),
});
export const MessageTemplatesResponseSchema = z.object({ templates: z.array(MessageTemplateSchema), default_template: z.enum(MESSAGE_TEMPLATE_IDS) });
export type MessageTemplatesResponse = z.infer<typeof MessageTemplatesResponseSchema>;

export const WRITER_KINDS = ['templates', 'ai'] as const;
export const PersonalizationHealthSchema = z.object({
  /** "healthy" when the active writer answers; "degraded" otherwise (the screen shows "AI Service Offline"). */
  status: z.enum(['healthy', 'degraded']),
  writer: z.enum(WRITER_KINDS),
  model: z.string().nullable(),
  detail: z.string().nullable(),
});
export type PersonalizationHealth = z.infer<typeof PersonalizationHealthSchema>;

const text = (max: number) => z.string().trim().max(max);

/** POST /api/admin/personalized-message: writes a message to copy or edit; it sends nothing. */
export const PersonalizedMessageInputSchema = z.strictObject({
  user_name: text(200).min(1, 'Enter the user name.'),
  user_email: z.email('Enter a valid e-mail address.').max(320),
  goal_data: z.strictObject({
    goal_type: z.enum(GOAL_TYPES).default('monetary'),
    goal_title: text(200).min(1, 'Enter the goal title.'),
    target_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the target date.'),
    goal_description: text(2000).default(''),
    priority_level: z.enum(PRIORITY_LEVELS).default('medium'),
  }),
  template_type: z.enum(MESSAGE_TEMPLATE_IDS).default(DEFAULT_MESSAGE_TEMPLATE),
  additional_context: text(1000).default(''),
});
export type PersonalizedMessageInput = z.input<typeof PersonalizedMessageInputSchema>;

export const PersonalizedMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  template_type: z.enum(MESSAGE_TEMPLATE_IDS),
  word_count: z.number().int(),
  generated_at: z.string(),
  metadata: z.object({ tone: z.string(), writer: z.enum(WRITER_KINDS) }),
});
export type PersonalizedMessageResponse = z.infer<typeof PersonalizedMessageResponseSchema>;

/** POST /api/admin/personalized-messages/preview: one message per pending goal (priority fixed at High). */
export const PreviewMessagesInputSchema = z.strictObject({
  goal_ids: z.array(z.uuid('Goal not found.')).min(1, 'Please select goals to preview').max(50, 'Preview at most 50 goals at a time.'),
  template_type: z.enum(MESSAGE_TEMPLATE_IDS).default(DEFAULT_MESSAGE_TEMPLATE),
  additional_context: text(1000).default(''),
});
export type PreviewMessagesInput = z.input<typeof PreviewMessagesInputSchema>;

export const MessagePreviewSchema = z.object({
  goal_id: z.string(),
  goal_title: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  success: z.boolean(),
  message: z.string().nullable(),
  word_count: z.number().int(),
  template_type: z.enum(MESSAGE_TEMPLATE_IDS),
  error: z.string().nullable(),
});
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;
export const PreviewMessagesResponseSchema = z.object({ items: z.array(MessagePreviewSchema), ready: z.number().int(), total: z.number().int() });
export type PreviewMessagesResponse = z.infer<typeof PreviewMessagesResponseSchema>;

/**
 * POST /api/admin/goals/batch-review: each goal reviewed on its own (one audited action each); an
 * approval without a message sends the standard template's message (Quick Approve).
 */
export const BatchReviewInputSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        goal_id: z.uuid('Goal not found.'),
        action: z.enum(REVIEW_ACTIONS),
        message: text(MESSAGE_MAX_CHARS + 200).optional(),
        feedback: text(2000).optional(),
      }),
    )
    .min(1, 'Please select goals to process')
    .max(50, 'Review at most 50 goals at a time.'),
});
export type BatchReviewInput = z.input<typeof BatchReviewInputSchema>;

export const BatchReviewResultSchema = z.object({
  goal_id: z.string(),
  success: z.boolean(),
  status: z.string().nullable(),
  notified: z.boolean(),
  error: z.string().nullable(),
});
export const BatchReviewResponseSchema = z.object({
  results: z.array(BatchReviewResultSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BatchReviewResponse = z.infer<typeof BatchReviewResponseSchema>;

/** The summary the screen shows when part of a batch failed (spec 2 section 8). */
export function batchFailureSummary(response: Pick<BatchReviewResponse, 'results' | 'succeeded' | 'failed'>): string | null {
  if (response.failed === 0) return null;
  const reasons = [...new Set(response.results.filter((result) => !result.success).map((result) => result.error ?? 'unknown error'))];
  return `Batch processing failed: ${response.failed} of ${response.results.length} goals failed (${reasons.join('; ')}); ${response.succeeded} succeeded.`;
}

/** GET /api/admin/personalization/pending-goals: the filter panel, applied by the server. */
export const PendingGoalsQuerySchema = z.strictObject({
  goal_type: z.enum(GOAL_TYPES).optional(),
  timeframe: z.enum(GOAL_TIMEFRAMES).optional(),
  submitted: z.enum(SUBMITTED_WINDOWS).default('all'),
});
export type PendingGoalsQuery = z.input<typeof PendingGoalsQuerySchema>;
/** `total`: every pending goal ("Showing X of Y goals": X is items.length, Y is total). */
export const PendingGoalsResponseSchema = z.object({ total: z.number().int(), items: z.array(ReviewGoalItemSchema) });
export type PendingGoalsResponse = z.infer<typeof PendingGoalsResponseSchema>;
