import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  entitlementsOf,
  formatDollarsAndCents,
  REFUND_REVIEW_BUSINESS_DAYS,
  type RefundRequestInput,
  type AdminSupportPage,
  type AdminSupportRequest,
  type Role,
  type SupportAnswerInput,
  type SupportRequest,
  type SupportRequestInput,
  type SupportStatus,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../paging.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification } from '../notifications/index.ts';
import { getMyPayment, lockUser } from '../billing/index.ts';
import { getTradingPlan } from '../subscriptions/index.ts';
import {
  countOpenSupportRequests,
  insertSupportRequest,
  selectActiveAdminIds,
  selectOpenRefundRequest,
  selectSupportQueuePage,
  selectSupportRequestForUpdate,
  selectUserSupportRequests,
  updateSupportRequest,
  type SupportQueueCursor,
  type SupportRequestRow as Row,
} from './support.queries.ts';

/** The user's own requests shown on /profile: the latest first, at most this many. */
export const MY_SUPPORT_REQUESTS_MAX = 50;

function toRequest(row: Row): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status as SupportStatus,
    priority: row.priority,
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    payment_id: row.paymentId,
  };
}

/**
 * Whether the user's plan now includes priority support (the 12- and 52-week cards). A running
 * platform trial never does (entitlementsOf), so its day is not needed here.
 */
async function hasPrioritySupport(db: DbOrTx, clock: Clock, userId: string, roles: readonly Role[]): Promise<boolean> {
  const { plan } = await getTradingPlan(db, clock, userId);
  return entitlementsOf({ planId: plan, isAdmin: roles.includes('admin'), trialDay: 0 }).priority_support;
}

export type Requester = { id: string; name: string; roles: readonly Role[] };

/**
 * Stores a "Contact support" request and notifies every active admin (bell, live push and e-mail
 * by each admin's settings), with its audit row, in one transaction.
 */
export async function createSupportRequest(db: Database, clock: Clock, requester: Requester, input: SupportRequestInput): Promise<SupportRequest> {
  return db.transaction((tx) => storeSupportRequest(tx, clock, requester, input, null));
}

async function storeSupportRequest(tx: DbOrTx, clock: Clock, requester: Requester, input: SupportRequestInput, paymentId: string | null): Promise<SupportRequest> {
  const priority = await hasPrioritySupport(tx, clock, requester.id, requester.roles);
  const row = await insertSupportRequest(tx, { userId: requester.id, subject: input.subject, message: input.message, priority, createdAt: clock.now(), paymentId });
  for (const adminId of await selectActiveAdminIds(tx)) {
    await createNotification(tx, clock, {
      userId: adminId,
      type: 'system',
      title: priority ? `Priority support request: ${input.subject}` : `Support request: ${input.subject}`,
      message: `${requester.name} wrote: ${input.message.length > 300 ? `${input.message.slice(0, 299)}…` : input.message} Answer it in the Comprehensive Dashboard, Support tab.`,
      data: { support_request_id: row.id, link: '/admin-comprehensive-dashboard' },
      actionRequired: true,
      sourceKey: `support-request:${row.id}`,
    });
  }
  await recordAudit(tx, clock, { actorId: requester.id, action: 'support.requested', target: row.id, details: { subject: input.subject, priority, payment_id: paymentId } });
  return toRequest(row);
}

const requestDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * "Request a refund" of one of the member's payments (decision 065): a support request tagged with
 * the payment, in the admins' Support tab with its age against the Refund Policy's 5-business-day
 * review. One open request per payment; a payment refunded in full has nothing left to ask for.
 */
