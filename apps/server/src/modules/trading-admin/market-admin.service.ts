import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  isPremiumTimeframe,
  type Asset,
  type AssetClass,
  type CreateAssetInput,
  type CreateTimeframeInput,
  type Timeframe,
  type UpdateAssetInput,
  type UpdateTimeframeInput,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { getAsset, getTimeframe, listAssets, listTimeframes, publishTradingEvent, type AssetRow, type TimeframeRow } from '../trading/index.ts';
import { assetWithSymbol, insertAsset, insertTimeframe, timeframeWithCode, updateAssetRow, updateTimeframeRow } from './trading-admin.queries.ts';

export function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    asset_class: row.assetClass as AssetClass,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toTimeframe(row: TimeframeRow): Timeframe {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    minutes: row.minutes,
    voting_window_minutes: row.votingWindowMinutes,
    is_active: row.isActive,
    premium: isPremiumTimeframe(row.code),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Compass viewers refetch the grid: the market (rows or columns) changed. */
async function announceMarketChange(tx: DbOrTx, clock: Clock): Promise<void> {
  await publishTradingEvent(tx, clock, 'trading_compass_update', { reason: 'market_changed', asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: clock.now().toISOString() });
}

export async function listAdminAssets(db: DbOrTx, includeInactive: boolean): Promise<Asset[]> {
  return (await listAssets(db, { includeInactive })).map(toAsset);
}

async function assertSymbolFree(tx: DbOrTx, symbol: string, exceptId?: string): Promise<void> {
  const taken = await assetWithSymbol(tx, symbol);
  if (taken && taken.id !== exceptId) {
    throw new AppError('CONFLICT', taken.isActive ? `An asset with symbol ${symbol} already exists.` : `A deactivated asset with symbol ${symbol} exists: reactivate it instead.`, [{ path: 'symbol', message: 'Symbol already used.' }]);
  }
}

export async function createAsset(db: Database, clock: Clock, actorId: string, input: CreateAssetInput): Promise<Asset> {
  return db.transaction(async (tx) => {
    await assertSymbolFree(tx, input.symbol);
    const now = clock.now();
    const row = await insertAsset(tx, { symbol: input.symbol, name: input.name, assetClass: input.asset_class, createdAt: now, updatedAt: now });
    if (!row) throw new AppError('CONFLICT', `An asset with symbol ${input.symbol} already exists.`);
    await recordAudit(tx, clock, { actorId, action: 'trading.asset.create', target: `asset ${row!.symbol}`, details: { id: row!.id, ...input } });
    await announceMarketChange(tx, clock);
    return toAsset(row!);
  });
}

export async function updateAsset(db: Database, clock: Clock, actorId: string, id: string, input: UpdateAssetInput): Promise<Asset> {
  return db.transaction(async (tx) => {
    const before = await getAsset(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Asset not found.');
    await assertSymbolFree(tx, input.symbol, id);
    const row = await updateAssetRow(tx, id, { symbol: input.symbol, name: input.name, assetClass: input.asset_class, isActive: input.is_active ?? before.isActive, updatedAt: clock.now() });
    await recordAudit(tx, clock, { actorId, action: 'trading.asset.update', target: `asset ${row!.symbol}`, details: { id, before: toAsset(before), after: toAsset(row!) } });
    await announceMarketChange(tx, clock);
    return toAsset(row!);
  });
}

/** DELETE deactivates (the spec's "removes it from the list"); votes and history stay. */
export async function deactivateAsset(db: Database, clock: Clock, actorId: string, id: string): Promise<Asset> {
  return db.transaction(async (tx) => {
    const before = await getAsset(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Asset not found.');
    const row = await updateAssetRow(tx, id, { isActive: false, updatedAt: clock.now() });
    await recordAudit(tx, clock, { actorId, action: 'trading.asset.deactivate', target: `asset ${row!.symbol}`, details: { id, was_active: before.isActive } });
    await announceMarketChange(tx, clock);
    return toAsset(row!);
  });
}

export async function listAdminTimeframes(db: DbOrTx, includeInactive: boolean): Promise<Timeframe[]> {
  return (await listTimeframes(db, { includeInactive })).map(toTimeframe);
}

async function assertCodeFree(tx: DbOrTx, code: string, exceptId?: string): Promise<void> {
  const taken = await timeframeWithCode(tx, code);
  if (taken && taken.id !== exceptId) {
    throw new AppError('CONFLICT', taken.isActive ? `A timeframe with code ${code} already exists.` : `A deactivated timeframe with code ${code} exists: reactivate it instead.`, [{ path: 'code', message: 'Code already used.' }]);
  }
}

export async function createTimeframe(db: Database, clock: Clock, actorId: string, input: CreateTimeframeInput): Promise<Timeframe> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const now = clock.now();
    const row = await insertTimeframe(tx, { code: input.code, label: input.label, minutes: input.minutes, votingWindowMinutes: input.voting_window_minutes, createdAt: now, updatedAt: now });
    if (!row) throw new AppError('CONFLICT', `A timeframe with code ${input.code} already exists.`);
    await recordAudit(tx, clock, { actorId, action: 'trading.timeframe.create', target: `timeframe ${row!.code}`, details: { id: row!.id, ...input } });
    await announceMarketChange(tx, clock);
    return toTimeframe(row!);
  });
}

export async function updateTimeframe(db: Database, clock: Clock, actorId: string, id: string, input: UpdateTimeframeInput): Promise<Timeframe> {
  return db.transaction(async (tx) => {
    const before = await getTimeframe(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Timeframe not found.');
    await assertCodeFree(tx, input.code, id);
    const row = await updateTimeframeRow(tx, id, {
      code: input.code,
      label: input.label,
      minutes: input.minutes,
      votingWindowMinutes: input.voting_window_minutes,
      isActive: input.is_active ?? before.isActive,
      updatedAt: clock.now(),
    });
    await recordAudit(tx, clock, { actorId, action: 'trading.timeframe.update', target: `timeframe ${row!.code}`, details: { id, before: toTimeframe(before), after: toTimeframe(row!) } });
    await announceMarketChange(tx, clock);
    return toTimeframe(row!);
  });
}

export async function deactivateTimeframe(db: Database, clock: Clock, actorId: string, id: string): Promise<Timeframe> {
  return db.transaction(async (tx) => {
    const before = await getTimeframe(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Timeframe not found.');
    const row = await updateTimeframeRow(tx, id, { isActive: false, updatedAt: clock.now() });
    await recordAudit(tx, clock, { actorId, action: 'trading.timeframe.deactivate', target: `timeframe ${row!.code}`, details: { id, was_active: before.isActive } });
    await announceMarketChange(tx, clock);
    return toTimeframe(row!);
  });
}
