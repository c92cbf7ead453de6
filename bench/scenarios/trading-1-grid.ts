// NOTE (trader-dashboard engineer): this file was overwritten by mistake at 02:19 and restored from
// the tsx transform cache of 02:13 (code and SQL identical; types re-added; the original comments are lost).
import type { BenchContext, BenchUser } from '../lib/scenario.ts';
import { defineScenario, ratioAtLeast } from '../lib/scenario.ts';

export const TRADING_DATA = { assets: 20, timeframes: 7, votes: 1_000_000, traders: 13 } as const;

const TIMEFRAMES = [
  ['M5', 5, 3],
  ['M15', 15, 5],
  ['H1', 60, 15],
  ['H4', 240, 30],
  ['D1', 1440, 120],
  ['W1', 10_080, 360],
  ['W4', 40_320, 1440],
] as const;

const WEIGHTS = [460, 90, 90, 90, 30, 30, 30, 30, 30, 30, 30, 30, 30];

type TradingBenchData = { traders: BenchUser[]; subscriber: BenchUser };

let prepared: Promise<TradingBenchData> | undefined;

export function ensureTradingData(ctx: BenchContext): Promise<TradingBenchData> {
  prepared ??= (async () => {
    const traders: BenchUser[] = [];
    for (let i = 0; i < TRADING_DATA.traders; i++) traders.push(await ctx.createUser({ roles: ['trader'], name: `Bench Trader ${i + 1}` }));
    await ctx.sql(
      `insert into traders (user_id, weight_tenths, kyc_verified, is_active, created_at, updated_at)
       select u, w, true, true, now(), now() from unnest($1::uuid[], $2::int[]) as t(u, w)`,
      [traders.map((t) => t.id), WEIGHTS],
    );
    await ctx.sql(
      `insert into trading_assets (symbol, name, asset_class, created_at, updated_at)
       select 'BENCH' || g, 'Bench asset ' || g, (array['forex','crypto','indices','commodities','stocks'])[1 + g % 5], now(), now()
       from generate_series(1, $1::int) g`,
      [TRADING_DATA.assets],
    );
    for (const [code, minutes, window] of TIMEFRAMES) {
      await ctx.sql(`insert into trading_timeframes (code, label, minutes, voting_window_minutes, created_at, updated_at) values ($1, $1, $2, $3, now(), now())`, [code, minutes, window]);
    }
    const windows = Math.ceil(TRADING_DATA.votes / TRADING_DATA.traders);
    ctx.log(`trading: ${windows} closed windows, ${windows * TRADING_DATA.traders} votes`);
    await ctx.sql(
      `with pairs as (
         select row_number() over (order by a.symbol, t.minutes) - 1 as n, a.id as asset_id, t.id as timeframe_id
         from trading_assets a cross join trading_timeframes t)
       insert into entry_windows (asset_id, timeframe_id, opened_by, opened_at, closes_at, status, mode, pool_size, rules, vote_count,
                                  closed_at, close_reason, long_tenths, short_tenths, neutral_tenths, result_bias, confirmed_bias,
                                  consensus_tenths, standing_bias, confirmation_threshold, exit_threshold)
       select p.asset_id, p.timeframe_id, $2::uuid, ts, ts + interval '3 minutes', 'closed', 'fixed', 13,
              '{"mode":"fixed","poolSize":13,"submissionWindow":null,"performanceWeighting":false,"assetSpecialization":false}'::jsonb, 13,
              ts + interval '2 minutes', 'all_voted', 640, 270, 90, 'long', 'long', 640, 'long', 50, 47
       from generate_series(0, $1::int - 1) g
       join pairs p on p.n = g % 140
       cross join lateral (select now() - interval '90 days' + (g * interval '90 days' / $1::int) as ts) t`,
      [windows, traders[0]!.id],
    );
    await ctx.sql(
      `insert into window_votes (window_id, trader_id, bias, confidence, weight_tenths, created_at)
       select w.id, tr.user_id, case when tr.weight_tenths >= 400 then 'long' else (array['long','short','neutral'])[1 + abs(hashtext(w.id::text || tr.user_id::text)) % 3] end,
              50 + abs(hashtext(tr.user_id::text || w.id::text)) % 50, tr.weight_tenths, w.opened_at + interval '30 seconds'
       from entry_windows w cross join traders tr`,
    );
    await ctx.sql(
      `insert into consensus_events (window_id, asset_id, timeframe_id, event_type, confirmed_bias, consensus_tenths, created_at)
       select id, asset_id, timeframe_id, 'window_opened', null, null, opened_at from entry_windows
       union all
       select id, asset_id, timeframe_id, 'consensus_confirmed', confirmed_bias, consensus_tenths, closed_at from entry_windows`,
    );
    await ctx.sql(
      `insert into sentiment_aggregates (asset_id, timeframe_id, last_window_id, last_closed_at, last_vote_count, last_long_tenths, last_short_tenths,
                                         last_neutral_tenths, last_top_bias, confirmed_bias, confirmed_tenths, confirmed_at, updated_at)
       select distinct on (asset_id, timeframe_id) asset_id, timeframe_id, id, closed_at, 13, long_tenths, short_tenths, neutral_tenths, result_bias,
              confirmed_bias, consensus_tenths, closed_at, closed_at
       from entry_windows order by asset_id, timeframe_id, closed_at desc`,
    );
    await ctx.sql('update traders set votes_cast = $1, windows_seen = $1, scored_votes = $1, agreed_votes = $1 / 2', [windows]);
    const subscriber = await ctx.createUser({ roles: ['subscriber'], name: 'Bench Subscriber' });
    await givePlan(ctx, subscriber);
    await ctx.sql('analyze');
    return { traders, subscriber };
  })();
  return prepared;
}

export async function givePlan(ctx: BenchContext, user: BenchUser): Promise<void> {
  await ctx.sql(
    `insert into subscriptions (user_id, provider, provider_subscription_id, plan, status, current_period_start, current_period_end,
                                provider_observed_at, subscriber_role_granted, created_at, updated_at)
     values ($1, 'local', $2, '52weeks', 'active', now(), now() + interval '300 days', now(), true, now(), now())`,
    [user.id, `bench-${user.id}`],
  );
}

export const scenario = defineScenario({
  name: 'trading-grid',
  description: 'GET /api/trading/sentiment/grid as a subscriber with a plan: 20 assets x 7 timeframes, 1,000,000 stored votes',
  setup: async (ctx) => {
    const { subscriber } = await ensureTradingData(ctx);
    return { method: 'GET', path: '/api/trading/sentiment/grid', headers: { cookie: subscriber.cookie } };
  },
  targets: [ratioAtLeast(0.5)],
});
