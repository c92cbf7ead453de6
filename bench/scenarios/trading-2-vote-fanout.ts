import { resolve } from 'node:path';
import WebSocket from 'ws';
import { MAX_SOCKETS_PER_SESSION } from '../../apps/server/src/modules/live/live-hub.ts';
import { startChild } from '../lib/child-process.ts';
import type { BenchContext, BenchUser } from '../lib/scenario.ts';
import { defineScenario, metricWithinFactor } from '../lib/scenario.ts';
import { ensureTradingData, givePlan } from './trading-1-grid.ts';

const SOCKETS = 1000;
// One session may hold MAX_SOCKETS_PER_SESSION sockets (docs/decisions/023): enough subscribers
// that each of their sessions holds exactly that many.
const SUBSCRIBERS = SOCKETS / MAX_SOCKETS_PER_SESSION;
const RUNS = 7;

/** waitAll resolves with the arrival times (performance.now()) of the first and the last matching message. */
type Listener = { sockets: WebSocket[]; waitAll: (matches: (text: string) => boolean, timeoutMs?: number) => Promise<{ first: number; last: number }> };

/** Opens `count` sockets spread over `cookies` (undefined: no cookie) and resolves once all are open. */
async function openSockets(url: string, cookies: (string | undefined)[], count: number): Promise<Listener> {
  const sockets: WebSocket[] = [];
  let pending: { matches: (text: string) => boolean; remaining: Set<WebSocket>; first: number | undefined; done: (first: number, last: number) => void } | undefined;
  for (let i = 0; i < count; i++) {
    const cookie = cookies[i % cookies.length];
    const socket = new WebSocket(url, { headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    socket.on('message', (data) => {
      if (!pending || !pending.remaining.has(socket)) return;
      if (!pending.matches(String(data))) return;
      const at = performance.now();
      pending.first ??= at;
      pending.remaining.delete(socket);
      if (pending.remaining.size === 0) pending.done(pending.first, at);
    });
    sockets.push(socket);
  }
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((done, fail) => {
          socket.once('open', () => done());
          socket.once('error', fail);
          socket.once('unexpected-response', (_request, response) => fail(new Error(`socket refused: HTTP ${response.statusCode}`)));
        }),
    ),
  );
  return {
    sockets,
    waitAll: (matches, timeoutMs = 15_000) =>
      new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`only ${SOCKETS - (pending?.remaining.size ?? 0)} of ${SOCKETS} sockets received the message`)), timeoutMs);
        pending = {
          matches,
          remaining: new Set(sockets),
          first: undefined,
          done: (first, last) => {
            clearTimeout(timer);
            pending = undefined;
            done({ first, last });
          },
        };
      }),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function measure(ctx: BenchContext): Promise<Record<string, number>> {
  const { traders } = await ensureTradingData(ctx);
  const subscribers: BenchUser[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const user = await ctx.createUser({ roles: ['subscriber'], name: `Bench Viewer ${i + 1}` });
    await givePlan(ctx, user);
    subscribers.push(user);
  }
  const pairs = (
    await ctx.sql(
      `select a.id as asset_id, t.id as timeframe_id from trading_assets a cross join trading_timeframes t
       where t.code = 'W4' order by a.symbol limit $1`,
      [RUNS],
    )
  ).rows as { asset_id: string; timeframe_id: string }[];

  const appSockets = await openSockets(`${ctx.baseUrl.replace('http', 'ws')}/ws`, subscribers.map((s) => s.cookie), SOCKETS);
  const bare = await startChild(resolve(import.meta.dirname, '../lib/ws-broadcast-process.ts'));
  const bareSockets = await openSockets(`${bare.url.replace('http', 'ws')}/ws`, [undefined], SOCKETS);
  ctx.log(`trading fan-out: ${SOCKETS} subscriber sockets on the app and ${SOCKETS} on a bare ws server`);
  const appTimes: number[] = [];
  const appSpreads: number[] = [];
  const voteResponseTimes: number[] = [];
  const bareTimes: number[] = [];
  const bareSpreads: number[] = [];
  try {
    for (const [run, pair] of pairs.entries()) {
      // App: a trader's vote, from the POST to the last subscriber socket holding trading_compass_update.
      const opened = await post(`${ctx.baseUrl}/api/trading/windows/open`, { asset_id: pair.asset_id, timeframe_id: pair.timeframe_id }, traders[0]!.cookie);
      if (opened.status !== 201) throw new Error(`opening a window answered ${opened.status}: ${await opened.text()}`);
      const windowId = ((await opened.json()) as { window: { id: string } }).window.id;
      await new Promise((done) => setTimeout(done, 300));
      const marker = (text: string) => text.includes('"kind":"trading_compass_update"') && text.includes('"reason":"vote"') && text.includes(pair.asset_id) && text.includes(pair.timeframe_id);
      const arrived = appSockets.waitAll(marker);
      const start = performance.now();
      const voted = await post(`${ctx.baseUrl}/api/trading/windows/${windowId}/vote`, { bias: 'long', confidence: 60 }, traders[1 + (run % 12)]!.cookie);
      voteResponseTimes.push(performance.now() - start);
      if (voted.status !== 201) throw new Error(`the vote answered ${voted.status}: ${await voted.text()}`);
      const app = await arrived;
      appTimes.push(app.last - start);
      appSpreads.push(app.last - app.first);

      // Bare: one message of the same size, from the POST to the last socket.
      const sample = JSON.stringify({ id: run, kind: 'trading_compass_update', payload: { reason: 'vote', asset_id: pair.asset_id, asset_symbol: 'BENCH1', timeframe_id: pair.timeframe_id, timeframe_code: 'W4', at: new Date().toISOString() } });
      const bareArrived = bareSockets.waitAll((text) => text === sample);
      const bareStart = performance.now();
      const sent = await post(`${bare.url}/broadcast`, sample);
      if (sent.status !== 204) throw new Error(`bare broadcast answered ${sent.status}`);
      const bareRun = await bareArrived;
      bareTimes.push(bareRun.last - bareStart);
      bareSpreads.push(bareRun.last - bareRun.first);
      await new Promise((done) => setTimeout(done, 300));
    }
  } finally {
    for (const socket of [...appSockets.sockets, ...bareSockets.sockets]) socket.terminate();
    await bare.stop();
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    voteToLastSocketMs: round(median(appTimes)),
    bareBroadcastMs: round(median(bareTimes)),
    voteResponseMs: round(median(voteResponseTimes)),
    // First to last socket: the fan-out itself, without the vote's transaction before it.
    appFirstToLastMs: round(median(appSpreads)),
    bareFirstToLastMs: round(median(bareSpreads)),
    sockets: SOCKETS,
    runs: appTimes.length,
  };
}

/** Issue 7: a vote reaches 1,000 subscriber screens within 2x of a bare ws broadcast of one message. */
export const scenario = defineScenario({
  kind: 'timed',
  name: 'trading-vote-fanout',
  description: `POST a vote -> the last of ${SOCKETS} subscriber sockets holds trading_compass_update (median of ${RUNS}), vs a bare ws broadcast to ${SOCKETS} sockets`,
  run: measure,
  targets: [metricWithinFactor('voteToLastSocketMs', 'bareBroadcastMs', 2)],
});
