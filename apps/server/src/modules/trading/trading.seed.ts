import type { DbOrTx } from '@myeai/db';
import type { AssetClass, Role, Specialization } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { countWindows, insertMissingAssets, insertMissingTimeframes, insertMissingTraders, listAssets, listTimeframes, setLastSeen, usersByEmails } from './trading.queries.ts';
import { getEngineSettings } from './settings.service.ts';
import { buildDemoHistory, demoFeedEvents, insertDemoHistory } from './trading-history.seed.ts';
import { publishTradingEvents } from './trading-events.ts';

/**
 * Demo market: the spec's timeframes (M5 3, M15 5, H1 15, H4 30, D1 120 minutes of voting; W1 and
 * W4, which the spec leaves open, get 6 and 24 hours) and a dozen assets across the five classes.
 */
export const DEMO_TIMEFRAMES = [
  { code: 'M5', label: '5 Minutes', minutes: 5, votingWindowMinutes: 3 },
  { code: 'M15', label: '15 Minutes', minutes: 15, votingWindowMinutes: 5 },
  { code: 'H1', label: '1 Hour', minutes: 60, votingWindowMinutes: 15 },
  { code: 'H4', label: '4 Hours', minutes: 240, votingWindowMinutes: 30 },
  { code: 'D1', label: '1 Day', minutes: 1440, votingWindowMinutes: 120 },
  { code: 'W1', label: '1 Week', minutes: 10_080, votingWindowMinutes: 360 },
  { code: 'W4', label: '4 Weeks', minutes: 40_320, votingWindowMinutes: 1440 },
] as const;

export const DEMO_ASSETS: readonly { symbol: string; name: string; assetClass: AssetClass }[] = [
  { symbol: 'EUR/USD', name: 'Euro / US Dollar', assetClass: 'forex' },
  { symbol: 'GBP/USD', name: 'British Pound / US Dollar', assetClass: 'forex' },
  { symbol: 'USD/JPY', name: 'US Dollar / Japanese Yen', assetClass: 'forex' },
  { symbol: 'BTC/USD', name: 'Bitcoin', assetClass: 'crypto' },
  { symbol: 'ETH/USD', name: 'Ethereum', assetClass: 'crypto' },
  { symbol: 'US500', name: 'S&P 500 Index', assetClass: 'indices' },
  { symbol: 'NAS100', name: 'Nasdaq 100 Index', assetClass: 'indices' },
  { symbol: 'GER40', name: 'DAX 40 Index', assetClass: 'indices' },
  { symbol: 'XAU/USD', name: 'Gold', assetClass: 'commodities' },
  { symbol: 'WTI', name: 'Crude Oil (WTI)', assetClass: 'commodities' },
  { symbol: 'AAPL', name: 'Apple Inc.', assetClass: 'stocks' },
  { symbol: 'TSLA', name: 'Tesla Inc.', assetClass: 'stocks' },
];

/** The Elite Pool of the demo: the lead (46), three seniors (9) and nine regulars (3), in this order. */
export const DEMO_TRADER_POOL: readonly { email: string; weightTenths: number; specialization: Specialization }[] = [
  { email: 'trader@demo.myeai.local', weightTenths: 460, specialization: 'positional' },
  { email: 'trader2@demo.myeai.local', weightTenths: 90, specialization: 'intraday' },
  { email: 'trader3@demo.myeai.local', weightTenths: 90, specialization: 'momentum' },
  { email: 'trader4@demo.myeai.local', weightTenths: 90, specialization: 'scalper' },
  ...(['scalper', 'scalper', 'intraday', 'intraday', 'momentum', 'momentum', 'positional', 'scalper', 'intraday'] as const).map((specialization, i) => ({
    email: `trader${i + 5}@demo.myeai.local`,
    weightTenths: 30,
    specialization,
  })),
];

async function seedMarket(tx: DbOrTx, now: Date): Promise<void> {
  const values = { createdAt: now, updatedAt: now };
  await insertMissingTimeframes(tx, DEMO_TIMEFRAMES.map((timeframe) => ({ ...timeframe, ...values })));
  await insertMissingAssets(tx, DEMO_ASSETS.map((asset) => ({ ...asset, ...values })));
}

async function seedPool(tx: DbOrTx, now: Date): Promise<Map<string, { id: string; email: string; roles: Role[] }>> {
  const rows = await usersByEmails(tx, DEMO_TRADER_POOL.map((trader) => trader.email));
  const byEmail = new Map(rows.map((row) => [row.email, { ...row, roles: row.roles as Role[] }]));
  const profiles = DEMO_TRADER_POOL.flatMap((trader) => {
    const user = byEmail.get(trader.email);
    return user ? [{ userId: user.id, weightTenths: trader.weightTenths, specialization: trader.specialization, kycVerified: true, isActive: true, createdAt: now, updatedAt: now }] : [];
  });
  await insertMissingTraders(tx, profiles);
  return byEmail;
}

const at = (time: number): Clock => ({ now: () => new Date(time) });

/**
 * The trading part of the demo database; safe on every start: the market and the pool are
 * added when missing, and the history only into a database without any window.
 */
export async function seedTradingDemo(db: DbOrTx, clock: Clock): Promise<void> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    await seedMarket(tx, now);
    const pool = await seedPool(tx, now);
    if ((await countWindows(tx)) > 0) return;
    const voters = DEMO_TRADER_POOL.map((trader) => pool.get(trader.email));
    if (voters.some((voter) => !voter)) return;
    const members = DEMO_TRADER_POOL.map((trader, i) => ({ ...voters[i]!, weightTenths: trader.weightTenths, specialization: trader.specialization }));
    const assets = await listAssets(tx, { includeInactive: false });
    const timeframes = await listTimeframes(tx, { includeInactive: false });
    const history = buildDemoHistory({ now, assets, timeframes, pool: members, settings: await getEngineSettings(tx) });
    await insertDemoHistory(tx, history);
    // The flow chart's feed as the engine would have stored it for the latest windows (admins only).
    for (const item of demoFeedEvents(history)) await publishTradingEvents(tx, at(item.at), [item.event]);
    // Demo traders were last seen at different times, so the flow chart shows active and idle ones.
    for (const [i, voter] of voters.entries()) {
      await setLastSeen(tx, voter!.id, new Date(now.getTime() - (i % 3 === 0 ? 10 : 3 * 60) * 60_000));
    }
  });
}
