import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';
import { ROLES, TRADING_EVENT_AUDIENCES, type LiveEvent, type Role } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { publishRoleEvent } from '../live/live-events.service.ts';

/** Channel on which every instance hears that the compass grid changed (its cache drops). */
export const GRID_CHANNEL = 'myeai_trading_grid';

type TradingKind = keyof typeof TRADING_EVENT_AUDIENCES;

/** Who receives a trading kind. "compass": every role, since any user with a plan may see the compass. */
export function audienceOf(kind: TradingKind): readonly Role[] {
  const audience = TRADING_EVENT_AUDIENCES[kind];
  return audience === 'compass' ? ROLES : audience;
}

/** Publishes one role-scoped trading event in the caller's transaction. */
export async function publishTradingEvent<K extends TradingKind>(db: DbOrTx, clock: Clock, kind: K, payload: Extract<LiveEvent, { kind: K }>['payload']): Promise<void> {
  // The payload type is tied to K by this function's signature; TypeScript cannot carry that
  // through publishRoleEvent's own generic, hence the widening.
  const event = { roles: audienceOf(kind), kind, payload } as Parameters<typeof publishRoleEvent>[2];
  await publishRoleEvent(db, clock, event);
}

/** Tells every instance (this one included) that the grid changed, once the transaction commits. */
export async function announceGridChange(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${GRID_CHANNEL}, '')`);
}
