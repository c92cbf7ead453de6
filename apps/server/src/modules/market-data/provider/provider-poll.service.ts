import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import { nextPollDelayMs, pollStartOf, PROVIDER_ALERT_AFTER_FAILURES, type AssetClass, type MarketProviderState, type ProviderCandle } from '@myeai/domain';
import type { Clock } from '../../../clock.ts';
import type { AppConfig } from '../../../env.ts';
import { enqueueJob } from '../../jobs/index.ts';
import { createNotifications } from '../../notifications/index.ts';
import { compareWithStored, storeCandles } from '../market-data.service.ts';
import type { RescoreCount } from '../scoring.service.ts';
import { providerFor, type MarketDataProvider } from './market-data-provider.ts';
import { selectActiveAdminIds, selectCatalogueAssets, selectLastCandleTimes, selectProviderState, upsertProviderState } from './provider.queries.ts';

/**
 * The provider's poll on the job queue (issue 32 item 1b, decision 071). One job per poll time,
 * keyed by it; the poll time in force is kept in market_provider_state.next_poll_at, and a job
 * whose time is not that one (another server queued its own at start) does nothing. A poll asks
 * the provider for every catalogue asset it can price, from the asset's last stored candle, and
 * stores all of them or none: any asset failing (down, garbage, timeout) fails the poll, stores
 * nothing, counts a failure and backs off; the calls stay awaiting prices. After
 * PROVIDER_ALERT_AFTER_FAILURES failures in a row the active admins are notified, once per outage.
 */
export const MARKET_DATA_POLL_JOB = 'market-data.poll';

const PayloadSchema = z.object({ provider: z.string(), slot: z.iso.datetime() });

export type PollResult =
  | { status: 'stored'; assets: number; skipped: string[]; new: number; changed: number; rescored: RescoreCount }
  | { status: 'failed'; error: string; consecutive_failures: number; alerted: boolean }
  | { status: 'superseded' }
  | { status: 'no_provider' };

const MAX_ERROR_LENGTH = 500;

async function queuePoll(db: DbOrTx, clock: Clock, provider: string, slot: Date): Promise<void> {
  await upsertProviderState(db, provider, { nextPollAt: slot });
  await enqueueJob(db, clock, { name: MARKET_DATA_POLL_JOB, payload: { provider, slot: slot.toISOString() }, runAt: slot, dedupeKey: `market-data-poll:${provider}:${slot.toISOString()}`, maxAttempts: 3 });
}

/** At server start: the provider's next poll (the stored one if still ahead, else now). Nothing without a provider. */
export async function ensureMarketDataPoll(db: DbOrTx, clock: Clock, config: AppConfig): Promise<Date | null> {
  const provider = providerFor(config.marketData);
  if (!provider) return null;
  const now = clock.now();
  const state = await selectProviderState(db, provider.name);
  const slot = state?.nextPollAt && state.nextPollAt.getTime() > now.getTime() ? state.nextPollAt : now;
  await queuePoll(db, clock, provider.name, slot);
  return slot;
}

/** Fetches every priceable asset's candles since its last stored one; throws at the first failure. */
async function fetchAll(db: DbOrTx, provider: MarketDataProvider, now: Date) {
  const assets = await selectCatalogueAssets(db);
  const last = await selectLastCandleTimes(db);
  const skipped: string[] = [];
  const candles: (ProviderCandle & { assetId: string; line: number })[] = [];
  let polled = 0;
  for (const asset of assets) {
    if (provider.symbolOf(asset) === null) {
      skipped.push(asset.symbol);
      continue;
    }
    polled += 1;
    const since = pollStartOf(last.get(asset.id) ?? null, now);
    for (const candle of await provider.fetchCandles(asset, since, now)) {
      // Never a price from the future, whatever the provider answers.
      if (candle.time.getTime() <= now.getTime()) candles.push({ ...candle, assetId: asset.id, line: 0 });
    }
  }
  return { candles, skipped, polled };
}

