import { defineScenario, ratioAtLeast, type BenchContext, type BenchUser } from '../lib/scenario.ts';

const CALLS = 10_000;
const POOL = 13;

/** A pair of its own (asset, timeframe), `windows` closed confirmed windows an hour apart with 13 votes each. */
export async function benchPair(ctx: BenchContext, symbol: string, code: string, windows: number): Promise<{ assetId: string; timeframeId: string; traders: BenchUser[] }> {
  const traders: BenchUser[] = [];
  for (let i = 0; i < POOL; i++) traders.push(await ctx.createUser({ roles: ['trader'], name: `${symbol} Trader ${i + 1}` }));
  const { rows: assets } = await ctx.sql(`insert into trading_assets (symbol, name, asset_class, created_at, updated_at) values ($1, $1, 'forex', now(), now()) returning id`, [symbol]);
  const { rows: timeframes } = await ctx.sql(`insert into trading_timeframes (code, label, minutes, voting_window_minutes, created_at, updated_at) values ($1, $1, 60, 15, now(), now()) returning id`, [code]);
  const assetId = (assets[0] as { id: string }).id;
  const timeframeId = (timeframes[0] as { id: string }).id;
  // Closed 2 hours ago and every hour before, so every horizon (close + 1 hour) has passed.
  await ctx.sql(
    `insert into entry_windows (asset_id, timeframe_id, opened_at, closes_at, status, mode, pool_size, rules, vote_count, closed_at, close_reason,
                                long_tenths, short_tenths, neutral_tenths, result_bias, confirmed_bias, consensus_tenths, standing_bias, confirmation_threshold, exit_threshold)
     select $1::uuid, $2::uuid, c - interval '15 minutes', c, 'closed', 'fixed', 13,
            '{"mode":"fixed","poolSize":13,"submissionWindow":null,"performanceWeighting":false,"assetSpecialization":false}'::jsonb, 13, c, 'all_voted',
            640, 270, 90, b, b, 640, b, 50, 47
     from generate_series(0, $3::int - 1) g
     cross join lateral (select date_trunc('minute', now()) - make_interval(hours => g + 2) as c, (array['long','short','neutral'])[1 + g % 3] as b) x`,
    [assetId, timeframeId, windows],
  );
  await ctx.sql(
    `insert into window_votes (window_id, trader_id, bias, confidence, weight_tenths, created_at)
     select w.id, t.id, (array['long','short','neutral'])[1 + abs(hashtext(w.id::text || t.id::text)) % 3], 40 + abs(hashtext(t.id::text || w.id::text)) % 60, 30, w.closed_at - interval '5 minutes'
     from entry_windows w cross join unnest($2::uuid[]) as t(id) where w.asset_id = $1::uuid`,
    [assetId, traders.map((t) => t.id)],
  );
  return { assetId, timeframeId, traders };
}

/**
 * Issue 32's benchmark (decision 072): GET /api/trading/track-record for one asset and timeframe
 * with 10,000 scored calls (and 130,000 scored votes behind them, the calibration's input), as an
 * admin (no history floor). Scores as the scoring stores them: the market's direction per window
 * from a hash, hits and misses as they fall. The issue's target: ratio to the ceiling >= 0.5.
 */
export const scenario = defineScenario({
  name: 'track-record-10k',
  description: 'GET /api/trading/track-record: one asset x timeframe with 10,000 scored calls and 130,000 scored votes',
  setup: async (ctx) => {
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Track Record Bench Admin' });
    const { assetId, timeframeId } = await benchPair(ctx, 'TRACK10K', 'TRK-H1', CALLS);
    await ctx.sql(
      `insert into window_scores (window_id, asset_id, timeframe_id, closed_at, horizon_at, band_bps, confirmed_bias, price_at_close, price_at_close_time,
                                  price_at_horizon, price_at_horizon_time, change_hundredths_bps, outcome, scored_at)
       select w.id, w.asset_id, w.timeframe_id, w.closed_at, w.closed_at + interval '1 hour', 3, w.confirmed_bias, 110000000, w.closed_at,
              110000000 + d.move, w.closed_at + interval '1 hour', (d.move::bigint * 1000000 / 110000000)::int,
              case when w.confirmed_bias = d.dir then 'hit' else 'miss' end, now()
       from entry_windows w
       cross join lateral (select (array[-110000, 0, 110000])[1 + abs(hashtext(w.id::text)) % 3] as move) m
       cross join lateral (select m.move, case when m.move > 0 then 'long' when m.move < 0 then 'short' else 'neutral' end as dir) d
       where w.asset_id = $1::uuid`,
      [assetId],
    );
    await ctx.sql(
      `insert into vote_scores (vote_id, window_id, outcome, brier_e4, scored_at)
       select v.id, v.window_id, o.outcome, (v.confidence - case when o.outcome = 'hit' then 100 else 0 end) ^ 2, now()
       from window_votes v join window_scores s on s.window_id = v.window_id
       cross join lateral (select case when v.bias = case when s.change_hundredths_bps > 300 then 'long' when s.change_hundredths_bps < -300 then 'short' else 'neutral' end
                                       then 'hit' else 'miss' end as outcome) o
       where s.asset_id = $1::uuid`,
      [assetId],
    );
    await ctx.sql('analyze entry_windows; analyze window_scores; analyze window_votes; analyze vote_scores');
    return { method: 'GET', path: `/api/trading/track-record?asset_id=${assetId}&timeframe_id=${timeframeId}&limit=20`, headers: { cookie: admin.cookie } };
  },
  targets: [ratioAtLeast(0.5)],
});
