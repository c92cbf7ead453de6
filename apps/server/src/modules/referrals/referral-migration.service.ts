import { randomBytes } from 'node:crypto';
import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  isCurrentReferralCode,
  referralCodeFromBytes,
  REFERRAL_CODE_LENGTH,
  referralLinkPath,
  type ReferralMigration,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob, type JobHandler } from '../jobs/index.ts';
import {
  codeTaken,
  insertAliases,
  insertMigration,
  selectLatestMigration,
  selectMigration,
  selectUnfinishedMigration,
  selectUsersForMigration,
  updateMigration,
  updateReferralCode,
  countUsers,
  type MigrationRow,
} from './referral-programme.queries.ts';

/**
 * The referral link migration (DESIGN.md decision 42, spec 3 sections 2.3 and 3): every user ends
 * with a current opaque code; a replaced code and the user id (the old app's link shape) stay
 * resolving as aliases. Runs as a job a page of users at a time, recording progress; a user already
 * in shape is skipped, so a second run updates nothing.
 */

export const REFERRAL_MIGRATION_JOB = 'referrals.migrate-links';
const PAGE_SIZE = 200;
/** The log keeps the first 2,000 updated or failed users and the first 100 skipped ones (a second run skips everyone). */
const LOG_SKIPPED_MAX = 100;
const LOG_MAX = 2_000;

type LogEntry = ReferralMigration['migration_log'][number];

function toMigration(row: MigrationRow & { startedByName?: string | null }): ReferralMigration {
  const message =
    row.status === 'queued'
      ? 'Migration queued.'
      : row.status === 'running'
        ? `Migrating: ${row.processed} of ${row.totalUsers} users.`
        : row.status === 'failed'
          ? 'Migration failed.'
          : `Migration finished: ${row.updated} updated, ${row.skipped} skipped, ${row.errors} errors.`;
  return {
    id: row.id,
    status: row.status as ReferralMigration['status'],
    message,
    data: { total_users: row.totalUsers, processed: row.processed, updated: row.updated, skipped: row.skipped, errors: row.errors, frontend_url: row.frontendUrl },
    migration_log: row.log as LogEntry[],
    error_detail: row.errorDetail,
    started_by_name: row.startedByName ?? null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function getLatestMigration(db: DbOrTx): Promise<ReferralMigration | null> {
  const row = await selectLatestMigration(db);
  return row ? toMigration(row) : null;
}

/** Starts a run unless one is queued or running (409 then). */
export async function startMigration(db: Database, clock: Clock, actorId: string, frontendUrl: string): Promise<ReferralMigration> {
  const row = await db.transaction(async (tx) => {
    if (await selectUnfinishedMigration(tx)) throw new AppError('CONFLICT', 'A migration is already running.');
    // Strictly after the previous run, so "the latest run" is never a tie (two runs within one clock tick).
    const previous = await selectLatestMigration(tx);
    const createdAt = new Date(Math.max(clock.now().getTime(), (previous?.createdAt.getTime() ?? 0) + 1));
    const created = await insertMigration(tx, { status: 'queued', startedBy: actorId, frontendUrl, totalUsers: await countUsers(tx), createdAt });
    await enqueueJob(tx, clock, { name: REFERRAL_MIGRATION_JOB, payload: { migration_id: created.id }, maxAttempts: 1, dedupeKey: `referral-migration:${created.id}` });
    await recordAudit(tx, clock, { actorId, action: 'referral_migration.start', target: created.id, details: { total_users: created.totalUsers } });
    return created;
  });
  return toMigration(row);
}

async function unusedCode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = referralCodeFromBytes(randomBytes(REFERRAL_CODE_LENGTH));
    if (!(await codeTaken(db, code))) return code;
  }
  throw new Error('could not find an unused referral code');
}

/** One user: in shape (current code, user-id alias present) is skipped; otherwise both are made so, in one transaction. */
async function migrateUser(db: Database, clock: Clock, user: { id: string; referralCode: string; idAlias: string | null }, origin: string): Promise<LogEntry> {
  const oldLink = `${origin}${referralLinkPath(user.id)}`;
  const hasCurrentCode = isCurrentReferralCode(user.referralCode);
  if (hasCurrentCode && user.idAlias) {
    return { user_id: user.id, referral_code: user.referralCode, status: 'skipped', old_link: oldLink, new_link: `${origin}${referralLinkPath(user.referralCode)}`, reason: 'Already migrated' };
  }
  return db.transaction(async (tx) => {
    const now = clock.now();
    const aliases = [{ alias: user.id, userId: user.id, createdAt: now }];
    let code = user.referralCode;
    if (!hasCurrentCode) {
      code = await unusedCode(tx);
      aliases.push({ alias: user.referralCode.trim().toUpperCase(), userId: user.id, createdAt: now });
      await updateReferralCode(tx, user.id, code);
    }
    await insertAliases(tx, aliases);
    const reason = hasCurrentCode ? 'Legacy user-id link kept as an alias' : `Legacy code ${user.referralCode} replaced and kept as an alias`;
    return { user_id: user.id, referral_code: code, status: 'updated' as const, old_link: oldLink, new_link: `${origin}${referralLinkPath(code)}`, reason };
  });
}

export async function runMigration(db: Database, clock: Clock, migrationId: string): Promise<void> {
  const migration = await selectMigration(db, migrationId);
  if (!migration || (migration.status !== 'queued' && migration.status !== 'running')) return;
  const counts = { processed: 0, updated: 0, skipped: 0, errors: 0 };
  const log: LogEntry[] = [];
  let skippedLogged = 0;
  await updateMigration(db, migrationId, { status: 'running', totalUsers: await countUsers(db) });
  try {
    let after: string | null = null;
    for (;;) {
      const page = await selectUsersForMigration(db, after, PAGE_SIZE);
      if (page.length === 0) break;
      for (const user of page) {
        let entry: LogEntry;
        try {
          entry = await migrateUser(db, clock, user, migration.frontendUrl);
        } catch (error) {
          entry = { user_id: user.id, referral_code: user.referralCode, status: 'error', old_link: '', new_link: '', reason: error instanceof Error ? error.message : String(error) };
        }
        counts.processed += 1;
        counts[entry.status === 'error' ? 'errors' : entry.status] += 1;
        if (log.length < LOG_MAX && (entry.status !== 'skipped' || skippedLogged++ < LOG_SKIPPED_MAX)) log.push(entry);
      }
      after = page[page.length - 1]!.id;
      await updateMigration(db, migrationId, { ...counts, log });
    }
    await updateMigration(db, migrationId, { ...counts, log, status: 'succeeded', finishedAt: clock.now() });
  } catch (error) {
    await updateMigration(db, migrationId, { ...counts, log, status: 'failed', errorDetail: error instanceof Error ? error.message : String(error), finishedAt: clock.now() });
  }
}

const runMigrationJob: JobHandler = async (payload, { deps }) => {
  const id = (payload as { migration_id?: unknown }).migration_id;
  if (typeof id === 'string') await runMigration(deps.db, deps.clock, id);
};

export const referralJobHandlers: Record<string, JobHandler> = { [REFERRAL_MIGRATION_JOB]: runMigrationJob };
