import { z } from 'zod';
import { CONTROL_CHARACTERS, SUPPORT_ANSWER_MAX, SUPPORT_MESSAGE_MAX, SUPPORT_STATUSES, SUPPORT_SUBJECT_MAX } from '../support/support-rules.ts';
import { cursorListQuerySchema, cursorPageSchema } from './paging.ts';

/** Support request API paths. */
export const supportPaths = {
  mine: '/api/support/requests',
  adminList: '/api/admin/support/requests',
  answer: '/api/admin/support/requests/:id/answer',
} as const;

export const SupportRequestInputSchema = z.object({
  subject: z
    .string('Enter a subject.')
    .trim()
    .min(3, 'Enter a subject of at least 3 characters.')
    .max(SUPPORT_SUBJECT_MAX, `Keep the subject under ${SUPPORT_SUBJECT_MAX + 1} characters.`)
    .refine((v) => !/[\r\n]/.test(v), 'The subject must fit on one line.')
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'The subject contains characters that are not allowed.'),
  message: z
    .string('Enter a message.')
    .trim()
    .min(10, 'Describe your request in at least 10 characters.')
    .max(SUPPORT_MESSAGE_MAX, `Keep the message under ${SUPPORT_MESSAGE_MAX + 1} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'The message contains characters that are not allowed.'),
});
export type SupportRequestInput = z.infer<typeof SupportRequestInputSchema>;

export const SupportAnswerInputSchema = z.object({
  answer: z
    .string('Enter an answer.')
    .trim()
    .min(1, 'Enter an answer.')
    .max(SUPPORT_ANSWER_MAX, `Keep the answer under ${SUPPORT_ANSWER_MAX + 1} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'The answer contains characters that are not allowed.'),
});
export type SupportAnswerInput = z.infer<typeof SupportAnswerInputSchema>;

export const SupportStatusSchema = z.enum(SUPPORT_STATUSES);

export const SupportRequestSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: SupportStatusSchema,
  /** The requester held a plan with priority support when they sent it. */
  priority: z.boolean(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  /** The payment a "Request a refund" is about (decision 065); null for other requests. */
  payment_id: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

export const MySupportRequestsSchema = z.object({ items: z.array(SupportRequestSchema) });

export const AdminSupportRequestSchema = SupportRequestSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  answered_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The payment of a refund request, as the admin reviews it. */
  payment: z.object({ id: z.string(), paid_at: z.string(), amount_cents: z.number().int(), plan: z.string().nullable() }).nullable(),
});
export type AdminSupportRequest = z.infer<typeof AdminSupportRequestSchema>;

export const ListSupportRequestsQuerySchema = cursorListQuerySchema({ status: SupportStatusSchema.optional() });

export const AdminSupportPageSchema = cursorPageSchema(AdminSupportRequestSchema, { open_count: z.number().int() });
export type AdminSupportPage = z.infer<typeof AdminSupportPageSchema>;

export const SupportRequestIdParamsSchema = z.object({ id: z.uuid('Unknown support request.') });
