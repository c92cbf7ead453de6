import { performance } from 'node:perf_hooks';
import { defineScenario, metricWithinFactor } from '../lib/scenario.ts';
import { postJson } from '../lib/post-json.ts';
import { benchPair } from './track-record-1-10k-calls.ts';

/** 7,693 windows x 13 votes = 100,009 votes. */
const WINDOWS = 7_693;

/**
 * Issue 32's benchmark (decision 072): 100,009 votes in 7,693 closed windows of one pair, no prices;
 * the admin imports a CSV of one candle per window close (and the newest horizon), which stores the
 * candles and scores every window and vote the candles price (POST /api/admin/market/prices/import,
 * commit). Timed, one round each:
 *   joinMs    one SQL join over the same rows: every vote with the price at its close and at its
 *             horizon (the latest candle at or before, no older than one timeframe) and its verdict;
 *   importMs  the import: candles, audit, and the scoring of 7,693 windows and 100,009 votes.
 * Target (the issue's): importMs within 3x of joinMs. The pair is removed afterwards.
 */
export const scenario = defineScenario({
  kind: 'timed',
  name: 'track-record-score-100k',
  description: 'Scoring 100,009 votes after a price import vs one SQL join over the same rows',
  run: async (ctx) => {
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Scoring Bench Admin' });
    const { assetId } = await benchPair(ctx, 'SCORE100K', 'SCR-H1', WINDOWS);
    await ctx.sql('analyze entry_windows; analyze window_votes');
    const { rows } = await ctx.sql(`select closed_at from entry_windows where asset_id = $1::uuid order by closed_at`, [assetId]);
    const closes = (rows as { closed_at: Date }[]).map((row) => new Date(row.closed_at));
    const times = [...closes, new Date(closes.at(-1)!.getTime() + 3_600_000)];
    const lines = ['asset,time,open,high,low,close'];
    for (const [i, time] of times.entries()) {
      const close = (1.1 + (((i * 37) % 21) - 10) / 1000).toFixed(4);
      lines.push(`SCORE100K,${time.toISOString()},${close},${close},${close},${close}`);
    }
    const votes = WINDOWS * 13;

    const startImport = performance.now();
    const imported = await postJson(ctx, '/api/admin/market/prices/import', admin.cookie, { csv: lines.join('\n'), mode: 'commit', source: 'bench' });
    const importMs = performance.now() - startImport;
    if (imported.status !== 200) throw new Error(`import answered ${imported.status}: ${imported.text.slice(0, 300)}`);
    const rescored = (JSON.parse(imported.text) as { rescored: { windows: number; votes: number } }).rescored;
    if (rescored.votes !== votes) throw new Error(`the import scored ${rescored.votes} votes, expected ${votes}`);

    const startJoin = performance.now();
    const { rows: joined } = await ctx.sql(
      `select count(*) filter (where v.bias = case when (ph.close - pc.close) * 10000 > 3 * pc.close then 'long'
                                                  when (ph.close - pc.close) * 10000 < -3 * pc.close then 'short' else 'neutral' end)::int as hits,
              count(*)::int as votes
       from window_votes v join entry_windows w on w.id = v.window_id
       join lateral (select p.close from market_prices p where p.asset_id = w.asset_id and p.time <= w.closed_at and p.time >= w.closed_at - interval '1 hour' order by p.time desc limit 1) pc on true
       join lateral (select p.close from market_prices p where p.asset_id = w.asset_id and p.time <= w.closed_at + interval '1 hour' and p.time >= w.closed_at order by p.time desc limit 1) ph on true
       where w.asset_id = $1::uuid`,
      [assetId],
    );
    const joinMs = performance.now() - startJoin;
    const join = joined[0] as { hits: number; votes: number };
    ctx.log(`scoring bench: import ${importMs.toFixed(0)} ms (${rescored.windows} windows, ${rescored.votes} votes scored), one join ${joinMs.toFixed(0)} ms (${join.votes} votes)`);

    await ctx.sql(`delete from trading_assets where id = $1::uuid`, [assetId]);
    await ctx.sql(`delete from trading_timeframes where code = 'SCR-H1'`);
    return { importMs, joinMs, votes: rescored.votes, windows: rescored.windows, joinedVotes: join.votes };
  },
  targets: [metricWithinFactor('importMs', 'joinMs', 3)],
});
