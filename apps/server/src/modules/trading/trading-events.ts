import type { DbOrTx } from '@myeai/db';
import { ROLES, TRADING_EVENT_AUDIENCES, type LiveEvent, type Role } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { publishRoleEvents, type RoleEventInput } from '../live/index.ts';

type TradingKind = keyof typeof TRADING_EVENT_AUDIENCES;

/** Who receives a trading kind. "compass": every role, since any user with a plan may see the compass. */
export function audienceOf(kind: TradingKind): readonly Role[] {
  const audience = TRADING_EVENT_AUDIENCES[kind];
  return audience === 'compass' ? ROLES : audience;
}

export type TradingEvent = { [K in TradingKind]: { kind: K; payload: Extract<LiveEvent, { kind: K }>['payload'] } }[TradingKind];

/**
 * Publishes role-scoped trading events in the caller's transaction. The grid caches need no word
 * from here: the tables the writes touched announce themselves (decision 031).
 */
export async function publishTradingEvents(db: DbOrTx, clock: Clock, events: readonly TradingEvent[]): Promise<void> {
  await publishRoleEvents(
    db,
    clock,
    events.map((event) => ({ roles: audienceOf(event.kind), kind: event.kind, payload: event.payload }) as RoleEventInput),
  );
}

/** Publishes one role-scoped trading event in the caller's transaction. */
export async function publishTradingEvent<K extends TradingKind>(db: DbOrTx, clock: Clock, kind: K, payload: Extract<LiveEvent, { kind: K }>['payload']): Promise<void> {
  await publishTradingEvents(db, clock, [{ kind, payload } as TradingEvent]);
}
