import type { z } from 'zod';
import {
  aiQuotaMessage,
  AppError,
  composeTemplateMessage,
  DEFAULT_MESSAGE_TEMPLATE,
  findMessageTemplate,
  matchesPendingFilters,
  MESSAGE_TEMPLATES,
  wordCount,
  type BatchReviewInputSchema,
  type BatchReviewResponse,
  type MessageRequest,
  type MessageTemplatesResponse,
  type PendingGoalsQuerySchema,
  type PendingGoalsResponse,
  type PersonalizationHealth,
  type PersonalizedMessageInputSchema,
  type PersonalizedMessageResponse,
  type PreviewMessagesInputSchema,
  type PreviewMessagesResponse,
  type ReviewGoalItemSchema,
  secondsToNextUtcDay,
  utcDay,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { listReviewQueue, reviewGoal } from '../goals/index.ts';
import type { MessageWriter } from './message-writer.ts';
import { reserveAiMessages, selectAiMessagesUsed } from './personalization.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Reviewer = { id: string; name: string };
type PendingGoal = z.infer<typeof ReviewGoalItemSchema>;

export function listMessageTemplates(): MessageTemplatesResponse {
  return { templates: MESSAGE_TEMPLATES.map((template) => ({ ...template })), default_template: DEFAULT_MESSAGE_TEMPLATE };
}

export async function personalizationHealth(writer: MessageWriter): Promise<PersonalizationHealth> {
  const { ok, detail } = await writer.check();
  return { status: ok ? 'healthy' : 'degraded', writer: writer.kind, model: writer.model, detail };
}

/** 429 when an admin's daily AI message quota does not hold the messages asked for; Retry-After: the next UTC day. */
export class AiQuotaError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Takes `count` messages from the admin's quota of the UTC day before the writer is called
 * (catalogue T-87). A call that then fails still counts: the model may have billed it. The template
 * writer has no quota.
 */
async function reserveAiQuota(deps: Deps, writer: MessageWriter, adminId: string, count: number): Promise<void> {
  if (writer.dailyQuota === null || count === 0) return;
  const now = deps.clock.now();
  const day = utcDay(now);
  const total = await reserveAiMessages(deps.db, adminId, day, count, writer.dailyQuota);
  if (total !== null) return;
  const used = await selectAiMessagesUsed(deps.db, adminId, day);
  throw new AiQuotaError(aiQuotaMessage(writer.dailyQuota, used, count), secondsToNextUtcDay(now));
}

/** The Generate Messages tab: a message to copy or edit. It is sent to nobody. */
export async function writeMessage(deps: Deps, writer: MessageWriter, admin: Reviewer, input: z.output<typeof PersonalizedMessageInputSchema>): Promise<PersonalizedMessageResponse> {
  await reserveAiQuota(deps, writer, admin.id, 1);
  const message = await writer.write({
    userName: input.user_name,
    goalType: input.goal_data.goal_type,
    goalTitle: input.goal_data.goal_title,
    targetDate: input.goal_data.target_date,
    goalDescription: input.goal_data.goal_description,
    priority: input.goal_data.priority_level,
    template: input.template_type,
    adminName: admin.name,
    additionalContext: input.additional_context,
  });
  return {
    success: true,
    message,
    template_type: input.template_type,
    word_count: wordCount(message),
    generated_at: deps.clock.now().toISOString(),
    metadata: { tone: findMessageTemplate(input.template_type).tone, writer: writer.kind },
  };
}

function requestFor(goal: PendingGoal, admin: Reviewer, template: MessageRequest['template'], additionalContext: string): MessageRequest {
  return {
    userName: goal.owner.name,
    goalType: goal.goal_type,
    goalTitle: goal.title,
    targetDate: goal.deadline,
    goalDescription: goal.description || goal.why_important,
    // Spec 2 section 7: in the approval list the priority is fixed at High.
    priority: 'high',
    template,
    adminName: admin.name,
    additionalContext,
  };
}

/** The Pending Goals tab: every goal waiting for review, filtered here, with the unfiltered count. */
export async function listPendingGoals(deps: Deps, adminId: string, query: z.output<typeof PendingGoalsQuerySchema>): Promise<PendingGoalsResponse> {
  const queue = await listReviewQueue(deps, adminId);
  const now = deps.clock.now();
  const items = queue.items.filter((goal) => matchesPendingFilters(goal, { goalType: query.goal_type, timeframe: query.timeframe, submitted: query.submitted }, now));
  return { total: queue.pending_count, items };
}

async function pendingGoalsById(deps: Deps, adminId: string): Promise<Map<string, PendingGoal>> {
  const queue = await listReviewQueue(deps, adminId);
  return new Map(queue.items.map((goal) => [goal.id, goal]));
}

/**
 * Preview Messages (n): one message per selected pending goal, each written on its own so one
 * failure (a timeout, a goal reviewed meanwhile) is marked Failed with its reason and the others stay.
 */
export async function previewMessages(deps: Deps, writer: MessageWriter, admin: Reviewer, input: z.output<typeof PreviewMessagesInputSchema>): Promise<PreviewMessagesResponse> {
  const pending = await pendingGoalsById(deps, admin.id);
  const goalIds = [...new Set(input.goal_ids)];
  await reserveAiQuota(deps, writer, admin.id, goalIds.filter((id) => pending.has(id)).length);
  const items = [];
  for (const goalId of goalIds) {
    const goal = pending.get(goalId);
    const base = { goal_id: goalId, goal_title: goal?.title ?? '', user_name: goal?.owner.name ?? '', user_email: goal?.owner.email ?? '', template_type: input.template_type };
    if (!goal) {
      items.push({ ...base, success: false, message: null, word_count: 0, error: 'This goal is no longer pending review.' });
      continue;
    }
    try {
      const message = await writer.write(requestFor(goal, admin, input.template_type, input.additional_context));
      items.push({ ...base, success: true, message, word_count: wordCount(message), error: null });
    } catch (error) {
      items.push({ ...base, success: false, message: null, word_count: 0, error: error instanceof Error ? error.message : 'Failed to generate message.' });
    }
  }
  return { items, ready: items.filter((item) => item.success).length, total: items.length };
}

/**
 * Approve, reject or request revision of several goals, each through the goals module's reviewGoal
 * (its own transaction and audit row), collecting a result per goal: a failure never undoes or hides
 * the others. An approval without a message sends the standard template's message (Quick Approve).
 */
export async function batchReview(deps: Deps, admin: Reviewer, input: z.output<typeof BatchReviewInputSchema>): Promise<BatchReviewResponse> {
  const needsStandard = input.items.some((item) => item.action === 'approve' && !item.message);
  const pending = needsStandard ? await pendingGoalsById(deps, admin.id) : new Map<string, PendingGoal>();
  const results = [];
  for (const item of input.items) {
    try {
      const goal = pending.get(item.goal_id);
      const message = item.message || (item.action === 'approve' && goal ? composeTemplateMessage(requestFor(goal, admin, DEFAULT_MESSAGE_TEMPLATE, '')) : null);
      const outcome = await reviewGoal(deps, { goalId: item.goal_id, reviewerId: admin.id, action: item.action, feedback: item.feedback ?? null, message });
      results.push({ goal_id: item.goal_id, success: true, status: outcome.goal.status, notified: outcome.notified, error: null });
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'Error processing goal: the server could not save this review.';
      results.push({ goal_id: item.goal_id, success: false, status: null, notified: false, error: reason });
    }
  }
  const succeeded = results.filter((result) => result.success).length;
  return { results, succeeded, failed: results.length - succeeded };
}
