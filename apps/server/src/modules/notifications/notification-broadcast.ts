import { randomUUID } from 'node:crypto';
import type { Database } from '@myeai/db';
import { NotificationAudienceSchema, SendSystemNotificationInputSchema, type SendSystemNotificationInput } from '@myeai/domain';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob, type JobHandler } from '../jobs/index.ts';
import { selectActiveUserIdsAfter } from './notifications.queries.ts';
import { createNotification, type NewNotification } from './notifications.service.ts';

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

/** A notification for many users: who gets it, what it says, and the key of this one sending. */
export type NotificationFanOut = {
  audience: SendSystemNotificationInput['audience'];
  notification: Omit<NewNotification, 'userId' | 'sourceKey'>;
  /** Carried by every copy, so a retried or repeated job skips the users it already reached. */
  sourceKey: string;
};

/**
 * The one fan-out of a notification to many users (the admin broadcast, the video widget's
 * "notify all users"): the audience's active users in id order, in batches of one transaction each.
 */
export async function fanOutNotification(db: Database, clock: Clock, fanOut: NotificationFanOut): Promise<void> {
  const role = fanOut.audience.kind === 'all' ? null : fanOut.audience.role;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await selectActiveUserIdsAfter(db, role, after, BATCH_SIZE);
    if (batch.length === 0) return;
    await db.transaction(async (tx) => {
      for (const userId of batch) {
        await createNotification(tx, clock, { ...fanOut.notification, userId, sourceKey: fanOut.sourceKey });
      }
    });
    after = batch[batch.length - 1]!;
  }
}

/** Delivers an admin broadcast to its audience. */
export const deliverBroadcast: JobHandler = async (payload, { deps }) => {
  const broadcast = BroadcastPayloadSchema.parse(payload);
  await fanOutNotification(deps.db, deps.clock, {
    audience: broadcast.audience,
    notification: { type: 'system', title: broadcast.title, message: broadcast.message },
    sourceKey: `broadcast:${broadcast.broadcastId}`,
  });
};

export const notificationJobHandlers: Record<string, JobHandler> = { [BROADCAST_JOB]: deliverBroadcast };
