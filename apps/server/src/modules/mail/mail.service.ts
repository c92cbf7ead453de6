import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import { AppError, EmailSchema, type MailboxMessage, type MailboxMessageSummary, type MailboxPage } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../paging.ts';
import { enqueueJob, enqueueJobs, type JobHandler } from '../jobs/index.ts';
import {
  insertOutboxMail,
  insertOutboxMails,
  markOutboxMailSent,
  recordOutboxSendFailure,
  selectOutboxMail,
  selectOutboxPage,
  type OutboxRow,
} from './mail.queries.ts';
import { finishOutgoingMail } from './mail-footer.ts';

export const MAIL_SEND_JOB = 'mail.send';

export type NewMail = { userId?: string | null; kind: string; to: string; subject: string; text: string; html?: string };

const LINE_BREAK = /[\r\n]/;

/**
 * Writes the message to the outbox and enqueues its 'mail.send' job with the same db or
 * transaction: pass the caller's transaction and the mail exists only if the change that causes
 * it commits (transactional outbox).
 */
export async function enqueueMail(db: DbOrTx, clock: Clock, mail: NewMail): Promise<{ id: string }> {
  const to = EmailSchema.safeParse(mail.to);
  if (!to.success || LINE_BREAK.test(mail.to)) throw new AppError('VALIDATION', 'Enter a valid email address.');
  if (LINE_BREAK.test(mail.subject)) throw new AppError('VALIDATION', 'A mail subject cannot contain line breaks.');
  if (!mail.kind.trim() || !mail.subject.trim()) throw new AppError('VALIDATION', 'A mail needs a kind and a subject.');
  const id = await insertOutboxMail(db, {
    userId: mail.userId ?? null,
    kind: mail.kind,
    toAddress: to.data,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    createdAt: clock.now(),
  });
  await enqueueJob(db, clock, { name: MAIL_SEND_JOB, payload: { outboxId: id }, dedupeKey: `mail:${id}` });
  return { id };
}

/**
 * Several mails at once (the notifications of one commission run): one INSERT of the outbox rows
 * and one of their send jobs, in the caller's transaction, each mail checked as enqueueMail does.
 */
export async function enqueueMails(db: DbOrTx, clock: Clock, mails: readonly NewMail[]): Promise<void> {
  if (mails.length === 0) return;
  const now = clock.now();
  const rows = mails.map((mail) => {
    const to = EmailSchema.safeParse(mail.to);
    if (!to.success || LINE_BREAK.test(mail.to)) throw new AppError('VALIDATION', 'Enter a valid email address.');
    if (LINE_BREAK.test(mail.subject)) throw new AppError('VALIDATION', 'A mail subject cannot contain line breaks.');
    if (!mail.kind.trim() || !mail.subject.trim()) throw new AppError('VALIDATION', 'A mail needs a kind and a subject.');
    return { userId: mail.userId ?? null, kind: mail.kind, toAddress: to.data, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, createdAt: now };
  });
  const ids = await insertOutboxMails(db, rows);
  await enqueueJobs(db, clock, ids.map((id) => ({ name: MAIL_SEND_JOB, payload: { outboxId: id }, dedupeKey: `mail:${id}` })));
}

const MailSendPayloadSchema = z.object({ outboxId: z.uuid() });

/**
 * The 'mail.send' job: hands the outbox row to deps.mailer, with its footer (an unsubscribe link and
 * the RFC 8058 headers, or why an essential mail has none), and marks it sent. A failure records
 * the error on the row and rethrows so the queue retries. A row already sent is not sent again.
 */
export const sendOutboxMail: JobHandler = async (payload, { deps }) => {
  const { outboxId } = MailSendPayloadSchema.parse(payload);
  const mail = await selectOutboxMail(deps.db, outboxId);
  if (!mail || mail.status === 'sent') return;
  const outgoing = await finishOutgoingMail(deps, { kind: mail.kind, userId: mail.userId, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
  try {
    await deps.mailer.send(outgoing);
  } catch (error) {
    await recordOutboxSendFailure(deps.db, outboxId, error instanceof Error ? error.message.slice(0, 2000) : String(error));
    throw error;
  }
  await markOutboxMailSent(deps.db, outboxId, deps.clock.now(), { textBody: outgoing.text, htmlBody: outgoing.html ?? null, headers: outgoing.headers ?? null });
};

export const mailJobHandlers: Record<string, JobHandler> = { [MAIL_SEND_JOB]: sendOutboxMail };

function toSummary(row: OutboxRow): MailboxMessageSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status === 'sent' ? 'sent' : 'queued',
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** The outbox newest first (the demo mailbox). */
export async function listMailbox(db: DbOrTx, query: { limit: number; cursor?: string }): Promise<MailboxPage> {
  const rows = await selectOutboxPage(db, query.cursor ? decodeTimeCursor(query.cursor) : undefined, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(toSummary), next_cursor: rows.length > query.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null };
}

export async function getMailboxMessage(db: DbOrTx, id: string): Promise<MailboxMessage> {
  const row = await selectOutboxMail(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Unknown message.');
  return { ...toSummary(row), text: row.textBody, html: row.htmlBody };
}
