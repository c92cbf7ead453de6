import { AppError } from '@myeai/domain';

/**
 * Keyset cursors for lists paged newest first on (created_at, id): the cursor names the last row
 * of the previous page, so rows added meanwhile neither repeat nor shift a page.
 */
export type TimeCursor = { createdAt: string; id: string };

export function encodeTimeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeTimeCursor(cursor: string): TimeCursor {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !UUID.test(id) || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError('VALIDATION', 'Invalid cursor.');
  }
  return { createdAt: new Date(createdAt).toISOString(), id };
}
