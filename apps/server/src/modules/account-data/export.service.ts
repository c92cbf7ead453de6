import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import { AppError, accountDataPaths, DATA_EXPORT_LIFETIME_DAYS, dataExportExpiresAt, readExportFields, type DataExport } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { enqueueJob, type JobHandler } from '../jobs/index.ts';
import { enqueueMail, linkOrigin, signLink, verifyLink } from '../mail/index.ts';
import { createNotification } from '../notifications/index.ts';
import { recordAudit } from '../audit/index.ts';
import { CHILD_TABLES, EXPORT_SECTIONS, PERSONAL_TABLES } from './account-data-tables.ts';
import { livePerson } from './deletion.service.ts';
import { completeDataExport, failDataExport, insertDataExport, selectChildRows, selectDataExport, selectLatestDataExport, selectPerson, selectRowsNaming, type DataExportRow } from './account-data.queries.ts';

export const DATA_EXPORT_JOB = 'account-data.export';
const EXPORT_FORMAT = 'myeai-data-export';

const INVALID_LINK = 'This download link is not valid. Request a new export from Your data on your profile.';
const EXPIRED_LINK = `This download link has expired (links last ${DATA_EXPORT_LIFETIME_DAYS} days). Request a new export from Your data on your profile.`;

/**
 * Everything the platform holds about the person, table by table (PERSONAL_TABLES), read in the
 * caller's transaction so the document is one consistent picture. Secret columns are left out.
 */
export async function buildExportDocument(db: DbOrTx, userId: string, generatedAt: Date): Promise<Record<string, unknown>> {
  const tables: Record<string, unknown[]> = {};
  const excluded: Record<string, string> = {};
  for (const entry of PERSONAL_TABLES) {
    if (entry.notExported) {
      excluded[entry.table] = entry.notExported;
      continue;
    }
    const found = await selectRowsNaming(db, entry.table, entry.exportBy ?? Object.keys(entry.columns), userId);
    tables[entry.table] = found.map((row) => withoutColumns(row, entry.omit ?? []));
  }
  for (const child of CHILD_TABLES) tables[child.table] = await selectChildRows(db, child, userId);
  return { format: EXPORT_FORMAT, version: 1, generated_at: generatedAt.toISOString(), user_id: userId, sections: EXPORT_SECTIONS, tables, not_exported: excluded };
}

function withoutColumns(row: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    // int8 columns arrive as bigint on PGlite; JSON has no bigint.
    copy[key] = typeof value === 'bigint' ? value.toString() : value;
  }
  return copy;
}

/**
 * Starts an export of the person's data (the person, or an admin for them), prepared by a job. An
 * export still being prepared is answered instead of starting another.
 */
export async function requestDataExport(deps: AppDeps, subjectId: string, requestedBy: string): Promise<DataExport> {
  return deps.db.transaction(async (tx) => {
    await livePerson(tx, subjectId);
    const latest = await selectLatestDataExport(tx, subjectId);
    if (latest?.status === 'preparing') return toDataExport(latest, deps.clock.now(), null);
    const row = await insertDataExport(tx, { userId: subjectId, requestedBy, status: 'preparing', requestedAt: deps.clock.now() });
    await enqueueJob(tx, deps.clock, { name: DATA_EXPORT_JOB, payload: { exportId: row.id }, dedupeKey: `data-export:${row.id}` });
    if (requestedBy !== subjectId) await recordAudit(tx, deps.clock, { actorId: requestedBy, action: 'account.data_export', target: subjectId });
    return toDataExport(row, deps.clock.now(), null);
  });
}

/** The person's latest export, with its signed link while it can be downloaded. */
export async function getDataExportState(deps: AppDeps, subjectId: string): Promise<{ export: DataExport | null }> {
  const row = await selectLatestDataExport(deps.db, subjectId);
  if (!row) return { export: null };
  const now = deps.clock.now();
  const link = isDownloadable(row, now) ? await downloadPath(deps, row) : null;
  return { export: toDataExport(row, now, link) };
}