export async function requestRefund(db: Database, clock: Clock, requester: Requester, paymentId: string, input: RefundRequestInput): Promise<SupportRequest> {
  return db.transaction(async (tx) => {
    // One request at a time per member: a double click finds the first one open.
    await lockUser(tx, requester.id);
    const payment = await getMyPayment(tx, requester.id, paymentId);
    if (!payment) throw new AppError('NOT_FOUND', 'Payment not found.');
    if (payment.refunded_cents + payment.pending_refund_cents >= payment.amount_cents) throw new AppError('CONFLICT', 'This payment is refunded in full already.');
    const open = await selectOpenRefundRequest(tx, requester.id, paymentId);
    if (open) {
      throw new AppError(
        'CONFLICT',
        `You asked for a refund of this payment on ${requestDate.format(open.createdAt)}. We review refund requests within ${REFUND_REVIEW_BUSINESS_DAYS} business days and will answer you here and by e-mail.`,
      );
    }
    const subject = `Refund request: ${formatDollarsAndCents(payment.amount_cents)} payment of ${requestDate.format(new Date(payment.paid_at))}`;
    return storeSupportRequest(tx, clock, requester, { subject, message: input.message }, paymentId);
  });
}

export async function listMySupportRequests(db: DbOrTx, userId: string): Promise<SupportRequest[]> {
  const rows = await selectUserSupportRequests(db, userId, MY_SUPPORT_REQUESTS_MAX);
  return rows.map(toRequest);
}

/** Cursor of the admin list: the last row's priority flag, then its time cursor. */
function encodeCursor(row: Row): string {
  return `${row.priority ? '1' : '0'}.${encodeTimeCursor(row.createdAt, row.id)}`;
}

function decodeCursor(cursor: string): SupportQueueCursor {
  const flag = cursor.slice(0, 2);
  if (flag !== '1.' && flag !== '0.') throw new AppError('VALIDATION', 'Invalid cursor.');
  return { priority: flag === '1.', ...decodeTimeCursor(cursor.slice(2)) };
}

/**
 * The admin's Support tab: requests of plan holders with priority support first, then the
 * others, oldest first within each (a queue), paged by keyset; open_count for the tab's badge.
 */
export async function listSupportRequests(
  db: DbOrTx,
  query: { status?: SupportStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<AdminSupportPage> {
  const rows = await selectSupportQueuePage(db, {
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const openCount = await countOpenSupportRequests(db);
  const page = rows.slice(0, query.limit);
  const items: AdminSupportRequest[] = page.map((row) => ({
    ...toRequest(row.request),
    user: row.user,
    answered_by: row.answeredBy && row.answeredBy.id ? { id: row.answeredBy.id, name: row.answeredBy.name } : null,
    payment: row.payment && row.payment.id ? { id: row.payment.id, paid_at: row.payment.paidAt.toISOString(), amount_cents: row.payment.amountCents, plan: row.payment.plan } : null,
  }));
  const last = page.at(-1);
  return { items, open_count: openCount, next_cursor: rows.length > query.limit && last ? encodeCursor(last.request) : null };
}

/**
 * An admin's answer: stored once (a second answer is refused, so the user never gets two
 * different ones), sent to the user as a notification (bell, live, e-mail by their settings),
 * audited; all in one transaction.
 */
export async function answerSupportRequest(db: Database, clock: Clock, adminId: string, id: string, input: SupportAnswerInput): Promise<SupportRequest> {
  return db.transaction(async (tx) => {
    const current = await selectSupportRequestForUpdate(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'Support request not found.');
    if (current.status === 'answered') throw new AppError('CONFLICT', 'This request has already been answered.');
    const row = await updateSupportRequest(tx, id, { status: 'answered', answer: input.answer, answeredBy: adminId, answeredAt: clock.now() });
    await createNotification(tx, clock, {
      userId: current.userId,
      type: 'system',
      title: `Support answered: ${current.subject}`,
      message: input.answer,
      data: { support_request_id: id, link: '/profile' },
      sourceKey: `support-answer:${id}`,
    });
    await recordAudit(tx, clock, { actorId: adminId, action: 'support.answered', target: id, details: { requester: current.userId } });
    return toRequest(row!);
  });
}
