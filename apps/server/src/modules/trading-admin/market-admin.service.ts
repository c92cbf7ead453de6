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

/**
 * What differs between the two market catalogues (assets are the compass's rows, timeframes its
 * columns); adding, editing and deactivating go through one writer for both.
 */
type MarketCatalogue<Row extends { id: string; isActive: boolean; updatedAt: Date }, Out, Create, Update extends { is_active?: boolean | undefined }> = {
  noun: 'asset' | 'timeframe';
  key: { field: 'symbol' | 'code'; of: (input: Create | Update) => string; ofRow: (row: Row) => string };
  get: (tx: DbOrTx, id: string) => Promise<Row | undefined>;
  withKey: (tx: DbOrTx, key: string) => Promise<{ id: string; isActive: boolean } | undefined>;
  insert: (tx: DbOrTx, input: Create, now: Date) => Promise<Row | undefined>;
  update: (tx: DbOrTx, id: string, input: Update, before: Row, now: Date) => Promise<Row | undefined>;
  deactivate: (tx: DbOrTx, id: string, now: Date) => Promise<Row | undefined>;
  toApi: (row: Row) => Out;
};

const article = (noun: string) => (noun === 'asset' ? 'An' : 'A');
const capitalised = (noun: string) => noun[0]!.toUpperCase() + noun.slice(1);

async function assertKeyFree<Row extends { id: string; isActive: boolean; updatedAt: Date }, Out, Create, Update extends { is_active?: boolean | undefined }>(
  catalogue: MarketCatalogue<Row, Out, Create, Update>,
  tx: DbOrTx,
  key: string,
  exceptId?: string,
): Promise<void> {
  const taken = await catalogue.withKey(tx, key);
  if (taken && taken.id !== exceptId) {
    const { noun } = catalogue;
    const { field } = catalogue.key;
    throw new AppError('CONFLICT', taken.isActive ? `${article(noun)} ${noun} with ${field} ${key} already exists.` : `A deactivated ${noun} with ${field} ${key} exists: reactivate it instead.`, [
      { path: field, message: `${capitalised(field)} already used.` },
    ]);
  }
}

function catalogueWriter<Row extends { id: string; isActive: boolean; updatedAt: Date }, Out, Create, Update extends { is_active?: boolean | undefined }>(catalogue: MarketCatalogue<Row, Out, Create, Update>) {
  const { noun } = catalogue;
  const found = async (tx: DbOrTx, id: string) => {
    const before = await catalogue.get(tx, id);
    if (!before) throw new AppError('NOT_FOUND', `${capitalised(noun)} not found.`);
    return before;
  };
  const finish = async (tx: DbOrTx, clock: Clock, actorId: string, verb: string, row: Row, details: Record<string, unknown>) => {
    await recordAudit(tx, clock, { actorId, action: `trading.${noun}.${verb}`, target: `${noun} ${catalogue.key.ofRow(row)}`, details });
    await announceMarketChange(tx, clock);
    return catalogue.toApi(row);
  };
  return {
    create: (db: Database, clock: Clock, actorId: string, input: Create): Promise<Out> =>
      db.transaction(async (tx) => {
        const key = catalogue.key.of(input);
        await assertKeyFree(catalogue, tx, key);
        const row = await catalogue.insert(tx, input, clock.now());
        if (!row) throw new AppError('CONFLICT', `${article(noun)} ${noun} with ${catalogue.key.field} ${key} already exists.`);
        return finish(tx, clock, actorId, 'create', row, { id: row.id, ...input });
      }),
    update: (db: Database, clock: Clock, actorId: string, id: string, input: Update): Promise<Out> =>
      db.transaction(async (tx) => {
        const before = await found(tx, id);
        await assertKeyFree(catalogue, tx, catalogue.key.of(input), id);
        const row = (await catalogue.update(tx, id, input, before, clock.now()))!;
        return finish(tx, clock, actorId, 'update', row, { id, before: catalogue.toApi(before), after: catalogue.toApi(row) });
      }),
    /** DELETE deactivates (the spec's "removes it from the list"); votes and history stay. */
    deactivate: (db: Database, clock: Clock, actorId: string, id: string): Promise<Out> =>
      db.transaction(async (tx) => {
        const before = await found(tx, id);
        const row = (await catalogue.deactivate(tx, id, clock.now()))!;
        return finish(tx, clock, actorId, 'deactivate', row, { id, was_active: before.isActive });
      }),
  };
}

const assets = catalogueWriter<AssetRow, Asset, CreateAssetInput, UpdateAssetInput>({
  noun: 'asset',
  key: { field: 'symbol', of: (input) => input.symbol, ofRow: (row) => row.symbol },
  get: getAsset,
  withKey: assetWithSymbol,
  insert: (tx, input, now) => insertAsset(tx, { symbol: input.symbol, name: input.name, assetClass: input.asset_class, createdAt: now, updatedAt: now }),
  update: (tx, id, input, before, now) => updateAssetRow(tx, id, { symbol: input.symbol, name: input.name, assetClass: input.asset_class, isActive: input.is_active ?? before.isActive, updatedAt: now }),
  deactivate: (tx, id, now) => updateAssetRow(tx, id, { isActive: false, updatedAt: now }),
  toApi: toAsset,
});

const timeframes = catalogueWriter<TimeframeRow, Timeframe, CreateTimeframeInput, UpdateTimeframeInput>({
  noun: 'timeframe',
  key: { field: 'code', of: (input) => input.code, ofRow: (row) => row.code },
  get: getTimeframe,
  withKey: timeframeWithCode,
  insert: (tx, input, now) => insertTimeframe(tx, { code: input.code, label: input.label, minutes: input.minutes, votingWindowMinutes: input.voting_window_minutes, createdAt: now, updatedAt: now }),
  update: (tx, id, input, before, now) =>
    updateTimeframeRow(tx, id, { code: input.code, label: input.label, minutes: input.minutes, votingWindowMinutes: input.voting_window_minutes, isActive: input.is_active ?? before.isActive, updatedAt: now }),
  deactivate: (tx, id, now) => updateTimeframeRow(tx, id, { isActive: false, updatedAt: now }),
  toApi: toTimeframe,
});

export async function listAdminAssets(db: DbOrTx, includeInactive: boolean): Promise<Asset[]> {
  return (await listAssets(db, { includeInactive })).map(toAsset);
}

export async function listAdminTimeframes(db: DbOrTx, includeInactive: boolean): Promise<Timeframe[]> {
  return (await listTimeframes(db, { includeInactive })).map(toTimeframe);
}

export const { create: createAsset, update: updateAsset, deactivate: deactivateAsset } = assets;
export const { create: createTimeframe, update: updateTimeframe, deactivate: deactivateTimeframe } = timeframes;
