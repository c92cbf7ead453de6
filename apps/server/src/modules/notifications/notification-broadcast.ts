import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { users, type Database } from '@myeai/db';
import { NotificationAudienceSchema, SendSystemNotificationInputSchema, type SendSystemNotificationInput } from '@myeai/domain';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob, type JobHandler } from '../jobs/index.ts';
import { createNotification } from './notifications.service.ts';

export const BROADCAST_JOB = 'notifications.broadcast';
const BATCH_SIZE = 200;

const BroadcastPayloadSchema = SendSystemNotificationInputSchema.extend({
  broadcastId: z.uuid(),
  audience: NotificationAudienceSchema,
});

/** Queues a system notification for everyone or one role's holders; the admin action is audited. */
export async function queueSystemNotification(db: Database, clock: Clock, actorId: string, input: SendSystemNotificationInput): Promise<{ jobId: number }> {
  const broadcastId = randomUUID();
  return db.transaction(async (tx) => {
    const { id } = await enqueueJob(tx, clock, { name: BROADCAST_JOB, payload: { ...input, broadcastId }, dedupeKey: `broadcast:${broadcastId}` });
    await recordAudit(tx, clock, { actorId, action: 'notifications.broadcast', target: input.audience.kind === 'all' ? 'all users' : `role ${input.audience.role}`, details: { ...input, broadcastId, jobId: id } });
    return { jobId: id };
  });
}

/**
 * Delivers a broadcast in batches, one transaction each. Every notification carries the
 * broadcast's source key, so a retried job skips the users it already reached.
 */
export const deliverBroadcast: JobHandler = async (payload, { deps }) => {
  const broadcast = BroadcastPayloadSchema.parse(payload);
  const audience: SQL =
    broadcast.audience.kind === 'all' ? sql`true` : sql`${broadcast.audience.role} = any(${users.roles})`;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'active'), audience, gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) return;
    await deps.db.transaction(async (tx) => {
      for (const user of batch) {
        await createNotification(tx, deps.clock, {
          userId: user.id,
          type: 'system',
          title: broadcast.title,
          message: broadcast.message,
          sourceKey: `broadcast:${broadcast.broadcastId}`,
        });
      }
    });
    after = batch[batch.length - 1]!.id;
  }
};

export const notificationJobHandlers: Record<string, JobHandler> = { [BROADCAST_JOB]: deliverBroadcast };
