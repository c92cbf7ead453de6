/**
 * Goal approval messages (spec 2 "Admin goal approval and AI messages"; DESIGN.md decision 30).
 * The default MessageWriter composes them here, from the stored templates below and the goal's
 * fields, with no network. One substitution pass: a value that itself holds `{goal_title}` or
 * `${...}` is copied as it is, never expanded (reliability catalogue T-31).
 */

export const MESSAGE_TEMPLATE_IDS = ['standard', 'encouraging', 'professional', 'celebratory'] as const;
export type MessageTemplateId = (typeof MESSAGE_TEMPLATE_IDS)[number];

/** Spec 2 section 9: the default template is "standard". */
export const DEFAULT_MESSAGE_TEMPLATE: MessageTemplateId = 'standard';

export const PRIORITY_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export const PRIORITY_LABELS: Record<PriorityLevel, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

/** Longest message a writer may hand back (characters); a longer reply is cut at a word. */
export const MESSAGE_MAX_CHARS = 1200;

export type MessageTemplate = { id: MessageTemplateId; name: string; description: string; tone: string; text: string };

export const MESSAGE_TEMPLATES: readonly MessageTemplate[] = [
  {
    id: 'standard',
    name: 'Standard',
    description: 'A clear approval that names the goal, its deadline and the next step. Quick Approve sends this one.',
    tone: 'neutral',
    text: 'Hi {user_name},\n\nYour goal "{goal_title}" has been approved. Your target date is {target_date}.{description_line}\n\nHabit tracking is now open on it: record your progress on the Goal Progress page and keep your daily and weekly habits going.{context_line}\n\n{admin_name}',
  },
  {
    id: 'encouraging',
    name: 'Encouraging',
    description: 'Warm and motivating, for someone starting out or taking on a stretch goal.',
    tone: 'warm',
    text: 'Hi {user_name},\n\nGreat news: your {goal_type} goal "{goal_title}" is approved! Setting it was the first step, and every small action from here counts.{description_line} You have until {target_date}; keep your habits going and check in often.{context_line}\n\nCheering you on,\n{admin_name}',
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'Brief and formal, for business and income goals.',
    tone: 'formal',
    text: 'Hello {user_name},\n\nYour {goal_type} goal "{goal_title}" has been reviewed and approved ({priority} priority). Target date: {target_date}.{description_line}{context_line}\n\nProgress is tracked on your Goal Progress page.\n\nRegards,\n{admin_name}',
  },
  {
    id: 'celebratory',
    name: 'Celebratory',
    description: 'Upbeat, for a goal that shows real commitment.',
    tone: 'upbeat',
    text: 'Congratulations {user_name}!\n\nYour goal "{goal_title}" is approved and officially on its way.{description_line} Mark {target_date} in your calendar: that is the day you celebrate reaching it.{context_line}\n\nOnwards,\n{admin_name}',
  },
];

export function findMessageTemplate(id: MessageTemplateId): MessageTemplate {
  return MESSAGE_TEMPLATES.find((template) => template.id === id) ?? MESSAGE_TEMPLATES[0]!;
}

/** What a message is written from: the goal's fields and the admin's additions, all plain text. */
export type MessageRequest = {
  userName: string;
  goalType: string;
  goalTitle: string;
  /** YYYY-MM-DD */
  targetDate: string;
  goalDescription: string;
  priority: PriorityLevel;
  template: MessageTemplateId;
  adminName: string;
  additionalContext: string;
};

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The default writer's message: the template with each placeholder filled once. */
export function composeTemplateMessage(request: MessageRequest): string {
  const description = request.goalDescription.trim();
  const context = request.additionalContext.trim();
  const values: Record<string, string> = {
    user_name: request.userName.trim() || 'there',
    goal_title: request.goalTitle.trim(),
    goal_type: request.goalType.trim(),
    target_date: request.targetDate,
    priority: PRIORITY_LABELS[request.priority],
    admin_name: request.adminName.trim() || 'The MYEAI team',
    description_line: description ? ` Your plan: ${description}` : '',
    context_line: context ? `\n\n${context}` : '',
  };
  const text = findMessageTemplate(request.template).text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
  return limitMessage(text);
}

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/u);
  return words[0] === '' ? 0 : words.length;
}

// Control characters other than tab and newline (a model may send form feeds or escape sequences).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/**
 * A written message made safe to show and send: control characters dropped, links outside the
 * allowed origins replaced by "[link removed]" (a model must not send users elsewhere), cut to
 * MESSAGE_MAX_CHARS at a word boundary. The text stays plain text: the screen and the e-mail escape it.
 */
export function cleanWrittenMessage(text: string, allowedOrigins: readonly string[] = []): string {
  const withoutControl = text.replace(CONTROL, '').replace(/\r\n?/g, '\n');
  const linksChecked = withoutControl.replace(URL_PATTERN, (url) => (allowedOrigins.some((origin) => url.startsWith(`${origin}/`) || url === origin) ? url : '[link removed]'));
  return limitMessage(linksChecked.trim());
}

function limitMessage(text: string): string {
  if (text.length <= MESSAGE_MAX_CHARS) return text;
  const cut = text.slice(0, MESSAGE_MAX_CHARS);
  const lastSpace = cut.search(/\s\S*$/u);
  return `${(lastSpace > MESSAGE_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export const SUBMITTED_WINDOWS = ['all', 'today', 'week', 'month'] as const;
export type SubmittedWindow = (typeof SUBMITTED_WINDOWS)[number];

export type PendingGoalFilters = { goalType?: string | undefined; timeframe?: string | undefined; submitted: SubmittedWindow };

/**
 * The pending-goals filter of the approval screen: type, timeframe and when it was submitted
 * (today: since midnight UTC; this week: the last 7 days; this month: the last 30 days).
 */
export function matchesPendingFilters(goal: { goal_type: string; timeframe: string; submitted_at: string }, filters: PendingGoalFilters, now: Date): boolean {
  if (filters.goalType && goal.goal_type !== filters.goalType) return false;
  if (filters.timeframe && goal.timeframe !== filters.timeframe) return false;
  if (filters.submitted === 'all') return true;
  const submitted = Date.parse(goal.submitted_at);
  const since =
    filters.submitted === 'today'
      ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
      : now.getTime() - (filters.submitted === 'week' ? 7 : 30) * 86_400_000;
  return submitted >= since && submitted <= now.getTime();
}

/**
 * Catalogue T-87: each message the OpenAI-compatible writer writes is a paid model call, so an admin
 * may have at most this many written per UTC day (AI_DAILY_QUOTA overrides it). At most 400 reply
 * tokens each (the adapter's max_tokens), so the quota is also the day's cost budget per admin.
 * The template writer costs nothing and has no quota.
 */
export const AI_DAILY_MESSAGE_QUOTA_DEFAULT = 200;

/** The 429 text when `requested` messages do not fit in what is left of an admin's daily quota. */
export function aiQuotaMessage(limit: number, used: number, requested: number): string {
  const left = Math.max(0, limit - used);
  if (left === 0) return `Daily AI message limit reached: you have used all ${limit} AI-written messages for today. It resets at 00:00 UTC.`;
  return `This would write ${requested} AI messages, but only ${left} of today's ${limit} are left. Select fewer goals, or try again after 00:00 UTC.`;
}

/** Seconds from `now` to the next 00:00 UTC (the quota's Retry-After). */
export function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