/** One poll of the provider: store what it answered, or count the failure; then queue the next poll. */
export async function pollProvider(db: DbOrTx, clock: Clock, provider: MarketDataProvider): Promise<PollResult> {
  const now = clock.now();
  let fetched: Awaited<ReturnType<typeof fetchAll>>;
  try {
    fetched = await fetchAll(db, provider, now);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    return db.transaction(async (tx) => {
      const state = await selectProviderState(tx, provider.name);
      const failures = (state?.consecutiveFailures ?? 0) + 1;
      const alert = failures >= PROVIDER_ALERT_AFTER_FAILURES && !state?.alertedAt;
      await upsertProviderState(tx, provider.name, { lastPollAt: now, consecutiveFailures: failures, lastError: message, ...(alert ? { alertedAt: now } : {}) });
      if (alert) await alertAdmins(tx, clock, provider, failures, message, now);
      await queuePoll(tx, clock, provider.name, new Date(now.getTime() + nextPollDelayMs(failures)));
      return { status: 'failed' as const, error: message, consecutive_failures: failures, alerted: alert };
    });
  }
  const { fresh, changed } = await compareWithStored(db, fetched.candles);
  return db.transaction(async (tx) => {
    const rescored = await storeCandles(tx, clock, { actorId: null, source: provider.name, fresh, changed });
    await upsertProviderState(tx, provider.name, { lastPollAt: now, lastSuccessAt: now, consecutiveFailures: 0, lastError: null, alertedAt: null });
    await queuePoll(tx, clock, provider.name, new Date(now.getTime() + nextPollDelayMs(0)));
    return { status: 'stored' as const, assets: fetched.polled, skipped: fetched.skipped, new: fresh.length, changed: changed.length, rescored };
  });
}

async function alertAdmins(tx: DbOrTx, clock: Clock, provider: MarketDataProvider, failures: number, message: string, now: Date): Promise<void> {
  const admins = await selectActiveAdminIds(tx);
  await createNotifications(
    tx,
    clock,
    admins.map((userId) => ({
      userId,
      type: 'system' as const,
      title: 'Market data provider is failing',
      message: `${provider.name} has failed ${failures} polls in a row (last: ${message}). No prices are stored meanwhile and the calls they would score stay awaiting prices; the poll keeps retrying, at most an hour apart. See Market Data.`,
      data: { link: '/admin/trading/market-data', provider: provider.name },
      actionRequired: true,
      sourceKey: `market-data-provider-down:${provider.name}:${now.toISOString()}`,
    })),
  );
}

/** The poll job: a no-op without a provider (no next poll is queued) or when another poll time is in force. */
export async function runMarketDataPollJob(db: DbOrTx, clock: Clock, config: AppConfig, payload: unknown): Promise<PollResult> {
  const { provider: name, slot } = PayloadSchema.parse(payload);
  const provider = providerFor(config.marketData);
  if (!provider || provider.name !== name) return { status: 'no_provider' };
  const state = await selectProviderState(db, provider.name);
  if (state?.nextPollAt && state.nextPollAt.getTime() !== new Date(slot).getTime()) return { status: 'superseded' };
  return pollProvider(db, clock, provider);
}

/** The admin's view of the provider: what is configured, its polls, and the assets it prices or skips. */
export async function getProviderState(db: DbOrTx, config: AppConfig): Promise<MarketProviderState> {
  const provider = providerFor(config.marketData);
  const [assets, state] = await Promise.all([selectCatalogueAssets(db), provider ? selectProviderState(db, provider.name) : Promise.resolve(undefined)]);
  const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
  return {
    provider: provider?.name ?? 'none',
    base_url: provider?.baseUrl ?? null,
    last_poll_at: iso(state?.lastPollAt),
    last_success_at: iso(state?.lastSuccessAt),
    consecutive_failures: state?.consecutiveFailures ?? 0,
    last_error: state?.lastError ?? null,
    next_poll_at: iso(state?.nextPollAt),
    alert_after: PROVIDER_ALERT_AFTER_FAILURES,
    assets: assets.map((asset) => ({ symbol: asset.symbol, asset_class: asset.assetClass as AssetClass, provider_symbol: provider?.symbolOf(asset) ?? null })),
  };
}
