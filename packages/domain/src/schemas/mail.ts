import { z } from 'zod';
import { cursorListQuerySchema, cursorPageSchema } from './paging.ts';

/** The mailbox API paths (admin). */
export const mailPaths = {
  mailbox: '/api/admin/mailbox',
  message: '/api/admin/mailbox/:id',
} as const;

/** An outbox row is queued until a transport accepted it, then sent. */
export const MAIL_STATUSES = ['queued', 'sent'] as const;
export const MailStatusSchema = z.enum(MAIL_STATUSES);

export const MailboxMessageSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: MailStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailboxMessageSummary = z.infer<typeof MailboxMessageSummarySchema>;

export const MailboxMessageSchema = MailboxMessageSummarySchema.extend({ text: z.string(), html: z.string().nullable() });
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const ListMailboxQuerySchema = cursorListQuerySchema({});

export const MailboxPageSchema = cursorPageSchema(MailboxMessageSummarySchema, {});
export type MailboxPage = z.infer<typeof MailboxPageSchema>;

export const MailIdParamsSchema = z.object({ id: z.uuid('Unknown message.') });
