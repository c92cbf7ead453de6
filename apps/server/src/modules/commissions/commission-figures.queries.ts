import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { commissions, users, type DbOrTx } from '@myeai/db';
import type { CommissionFigures } from '@myeai/domain';

/** [from, to) by `earned_at`; no window: all time. */
export type FigureWindow = { from: Date; to: Date } | null;

const origin = alias(users, 'origin');

function inWindow(window: FigureWindow): SQL {
  if (!window) return sql`true`;
  return sql`${commissions.earnedAt} >= ${window.from.toISOString()}::timestamptz and ${commissions.earnedAt} < ${window.to.toISOString()}::timestamptz`;
}

/**
 * Total and referral commission of `userId` in each window, in one statement: the one query every
 * screen reads both figures from (decision record 051, `commissionFigures` in the domain states the
 * rule). Total: the user's ledger lines but withheld ones. Referral: those whose origin member's
 * credited referrer (`referred_by`) is the user.
 */
export async function selectCommissionFigures(db: DbOrTx, userId: string, windows: readonly FigureWindow[]): Promise<CommissionFigures[]> {
  if (windows.length === 0) return [];
  const referral = sql`${origin.referredBy} = ${userId}::uuid`;
  const fields = Object.fromEntries(
    windows.flatMap((window, i) => [
      [`t${i}`, sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${inWindow(window)}), 0)::bigint`.mapWith(Number)],
      [`r${i}`, sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${inWindow(window)} and ${referral}), 0)::bigint`.mapWith(Number)],
    ]),
  );
  const [row] = await db
    .select(fields)
    .from(commissions)
    .leftJoin(origin, eq(origin.id, commissions.originUserId))
    .where(and(eq(commissions.userId, userId), ne(commissions.status, 'withheld')));
  return windows.map((_, i) => ({ total_cents: Number(row?.[`t${i}`] ?? 0), referral_cents: Number(row?.[`r${i}`] ?? 0) }));
}
