import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';

/** The band in force for one asset class and timeframe (the domain's `neutralBandBps`, computed by the caller). */
export type BandInForce = { assetClass: string; timeframeId: string; bandBps: number };

/**
 * Scores the given closed windows and every vote in them in the database, set-based, by the rule
 * of decision 062 that `marketMove`, `outcomeOf` and `brierTenThousandths` (packages/domain,
 * trading/track-record.ts) state and that the agreement test compares row by row
 * (scoring-sql-agreement.test.ts); decision 076 says why it is SQL:
 *
 * - the price at an instant T is the close of the latest candle at or before T and no older than
 *   one timeframe (`priceAt`): the latest candle in [T - tf, T];
 * - horizon = closed_at + the timeframe's length; the price at the horizon is only looked for once
 *   the horizon is at or before `now` (the price at close always is, as `marketMove` does);
 * - the change in hundredths of a bp, (to - from) x 10^6 / from rounded half away from zero
 *   (`changeHundredthsBps`): integer quotient and remainder on exact numerics;
 * - the direction on exact integers (`marketDirection`): (to - from) x 10000 against band x from,
 *   both edges inside the band; numeric, because a price of 9 x 10^15 units times 10^4 overflows bigint;
 * - a window's outcome is null without a confirmed bias, awaiting without a direction, else hit
 *   or miss (`outcomeOf`); a vote's likewise from its bias, with the Brier score
 *   (confidence - 100 x hit)^2 (`brierTenThousandths`), null while awaiting;
 * - the band is the caller's table of bands in force (asset class x timeframe), computed by the
 *   domain's `neutralBandBps` (the admin's override or `defaultNeutralBandBps`): one source.
 *
 * Only rows that differ from the stored ones are written (`is distinct from` on the fields
 * `sameWindowScore` compared: band, bias, both prices with their candle times, change, outcome;
 * a vote's outcome and Brier), so re-scoring with the same prices writes nothing. Answers how
 * many window and vote rows were written. Windows that are not closed are skipped.
 */
export async function scoreWindowsInDatabase(db: DbOrTx, input: { windowIds: readonly string[]; bands: readonly BandInForce[]; now: Date }): Promise<{ windows: number; votes: number }> {
  const now = input.now.toISOString();
  const result = await db.execute(sql`
    with bands (asset_class, timeframe_id, band_bps) as (
      select * from unnest(${sql.param(input.bands.map((band) => band.assetClass))}::text[],
                           ${sql.param(input.bands.map((band) => band.timeframeId))}::uuid[],
                           ${sql.param(input.bands.map((band) => band.bandBps))}::int[])
    ),
    asked (id) as (select distinct unnest(${sql.param([...input.windowIds])}::uuid[])),
    windows as materialized (
      select w.id, w.asset_id, w.timeframe_id, w.closed_at, w.confirmed_bias, b.band_bps,
             make_interval(mins => tf.minutes) as span,
             w.closed_at + make_interval(mins => tf.minutes) as horizon_at
      from asked
      join entry_windows w on w.id = asked.id
      join trading_timeframes tf on tf.id = w.timeframe_id
      join trading_assets a on a.id = w.asset_id
      join bands b on b.asset_class = a.asset_class and b.timeframe_id = w.timeframe_id
      where w.status = 'closed' and w.closed_at is not null
    ),
    priced as (
      select w.*, pc.close as price_at_close, pc.time as price_at_close_time, ph.close as price_at_horizon, ph.time as price_at_horizon_time
      from windows w
      left join lateral (
        select p.close, p.time from market_prices p
        where p.asset_id = w.asset_id and p.time <= w.closed_at and p.time >= w.closed_at - w.span
        order by p.time desc limit 1
      ) pc on true
      left join lateral (
        select p.close, p.time from market_prices p
        where w.horizon_at <= ${now}::timestamptz and p.asset_id = w.asset_id and p.time <= w.horizon_at and p.time >= w.horizon_at - w.span
        order by p.time desc limit 1
      ) ph on true
    ),
    moved as materialized (
      select priced.*, move.direction, move.change_hundredths_bps
      from priced
      cross join lateral (
        select (priced.price_at_horizon - priced.price_at_close)::numeric as gap, priced.price_at_close::numeric as base
      ) n
      cross join lateral (
        select
          case
            when priced.price_at_close is null or priced.price_at_horizon is null then null
            when n.gap * 10000 > priced.band_bps * n.base then 'long'
            when n.gap * 10000 < -priced.band_bps * n.base then 'short'
            else 'neutral'
          end as direction,
          case
            when priced.price_at_close is null or priced.price_at_horizon is null then null
            else (div(n.gap * 1000000, n.base)
                  + case when abs(mod(n.gap * 1000000, n.base)) * 2 >= n.base then sign(n.gap) else 0 end)::int
          end as change_hundredths_bps
      ) move
    ),
    window_rows as (
      insert into window_scores (window_id, asset_id, timeframe_id, closed_at, horizon_at, band_bps, confirmed_bias, price_at_close, price_at_close_time,
                                 price_at_horizon, price_at_horizon_time, change_hundredths_bps, outcome, scored_at)
      select id, asset_id, timeframe_id, closed_at, horizon_at, band_bps, confirmed_bias, price_at_close, price_at_close_time,
             price_at_horizon, price_at_horizon_time, change_hundredths_bps,
             case when confirmed_bias is null then null when direction is null then 'awaiting_prices' when confirmed_bias = direction then 'hit' else 'miss' end,
             ${now}::timestamptz
      from moved
      on conflict (window_id) do update set
        band_bps = excluded.band_bps, confirmed_bias = excluded.confirmed_bias, price_at_close = excluded.price_at_close,
        price_at_close_time = excluded.price_at_close_time, price_at_horizon = excluded.price_at_horizon,
        price_at_horizon_time = excluded.price_at_horizon_time, change_hundredths_bps = excluded.change_hundredths_bps,
        outcome = excluded.outcome, scored_at = excluded.scored_at
      where (window_scores.band_bps, window_scores.confirmed_bias, window_scores.price_at_close, window_scores.price_at_close_time,
             window_scores.price_at_horizon, window_scores.price_at_horizon_time, window_scores.change_hundredths_bps, window_scores.outcome)
        is distinct from
            (excluded.band_bps, excluded.confirmed_bias, excluded.price_at_close, excluded.price_at_close_time,
             excluded.price_at_horizon, excluded.price_at_horizon_time, excluded.change_hundredths_bps, excluded.outcome)
      returning 1
    ),
    vote_rows as (
      insert into vote_scores (vote_id, window_id, outcome, brier_e4, scored_at)
      select v.id, v.window_id, verdict.outcome,
             case verdict.outcome when 'hit' then (v.confidence - 100) * (v.confidence - 100) when 'miss' then v.confidence * v.confidence end,
             ${now}::timestamptz
      from moved m
      join window_votes v on v.window_id = m.id
      cross join lateral (
        select case when m.direction is null then 'awaiting_prices' when v.bias = m.direction then 'hit' else 'miss' end as outcome
      ) verdict
      on conflict (vote_id) do update set outcome = excluded.outcome, brier_e4 = excluded.brier_e4, scored_at = excluded.scored_at
      where (vote_scores.outcome, vote_scores.brier_e4) is distinct from (excluded.outcome, excluded.brier_e4)
      returning 1
    )
    select (select count(*) from window_rows)::int as windows, (select count(*) from vote_rows)::int as votes`);
  const [row] = (result as unknown as { rows: { windows: number | string; votes: number | string }[] }).rows;
  return { windows: Number(row?.windows ?? 0), votes: Number(row?.votes ?? 0) };
}
