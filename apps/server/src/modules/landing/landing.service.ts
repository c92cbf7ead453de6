import type { Database, DbOrTx } from '@myeai/db';
import { LandingContentSchema, type LandingContent } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { selectSiteContent, upsertSiteContent } from './landing.queries.ts';

const LANDING_KEY = 'landing';

/** With no content saved the page shows no figures panel and no community prompt. */
const EMPTY_LANDING: LandingContent = { figures: [], community_url: null, community_name: 'our community' };

export async function getLandingContent(db: DbOrTx): Promise<LandingContent & { updated_at: string | null }> {
  const row = await selectSiteContent(db, LANDING_KEY);
  if (!row) return { ...EMPTY_LANDING, updated_at: null };
  const parsed = LandingContentSchema.safeParse(row.value);
  return { ...(parsed.success ? parsed.data : EMPTY_LANDING), updated_at: row.updatedAt.toISOString() };
}

export async function saveLandingContent(db: Database, clock: Clock, actorId: string | null, content: LandingContent): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await upsertSiteContent(tx, LANDING_KEY, content, now, actorId);
    await recordAudit(tx, clock, { actorId, action: 'landing.update', target: LANDING_KEY, details: content });
  });
}