function isDownloadable(row: DataExportRow, now: Date): row is DataExportRow & { expiresAt: Date } {
  return row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
}

async function downloadPath(deps: AppDeps, row: DataExportRow & { expiresAt: Date }): Promise<string> {
  const token = await signLink(deps.db, deps.clock, 'data-export', [row.id, String(Math.floor(row.expiresAt.getTime() / 1000))]);
  return `${accountDataPaths.exportDownload}?token=${token}`;
}

function toDataExport(row: DataExportRow, now: Date, downloadUrl: string | null): DataExport {
  const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    status: expired ? 'expired' : (row.status as DataExport['status']),
    requested_at: row.requestedAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: downloadUrl,
  };
}

/** The document behind a signed download link; 400 for a link that is tampered, expired or of a replaced export. */
export async function readDownload(db: DbOrTx, clock: Clock, token: string): Promise<{ document: unknown; readyAt: Date }> {
  const fields = await verifyLink(db, clock, 'data-export', token);
  const parsed = fields ? readExportFields(fields) : null;
  if (!parsed) throw new AppError('VALIDATION', INVALID_LINK);
  if (parsed.expiresAt <= clock.now()) throw new AppError('VALIDATION', EXPIRED_LINK);
  const row = await selectDataExport(db, parsed.exportId);
  if (!row || row.status !== 'ready' || !row.expiresAt || !row.readyAt || Math.floor(row.expiresAt.getTime() / 1000) !== Math.floor(parsed.expiresAt.getTime() / 1000)) {
    throw new AppError('VALIDATION', INVALID_LINK);
  }
  return { document: row.document, readyAt: row.readyAt };
}

const ExportJobPayloadSchema = z.object({ exportId: z.uuid() });

/**
 * The export job: builds the document, stores it with its expiry, and tells whoever asked by a
 * notification and an e-mail (an essential one: the answer to their own request).
 */
const prepareDataExport: JobHandler = async (payload, { deps }) => {
  const { exportId } = ExportJobPayloadSchema.parse(payload);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await selectDataExport(tx, exportId);
      if (!row || row.status !== 'preparing') return;
      const now = deps.clock.now();
      const expiresAt = dataExportExpiresAt(now);
      await completeDataExport(tx, exportId, await buildExportDocument(tx, row.userId, now), now, expiresAt);
      const recipient = row.requestedBy ? await selectPerson(tx, row.requestedBy) : undefined;
      if (!recipient) return;
      const forSelf = row.requestedBy === row.userId;
      const until = expiresAt.toUTCString();
      const message = forSelf
        ? `Your data export is ready. Download it from Your data on your profile until ${until}.`
        : `The data export you requested for an account is ready. Download it from People Management until ${until}.`;
      await createNotification(tx, deps.clock, { userId: recipient.id, type: 'system', title: 'Your data export is ready', message, data: { export_id: exportId }, email: false });
      const link = `${linkOrigin(deps.config.publicUrl)}${await downloadPath({ ...deps, db: tx }, { ...row, expiresAt })}`;
      await enqueueMail(tx, deps.clock, {
        userId: recipient.id,
        kind: 'account.data_export_ready',
        to: recipient.email,
        subject: 'Your MYEAI data export is ready',
        text: `Hello ${recipient.name},\n\n${message}\n\nDirect download link (valid until ${until}):\n${link}\n\nIf you did not ask for this export, change your password and contact support.\n`,
      });
    });
  } catch (error) {
    // A document that cannot be built is a bug, not a passing fault: the person sees "failed" and can ask again.
    await failDataExport(deps.db, exportId);
    throw error;
  }
};

export const dataExportJobHandlers: Record<string, JobHandler> = { [DATA_EXPORT_JOB]: prepareDataExport };
